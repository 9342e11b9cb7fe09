import DairyModel

/// The relationships of one part (`xl/_rels/workbook.xml.rels` for `xl/workbook.xml`): what its
/// `r:id`s point to, each target resolved to the name of a ZIP entry.
///
/// Targets are URIs relative to the source part's folder (`worksheets/sheet1.xml`), or absolute
/// from the package root (`/xl/worksheets/sheet1.xml`), percent-encoded. A target that climbs
/// above the root is refused; external targets (hyperlinks) are kept but point at no entry.
package struct Relationships {
  package struct Relationship {
    package var id: String
    /// The relationship type's URI; its last segment says what it is (`worksheet`, `styles`).
    package var type: String
    /// The ZIP entry it points to; nil for an external target.
    package var part: String?
    /// The target as the file gives it.
    package var target = ""
  }

  package private(set) var all: [Relationship] = []
  /// The index in `all` of each id's first relationship: a workbook of n sheets looks up n
  /// ids, each in constant time.
  private var byID: [String: Int] = [:]

  package func relationship(id: String) -> Relationship? { byID[id].map { all[$0] } }

  /// The first relationship whose type ends in `/kind` (`officeDocument`, `sharedStrings`).
  package func first(ofKind kind: String) -> Relationship? {
    all.first { $0.type.hasSuffix("/" + kind) }
  }

  /// The name of the part holding the relationships of `part`: `xl/_rels/workbook.xml.rels`.
  package static func partName(for part: String) -> String {
    guard let slash = part.lastIndex(of: "/") else { return "_rels/\(part).rels" }
    return "\(part[...slash])_rels/\(part[part.index(after: slash)...]).rels"
  }

  package static func parse(_ tokenizer: inout XMLTokenizer, source: String) throws -> Relationships
  {
    var relationships = Relationships()
    while true {
      switch try tokenizer.next() {
      case .start where tokenizer.depth == 2 && tokenizer.nameIs("Relationship"):
        guard let id = try tokenizer.attributeString("Id"),
          let target = try tokenizer.attributeString("Target")
        else { throw tokenizer.error("a relationship without its Id or Target") }
        let type = try tokenizer.attributeString("Type") ?? ""
        var part: String?
        if try tokenizer.attributeString("TargetMode") != "External" {
          guard let resolved = resolve(target, from: source) else {
            throw tokenizer.error(
              "relationship \(TextEscaping.visible(id)) points outside the workbook "
                + "('\(TextEscaping.visible(target))')")
          }
          part = resolved
        }
        if relationships.byID[id] == nil { relationships.byID[id] = relationships.all.count }
        relationships.all.append(Relationship(id: id, type: type, part: part, target: target))
      case .endOfDocument:
        return relationships
      default:
        continue
      }
    }
  }

  /// The entry name `target` points to from part `source`; nil when it climbs above the root.
  package static func resolve(_ target: String, from source: String) -> String? {
    var segments: [Substring] = []
    if !target.hasPrefix("/") {
      segments = source.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    }
    let path = target.prefix { $0 != "#" && $0 != "?" }
    for segment in percentDecoded(String(path)).split(separator: "/") {
      if segment == "." { continue }
      if segment == ".." {
        guard segments.popLast() != nil else { return nil }
        continue
      }
      segments.append(segment)
    }
    let name = segments.joined(separator: "/")
    return name.isEmpty ? nil : name
  }

  private static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = HexDigits.value(of: utf8.prefix(2))
      {
        bytes.append(UInt8(value))
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
