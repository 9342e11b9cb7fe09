@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Builds a stored (uncompressed) ZIP archive with the right checksums, from the parts the fuzz
/// input gives.
enum StoredZip {
  static let partNames = [
    "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/styles.xml",
    "xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml",
  ]

  static let packageRelationships = Array(
    ("<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
      + "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/"
      + "relationships/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>").utf8)

  /// The input's parts: split at each ff 00 ff.
  static func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = [[]]
    var index = 0
    while index < bytes.count {
      if index + 2 < bytes.count && bytes[index] == 0xFF && bytes[index + 1] == 0
        && bytes[index + 2] == 0xFF
      {
        parts.append([])
        index += 3
      } else {
        parts[parts.count - 1].append(bytes[index])
        index += 1
      }
    }
    return parts
  }

  /// A workbook archive: the package relationships, then each part under its name.
  static func workbook(parts: [[UInt8]]) -> [UInt8] {
    archive([("_rels/.rels", packageRelationships)] + zip(partNames, parts).map { ($0, $1) })
  }

  static func archive(_ entries: [(name: String, data: [UInt8])]) -> [UInt8] {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      var crc = ZipChecksum()
      entry.data.withUnsafeBytes { crc.update($0) }
      let name = Array(entry.name.utf8)
      let offset = out.count
      out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le32(0) + le32(crc.value)
      out += le32(entry.data.count) + le32(entry.data.count) + le16(name.count) + le16(0)
      out += name + entry.data
      directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le32(0)
      directory += le32(crc.value) + le32(entry.data.count) + le32(entry.data.count)
      directory += le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
      directory += le32(offset) + name
    }
    let start = out.count
    out += directory
    out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
    out += le32(directory.count) + le32(start) + le16(0)
    return out
  }

  static func le16<T: BinaryInteger>(_ value: T) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }

  static func le32<T: BinaryInteger>(_ value: T) -> [UInt8] {
    le16(value) + le16(value >> 16)
  }
}
