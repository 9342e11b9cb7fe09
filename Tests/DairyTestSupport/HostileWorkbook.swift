import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// Workbooks made in a test, byte for byte: parts stored (not deflated) in a ZIP archive whose
/// directory the test may bend (entries pointing at one another's bytes, local headers naming
/// another part), so that a hostile case needs no fixture file.
///
/// ```swift
/// let path = try HostileWorkbook.file("merges.xlsx", sheets: [("Data", HostileWorkbook.sheet(
///   rows: ["<c r=\"A1\"><v>1</v></c>"], merges: ["A1:B1"]))])
/// ```
package enum HostileWorkbook {
  package static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
  package static let relationships =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

  /// A ZIP entry: its name and bytes, and the name its local header gives (the same unless a
  /// test says otherwise).
  package struct Entry {
    package var name: String
    package var bytes: [UInt8]
    package var localName: String?
  }

  /// A sheet part: `rows` (each the cells of a `<row>`, numbered from 1), then `merges`.
  package static func sheet(rows: [String], merges: [String] = []) -> String {
    var xml = "<worksheet xmlns=\"\(main)\"><sheetData>"
    for (index, cells) in rows.enumerated() { xml += "<row r=\"\(index + 1)\">\(cells)</row>" }
    xml += "</sheetData>"
    if !merges.isEmpty {
      xml += "<mergeCells count=\"\(merges.count)\">"
      for range in merges { xml += "<mergeCell ref=\"\(range)\"/>" }
      xml += "</mergeCells>"
    }
    return xml + "</worksheet>"
  }

  /// The parts of a workbook of `sheets` (name, sheet part XML, state), and `strings` shared.
  package static func parts(
    sheets: [(name: String, xml: String, state: String?)], strings: [String] = []
  ) -> [Entry] {
    var listed = ""
    var targets = ""
    var entries: [Entry] = []
    for (index, sheet) in sheets.enumerated() {
      let state = sheet.state.map { " state=\"\($0)\"" } ?? ""
      listed +=
        "<sheet name=\"\(sheet.name)\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"\(state)/>"
      targets +=
        "<Relationship Id=\"rId\(index + 1)\" Type=\"\(relationships)/worksheet\" "
        + "Target=\"worksheets/sheet\(index + 1).xml\"/>"
      entries.append(
        Entry(name: "xl/worksheets/sheet\(index + 1).xml", bytes: Array(sheet.xml.utf8)))
    }
    if !strings.isEmpty {
      targets +=
        "<Relationship Id=\"rIdS\" Type=\"\(relationships)/sharedStrings\" "
        + "Target=\"sharedStrings.xml\"/>"
      let items = strings.map { "<si><t>\($0)</t></si>" }.joined()
      entries.append(
        Entry(
          name: "xl/sharedStrings.xml", bytes: Array("<sst xmlns=\"\(main)\">\(items)</sst>".utf8)))
    }
    let workbook =
      "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationships)\"><sheets>\(listed)</sheets></workbook>"
    let rels =
      "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
      + "\(targets)</Relationships>"
    return [
      Entry(name: "xl/workbook.xml", bytes: Array(workbook.utf8)),
      Entry(name: "xl/_rels/workbook.xml.rels", bytes: Array(rels.utf8)),
    ] + entries
  }

  /// A stored ZIP archive of `entries`; `aliases` adds directory entries (name, the index of the
  /// entry whose local header and bytes they point at).
  package static func zip(_ entries: [Entry], aliases: [(String, Int)] = []) -> [UInt8] {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    var offsets: [Int] = []
    var crcs: [UInt32] = []
    func u16(_ value: Int, _ bytes: inout [UInt8]) {
      bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
    func u32(_ value: Int, _ bytes: inout [UInt8]) {
      u16(value & 0xFFFF, &bytes)
      u16(value >> 16 & 0xFFFF, &bytes)
    }
    for entry in entries {
      var crc = ZipChecksum()
      entry.bytes.withUnsafeBytes { crc.update($0) }
      offsets.append(out.count)
      crcs.append(crc.value)
      let local = Array((entry.localName ?? entry.name).utf8)
      u32(0x0403_4B50, &out)
      u16(20, &out)
      u16(0, &out)
      u16(0, &out)
      u32(0, &out)
      u32(Int(crc.value), &out)
      u32(entry.bytes.count, &out)
      u32(entry.bytes.count, &out)
      u16(local.count, &out)
      u16(0, &out)
      out += local + entry.bytes
    }
    let listed = entries.indices.map { (entries[$0].name, $0) } + aliases
    for (name, index) in listed {
      let entry = entries[index]
      let bytes = Array(name.utf8)
      u32(0x0201_4B50, &directory)
      u16(20, &directory)
      u16(20, &directory)
      u16(0, &directory)
      u16(0, &directory)
      u32(0, &directory)
      u32(Int(crcs[index]), &directory)
      u32(entry.bytes.count, &directory)
      u32(entry.bytes.count, &directory)
      u16(bytes.count, &directory)
      for _ in 0..<4 { u16(0, &directory) }
      u32(0, &directory)
      u32(offsets[index], &directory)
      directory += bytes
    }
    let start = out.count
    out += directory
    u32(0x0605_4B50, &out)
    u32(0, &out)
    u16(listed.count, &out)
    u16(listed.count, &out)
    u32(directory.count, &out)
    u32(start, &out)
    u16(0, &out)
    return out
  }

  /// A sheet part of `rows`: a cell that reads as a number is stored as one, another text as
  /// an inline string, nil as no cell.
  package static func sheet(cells rows: [[String?]]) -> String {
    sheet(
      rows: rows.enumerated().map { line, cells in
        cells.enumerated().compactMap { column, value -> String? in
          guard let value else { return nil }
          let reference = CellReference(column: column, row: line + 1)
          return Double(value) != nil
            ? "<c r=\"\(reference)\"><v>\(value)</v></c>"
            : "<c r=\"\(reference)\" t=\"inlineStr\"><is><t>\(value)</t></is></c>"
        }.joined()
      })
  }

  /// A workbook file `name` of `sheets` (a name, and rows as ``sheet(cells:)`` takes them) in a
  /// temporary folder; its path.
  package static func file(_ name: String, tables sheets: [(String, [[String?]])]) throws
    -> String
  {
    try file(name, sheets: sheets.map { ($0.0, sheet(cells: $0.1), nil) })
  }

  /// A workbook file of `sheets` in a temporary folder; its path.
  package static func file(
    _ name: String, sheets: [(name: String, xml: String, state: String?)], strings: [String] = []
  ) throws -> String {
    try TestSupport.file(name, zip(parts(sheets: sheets, strings: strings)))
  }

  /// Reads every row of every sheet of `path` as `dairy import` does (merged ranges clipped);
  /// the rows filled, or the error.
  package static func importedRows(_ path: String) throws -> [TableRow] {
    let source = try XLSXSource(path: path, options: ImportOptions())
    var rows: [TableRow] = []
    var row = TableRow()
    while try source.nextTable() != nil {
      while try source.nextRow(into: &row) { rows.append(row) }
    }
    return rows
  }
}
