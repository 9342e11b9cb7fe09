import Foundation
import Testing

@testable import DairyKit

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
    var generator = SystemRandomNumberGenerator()
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
      #expect((found != nil) == pairwise, "\(ranges)")
      if let (one, other) = found { #expect(one.overlaps(other)) }
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
}
