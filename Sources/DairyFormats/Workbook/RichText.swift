import DairyModel

/// Collects the text of a string item: the `<t>` of a shared string (`<si>`) or inline string
/// (`<is>`), or of each of its rich-text runs (`<r><t>`), concatenated. Phonetic runs (`<rPh>`,
/// the reading of East Asian text) are left out, as a spreadsheet shows them.
package struct RichText: ~Copyable {
  package private(set) var bytes = ByteBuffer()
  /// The depth of the `<si>` or `<is>` element; the text lies one or two levels below it.
  private var itemDepth = 0
  private var inRun = false
  private var capturing = false
  /// The part's offset of the item's start tag, for errors.
  package private(set) var offset = 0

  /// Starts a new item whose element is the tokenizer's current start tag.
  package mutating func begin(_ tokenizer: inout XMLTokenizer) {
    bytes.removeAll()
    itemDepth = tokenizer.depth
    offset = tokenizer.tokenOffset
    inRun = false
    capturing = false
  }

  /// Follows one event inside the item. (The tokenizer is `inout` only to be passed by
  /// reference: borrowed, it was copied at each call.)
  package mutating func handle(_ event: XMLTokenizer.Event, _ tokenizer: inout XMLTokenizer) {
    switch event {
    case .start:
      let level = tokenizer.depth - itemDepth
      if level == 1 && tokenizer.nameIs("r") {
        inRun = true
      } else if tokenizer.nameIs("t") && (level == 1 || (level == 2 && inRun)) {
        capturing = true
      }
    case .end:
      if tokenizer.nameIs("t") {
        capturing = false
      } else if tokenizer.nameIs("r") && tokenizer.depth == itemDepth {
        inRun = false
      }
    case .text:
      if capturing { bytes.append(tokenizer.text) }
    case .endOfDocument:
      break
    }
  }

  /// The text, `_xHHHH_` escapes decoded; nil when it is not UTF-8.
  package var string: String? {
    String(validating: bytes.bytes, as: UTF8.self)?.unescapedOOXML
  }
}

extension String {
  /// The text with Office's `_xHHHH_` escapes (ST_Xstring: `_x000D_` is a carriage return,
  /// `_x005F_` an underscore) decoded, as Excel shows it.
  package var unescapedOOXML: String {
    guard utf8.contains(UInt8(ascii: "_")) else { return self }
    var units = Array(utf16)
    var out: [UInt16] = []
    out.reserveCapacity(units.count)
    var index = 0
    while index < units.count {
      if let unit = Self.escapedUnit(units, at: index) {
        out.append(unit)
        index += 7
      } else {
        out.append(units[index])
        index += 1
      }
    }
    units = out
    return String(decoding: units, as: UTF16.self)
  }

  /// The code unit of an `_xHHHH_` escape at `index`, if one starts there.
  private static func escapedUnit(_ units: [UInt16], at index: Int) -> UInt16? {
    guard index + 7 <= units.count, units[index] == 0x5F, units[index + 1] == 0x78,
      units[index + 6] == 0x5F
    else { return nil }
    return HexDigits.value(of: units[index + 2..<index + 6]).map(UInt16.init)
  }
}
