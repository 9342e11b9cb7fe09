import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Workbooks small on disk that would cost far more than their size to read (issue 22): each
/// is refused, naming the limit or the fault, or read right, in time and memory linear in the
/// file.
@Suite("Workbooks bounded in memory and time")
struct WorkbookBoundsTests {
  static func readAll(_ path: String) -> String? {
    HostileWorkbookTests.readAll(path)?.description
  }

  static let numbers = "<c r=\"A2\"><v>1</v></c><c r=\"B2\"><v>2</v></c><c r=\"C2\"><v>3</v></c>"

  // MARK: - Merged ranges

  @Test func aThousandWholeSheetMergesAreRefusedAsOverlapping() throws {
    // Given a sheet of one row under 1,000 merged ranges each over the whole sheet
    let merges = Array(repeating: "A1:XFD1048576", count: 1_000)
    let xml = HostileWorkbook.sheet(rows: ["", Self.numbers], merges: merges)
    let path = try HostileWorkbook.file("merges.xlsx", sheets: [("Data", xml, nil)])
    // When it is read, then it is refused at the first cell two ranges share
    #expect(
      Self.readAll(path)
        == "merges.xlsx: sheet 'Data', cell A1: error: merged ranges A1:XFD1048576 and "
        + "A1:XFD1048576 overlap; Excel does not allow that, so the workbook is corrupt "
        + "(repair it in Excel and save it again)")
  }

  @Test func rangesThatOverlapOnlyInACornerAreFound() throws {
    // Given ranges that touch without sharing a cell, and one that shares B4 with one of them
    let merges = ["A1:B2", "C1:D2", "A3:B4", "B4:C5"]
    let xml = HostileWorkbook.sheet(rows: ["", Self.numbers], merges: merges)
    let path = try HostileWorkbook.file("corner.xlsx", sheets: [("Data", xml, nil)])
    #expect(
      Self.readAll(path)
        == "corner.xlsx: sheet 'Data', cell B4: error: merged ranges A3:B4 and B4:C5 overlap; "
        + "Excel does not allow that, so the workbook is corrupt (repair it in Excel and save "
        + "it again)")
  }

  @Test func theSweepFindsAnOverlapExactlyWhenTwoRangesShareACell() {
    // Given random small ranges, checked pair by pair
    var generator = TestSeed.generator()
    for _ in 0..<500 {
      let ranges = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        let column = Int.random(in: 0..<6, using: &generator)
        let row = Int.random(in: 1...6, using: &generator)
        return CellRange(
          first: CellReference(column: column, row: row),
          last: CellReference(
            column: column + Int.random(in: 0..<3, using: &generator),
            row: row + Int.random(in: 0..<3, using: &generator)))
      }
      let pairwise = ranges.indices.contains { a in
        ranges.indices.contains { b in a < b && ranges[a].overlaps(ranges[b]) }
      }
      // Then the sweep agrees, and the pair it names does overlap
      let found = MergedRangeCursor.firstOverlap(in: ranges)
      #expect((found != nil) == pairwise, "\(ranges); \(TestSeed.replay)")
      if let (one, other) = found { #expect(one.overlaps(other), "\(TestSeed.replay)") }
    }
  }

  @Test func aWholeSheetMergeIsClippedToTheCellsTheSheetHolds() throws {
    // Given a title over the whole sheet and 20,000 small merges, none overlapping, over rows
    // of three numbers
    var rows = ["<c r=\"A1\" t=\"inlineStr\"><is><t>Title</t></is></c>"]
    var merges = ["A1:XFD1"]
    for row in 2...20_001 {
      rows.append(Self.numbers.replacingOccurrences(of: "2\"", with: "\(row)\""))
      merges.append("A\(row):B\(row)")
    }
    let xml = HostileWorkbook.sheet(rows: rows, merges: merges)
    let path = try HostileWorkbook.file("clipped.xlsx", sheets: [("Data", xml, nil)])
    // When it is read as the import reads it
    let read = try HostileWorkbook.importedRows(path)
    // Then every row is three columns wide, the title spans them, and each row's merge is
    // found at its cells
    #expect(read.count == 20_001)
    #expect(read.allSatisfy { $0.count == 3 })
    #expect(read[0].merges.map(\.cell) == [0, 1, 2] && read[0].merge(at: 2)?.columns == 3)
    let last = read[20_000]
    #expect(last.merge(at: 0)?.columns == 2 && last.merge(at: 1)?.anchor.column == 0)
    #expect(last.merge(at: 2) == nil)
  }

  // MARK: - ZIP entries

  @Test func fiveHundredEntriesPointingAtOnePartAreRefused() throws {
    // Given a workbook whose directory lists 500 more entries, all at sheet1's bytes
    let parts = HostileWorkbook.parts(sheets: [
      ("Data", HostileWorkbook.sheet(rows: [Self.numbers]), nil)
    ])
    let aliases = (0..<500).map { ("xl/worksheets/copy\($0).xml", 2) }
    let path = try TestSupport.file("aliases.xlsx", HostileWorkbook.zip(parts, aliases: aliases))
    // Then it is refused when opened, naming two of them
    #expect(
      Self.readAll(path)
        == "aliases.xlsx: error: the ZIP entries 'xl/worksheets/sheet1.xml' and "
        + "'xl/worksheets/copy0.xml' overlap (they share bytes of the file); the file was not "
        + "made by a spreadsheet program and is not read")
  }

  @Test func aLocalHeaderNamingAnotherPartIsRefused() throws {
    // Given a sheet whose local header names another part than the directory does
    var parts = HostileWorkbook.parts(
      sheets: [("Data", HostileWorkbook.sheet(rows: [Self.numbers]), nil)])
    parts[2].localName = "xl/worksheets/sheet9.xml"
    let path = try TestSupport.file("renamed.xlsx", HostileWorkbook.zip(parts))
    // Then it is refused when the sheet is read
    #expect(
      Self.readAll(path)
        == "renamed.xlsx: sheet 'Data', xl/worksheets/sheet1.xml: error: is corrupt: its ZIP "
        + "local header names it 'xl/worksheets/sheet9.xml', not as the ZIP directory does")
  }

  // MARK: - Rows above the data

  /// A sheet of `rows` rows of text (each of `cells` inline strings of `length` characters),
  /// then, if `number`, a row holding a number.
  static func textAboveData(rows: Int, cells: Int, length: Int, number: Bool) -> String {
    let text = String(repeating: "x", count: length)
    let cell = "<c t=\"inlineStr\"><is><t>\(text)</t></is></c>"
    let row = String(repeating: cell, count: cells)
    var all = Array(repeating: row, count: rows)
    if number { all.append("<c><v>1975</v></c><c><v>1.5</v></c>") }
    return HostileWorkbook.sheet(rows: all)
  }

  @Test func moreRowsAboveTheDataThanTheLimitAreRefused() throws {
    // Given 10,001 rows of text above the first number
    let xml = Self.textAboveData(rows: 10_001, cells: 1, length: 4, number: true)
    let path = try HostileWorkbook.file("tall.xlsx", sheets: [("Data", xml, nil)])
    // When it is imported, then it is refused at the row past the limit
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(
      error?.description
        == "\(path): sheet 'Data', cell A10001: error: more than 10000 rows above the sheet's "
        + "first number, the limit for a sheet's header")
    #expect(error?.exitCode == 65)
  }

  @Test func moreBytesAboveTheDataThanTheLimitAreRefusedWhereTheyPassIt() throws {
    // Given 5,000 cells of 1,000 characters above the first number: 5 MB of text
    let xml = Self.textAboveData(rows: 5, cells: 1_000, length: 1_000, number: true)
    let path = try HostileWorkbook.file("wide.xlsx", sheets: [("Data", xml, nil)])
    // When it is imported, then it is refused at the cell that passes 4 MiB (a cell costs
    // its text and 64 bytes)
    let passing = (4 << 20) / (1_000 + WorkbookLimits.cellBytesAboveData)
    let cell = CellReference(column: passing % 1_000, row: passing / 1_000 + 1)
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(
      error?.description
        == "\(path): sheet 'Data', cell \(cell): error: more than 4 MiB of cells above the "
        + "sheet's first number, the limit for a sheet's header")
  }

  @Test func aSheetOfTextPastTheLimitWithoutANumberIsSkipped() throws {
    // Given the same text with no number under it, beside a sheet of data
    let text = Self.textAboveData(rows: 5, cells: 1_000, length: 1_000, number: false)
    let data = HostileWorkbook.sheet(rows: [
      "<c t=\"inlineStr\"><is><t>Year</t></is></c><c t=\"inlineStr\"><is><t>Milk</t></is></c>",
      "<c><v>1975</v></c><c><v>1.5</v></c>",
    ])
    let path = try HostileWorkbook.file(
      "notes.xlsx", sheets: [("Notes", text, nil), ("Data", data, nil)])
    // When it is imported, then the notes are skipped as a sheet without data
    let summary = try DairyDatabase.inMemory().importFiles([path], options: ImportOptions())
    #expect(summary.datasets.map(\.name) == ["notes.data"])
    #expect(summary.warnings.contains { $0.contains("sheet 'Notes': skipped: no data block") })
  }

  @Test func theRecordingOfASheetStopsAtItsTextBytes() {
    // Given a recording that keeps 100 bytes of text (16 a text, and its UTF-8)
    let recording = SheetRecording(part: "p", maxCells: 1_000, maxTextBytes: 100)
    let long = SheetCell(
      reference: CellReference(column: 0, row: 1),
      value: .string(
        String(repeating: "x", count: 80)))
    recording.append(SheetRow(number: 1, cells: [long]))
    #expect(!recording.isAbandoned)
    // When a second text passes them, then it is abandoned
    recording.append(SheetRow(number: 2, cells: [long]))
    #expect(recording.isAbandoned)
  }

  // MARK: - Many sheets

  @Test func aWorkbookOfAThousandSheetsImportsEachAsADataset() throws {
    // Given 1,000 sheets of a year and an amount
    let xml = HostileWorkbook.sheet(rows: [
      "<c t=\"s\"><v>0</v></c><c t=\"s\"><v>1</v></c>", "<c><v>1975</v></c><c><v>1.5</v></c>",
    ])
    let sheets = (1...1_000).map { (name: "S\($0)", xml: xml, state: String?.none) }
    let path = try HostileWorkbook.file("many.xlsx", sheets: sheets, strings: ["Year", "Milk"])
    // When it is imported, then each sheet is a dataset of one section
    let summary = try DairyDatabase.inMemory().importFiles([path], options: ImportOptions())
    #expect(summary.datasets.count == 1_000)
    #expect(summary.datasets.last?.name == "many.s1000" && summary.observations == 1_000)
  }

  @Test func sheetsSharingAPartAreRefused() throws {
    // Given 9,000 sheets all pointing at one part, as a 90 KB file can
    var parts = HostileWorkbook.parts(
      sheets: [("S1", HostileWorkbook.sheet(rows: ["<c><v>1</v></c>"]), nil)])
    let listed = (1...9_000).map {
      "<sheet name=\"S\($0)\" sheetId=\"\($0)\" r:id=\"rId1\"/>"
    }.joined()
    parts[0].bytes = Array(
      ("<workbook xmlns=\"\(HostileWorkbook.main)\" "
        + "xmlns:r=\"\(HostileWorkbook.relationships)\"><sheets>\(listed)</sheets></workbook>")
        .utf8)
    let path = try TestSupport.file("shared.xlsx", HostileWorkbook.zip(parts))
    // Then it is refused when opened, at the second sheet
    #expect(
      Self.readAll(path)
        == "shared.xlsx: sheet 'S2': error: its part xl/worksheets/sheet1.xml is sheet 'S1''s "
        + "too; each sheet of a workbook has a part of its own, so the file is corrupt")
  }

  @Test func sheetsOfOneSlugAreNumberedInTurn() {
    // Given 20,000 sheets whose names all make the slug "a": "a" and punctuation
    let marks = Array("!#$%&()*+,-./:;<=>?@[]")
    let sheets = (0..<20_000).map { index in
      var name = "a"
      var rest = index
      while rest > 0 {
        name.append(marks[rest % marks.count])
        rest /= marks.count
      }
      return WorkbookSheet(
        name: name, index: index, state: .visible, kind: .worksheet, part: "p")
    }
    // Then they are numbered in turn
    let suffixes = WorkbookSheet.datasetSuffixes(sheets)
    #expect(suffixes[0] == ".a" && suffixes[1] == ".a-2" && suffixes[19_999] == ".a-20000")
  }

  // MARK: - Messages

  @Test func aWorkbookWhoseSheetsAreAllHiddenSaysHowToReadOne() throws {
    let xml = HostileWorkbook.sheet(rows: ["<c><v>1</v></c>"])
    let path = try HostileWorkbook.file(
      "hidden.xlsx", sheets: [("Secret", xml, "hidden"), ("Old", xml, "veryHidden")])
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(
      error?.description
        == "\(path): error: no sheet to read: every worksheet is hidden ('Secret', 'Old'); "
        + "read one by naming it: --sheet 'Secret'")
  }

  @Test(
    arguments: [
      ([0x3C, 0x00, 0x3F, 0x00], "UTF-16 (little-endian) without a byte-order mark"),
      ([0x00, 0x3C, 0x00, 0x3F], "UTF-16 (big-endian) without a byte-order mark"),
      ([0xFF, 0xFE, 0x3C, 0x00], "UTF-16 (little-endian, with a byte-order mark)"),
      ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian, with a byte-order mark)"),
      ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian, with a byte-order mark)"),
      ([0x3C, 0x00, 0x00, 0x00], "UTF-32 (little-endian) without a byte-order mark"),
      ([0x00, 0x00, 0x00, 0x3C], "UTF-32 (big-endian) without a byte-order mark"),
    ] as [([UInt8], String)])
  func aPartInAWideEncodingIsNamedByIt(_ head: [UInt8], _ encoding: String) throws {
    // Given a workbook part that starts with these bytes
    var parts = HostileWorkbook.parts(sheets: [("Data", HostileWorkbook.sheet(rows: []), nil)])
    parts[0].bytes = head + Array(repeating: 0, count: 8)
    let path = try TestSupport.file("wide.xlsx", HostileWorkbook.zip(parts))
    // Then the error names the encoding and what to do
    #expect(
      Self.readAll(path)
        == "wide.xlsx: xl/workbook.xml, byte 0: error: the XML is \(encoding); dairy reads "
        + "workbook parts in UTF-8, which Excel writes: open the file in Excel and save it "
        + "again as .xlsx")
  }

  @Test func aSheetWhosePartIsOutsideTheWorkbookSaysSo() throws {
    var parts = HostileWorkbook.parts(sheets: [("Data", HostileWorkbook.sheet(rows: []), nil)])
    let rels = String(decoding: parts[1].bytes, as: UTF8.self).replacingOccurrences(
      of: "Target=\"worksheets/sheet1.xml\"",
      with: "Target=\"file:///C:/data/sheet1.xml\" TargetMode=\"External\"")
    parts[1].bytes = Array(rels.utf8)
    let path = try TestSupport.file("external.xlsx", HostileWorkbook.zip(parts))
    #expect(
      Self.readAll(path)
        == "external.xlsx: sheet 'Data': error: its relationship rId1 in "
        + "xl/_rels/workbook.xml.rels points outside the workbook (TargetMode=\"External\", "
        + "'file:///C:/data/sheet1.xml'), so its cells are not in the file; open it in Excel "
        + "and save the sheet into the workbook")
  }
}
