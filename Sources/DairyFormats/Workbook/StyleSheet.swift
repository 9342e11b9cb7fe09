import DairyModel

/// The number formats and alignments of the styles part (`xl/styles.xml`): each cell style
/// (`<cellXfs><xf>`, what a cell's `s` attribute counts), the format it shows numbers with and
/// how it places text across the cell.
///
/// Custom formats (`<numFmts>`) override the built-in ones with the same id; an id that is
/// neither is `General`, as Excel reads it.
package struct StyleSheet {
  /// The distinct formats the cell styles use.
  package var formats: [NumberFormat] = [.general]
  /// For each cell style, its format's index in ``formats``.
  package var formatOfStyle: [Int] = []
  /// For each cell style, its horizontal alignment.
  package var alignmentOfStyle: [HorizontalAlignment] = []

  /// The format of cell style `index`, or nil when the workbook has no such style. Style 0 is
  /// `General` even in a workbook without a styles part.
  package func format(ofStyle index: Int) -> NumberFormat? {
    if index < formatOfStyle.count { return formats[formatOfStyle[index]] }
    return index == 0 ? .general : nil
  }

  /// The horizontal alignment of cell style `index` (`general` past the styles read).
  package func alignment(ofStyle index: Int) -> HorizontalAlignment {
    index < alignmentOfStyle.count ? alignmentOfStyle[index] : .general
  }

  package static func parse(_ tokenizer: inout XMLTokenizer) throws -> StyleSheet {
    var custom: [Int: String] = [:]
    var formatIDs: [Int] = []
    var alignments: [HorizontalAlignment] = []
    var section: [UInt8] = []
    while true {
      switch try tokenizer.next() {
      case .start where tokenizer.depth == 2:
        section = Array(tokenizer.localName)
      case .start
      where tokenizer.depth == 3 && tokenizer.nameIs("numFmt")
        && section.elementsEqual("numFmts".utf8):
        guard let id = try tokenizer.attributeInt("numFmtId"),
          let code = try tokenizer.attributeString("formatCode")
        else { throw tokenizer.error("a number format without its numFmtId or formatCode") }
        custom[id] = code
      case .start
      where tokenizer.depth == 3 && tokenizer.nameIs("xf")
        && section.elementsEqual("cellXfs".utf8):
        formatIDs.append(try tokenizer.attributeInt("numFmtId") ?? 0)
        alignments.append(.general)
      case .start
      where tokenizer.depth == 4 && tokenizer.nameIs("alignment")
        && section.elementsEqual("cellXfs".utf8) && !alignments.isEmpty:
        if let horizontal = tokenizer.attribute("horizontal") {
          alignments[alignments.count - 1] = HorizontalAlignment(attribute: horizontal)
        }
      case .endOfDocument:
        var sheet = StyleSheet(ids: formatIDs, custom: custom)
        sheet.alignmentOfStyle = alignments
        return sheet
      default:
        continue
      }
    }
  }

  private init(ids: [Int], custom: [Int: String]) {
    var indexOfID: [Int: Int] = [:]
    for id in ids {
      if indexOfID[id] == nil {
        indexOfID[id] = formats.count
        formats.append(custom[id].map { NumberFormat(id: id, code: $0) } ?? .builtIn(id))
      }
      formatOfStyle.append(indexOfID[id]!)
    }
  }

  package init() {}
}
