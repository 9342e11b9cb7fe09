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

/// A report is read twice (``ImportRun/importReport``): the second reading of a workbook shares
/// the first one's parts and the file it opened.
@Suite("Reading a workbook again")
struct WorkbookReopeningTests {
  /// The text of every cell of the first table's rows, one string a row.
  static func texts(_ source: any TableSource) throws -> [String] {
    _ = try #require(try source.nextTable())
    var row = TableRow()
    var lines: [String] = []
    while try source.nextRow(into: &row) {
      lines.append(row.cells.indices.map { row.string(at: $0) ?? "" }.joined(separator: "|"))
    }
    return lines
  }

  @Test func aSecondReadingReadsTheFileTheFirstOpenedNotOnePutInItsPlace() throws {
    // Given fluidmilk.xlsx opened as a source
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("book.xlsx").path
    let manager = FileManager.default
    try manager.copyItem(atPath: TestSupport.fixture("xlsx/fluidmilk.xlsx"), toPath: path)
    let first = try XLSXSource(path: path)
    let expected = try Self.texts(first)
    // When another workbook takes its name and the source is opened again
    try manager.removeItem(atPath: path)
    try manager.copyItem(
      atPath: TestSupport.fixture("xlsx/annualmilkprodfactors.xlsx"), toPath: path)
    let again = try first.reopened(path: path, options: ImportOptions())
    // Then the second reading gives the first file's rows, from its first
    #expect(try Self.texts(again) == expected)
    #expect(expected.first?.contains("Fluid beverage milk") == true)
  }

  /// Every row of every worksheet of `book`, read by a reader of each sheet `readers` times.
  static func readings(_ book: String, maxRecordedCells: Int, readers: Int = 2) throws
    -> [[SheetRow]]
  {
    var limits = WorkbookLimits()
    limits.maxRecordedCells = maxRecordedCells
    let workbook = try Workbook.open(
      path: TestSupport.fixture("xlsx/\(book).xlsx"), displayName: "\(book).xlsx", limits: limits)
    var readings: [[SheetRow]] = []
    for sheet in workbook.sheets where sheet.kind == .worksheet {
      for _ in 0..<readers {
        let reader = try workbook.reader(forSheet: sheet)
        var rows: [SheetRow] = []
        var row = SheetRow()
        while try reader.next(into: &row) { rows.append(row) }
        readings.append(rows)
        #expect(reader.mergedRanges == (try workbook.reader(forSheet: sheet)).mergedRanges)
      }
    }
    return readings
  }

  @Test(arguments: ["fluidmilk", "annualmilkprodfactors", "milkcowsandprod"])
  func aReplayedSheetGivesTheRowsItsXMLHolds(book: String) throws {
    // Given each sheet read twice: kept whole and replayed, parsed every time, or kept until
    // 100 cells and then parsed again
    let replayed = try Self.readings(book, maxRecordedCells: 1 << 21)
    let parsed = try Self.readings(book, maxRecordedCells: 0)
    let cut = try Self.readings(book, maxRecordedCells: 100)
    // Then every reading gives the same rows, cell for cell (value, format, formula flag)
    #expect(replayed.allSatisfy { !$0.isEmpty })
    #expect(replayed == parsed)
    #expect(cut == parsed)
    for pair in stride(from: 0, to: replayed.count, by: 2) {
      #expect(replayed[pair] == replayed[pair + 1])
    }
  }

  @Test(arguments: ["fluidmilk", "milkcowsandprod"])
  func aReaderAfterTheLastReadingParsesTheSheetAgain(book: String) throws {
    // Given each sheet read, then read for the last time (its recording freed as it goes)
    let workbook = try Workbook.open(
      path: TestSupport.fixture("xlsx/\(book).xlsx"), displayName: "\(book).xlsx")
    func rows(_ reader: SheetReader) throws -> [SheetRow] {
      var rows: [SheetRow] = []
      var row = SheetRow()
      while try reader.next(into: &row) { rows.append(row) }
      return rows
    }
    for sheet in workbook.sheets where sheet.kind == .worksheet {
      let first = try rows(workbook.reader(forSheet: sheet))
      let last = try rows(workbook.reader(forSheet: sheet, lastReading: true))
      // When it is read once more, then every reading gives the same rows
      let after = try rows(workbook.reader(forSheet: sheet))
      #expect(!first.isEmpty)
      #expect(last == first)
      #expect(after == first)
    }
  }

  @Test(arguments: ["features/features", "features/date1904", "features/prefixed"])
  func aSheetWithEveryKindOfCellReplaysAsItParses(book: String) throws {
    // Given sheets of numbers, shared, rich and inline strings, booleans, errors, formulas
    // with and without values, date cells and styles, read twice, kept or parsed again
    let replayed = try Self.readings(book, maxRecordedCells: 1 << 21)
    let parsed = try Self.readings(book, maxRecordedCells: 0)
    // Then the rows are the same
    #expect(replayed == parsed)
    let cells = replayed.flatMap { $0.flatMap(\.cells) }
    #expect(!cells.isEmpty)
    if book == "features/features" {
      let values = cells.map(\.value)
      #expect(values.contains(.bool(true)) && values.contains(.error("#N/A")))
      #expect(values.contains(.string("Rich text")) && values.contains(.number(1.5)))
      #expect(cells.contains { $0.isFormulaWithoutValue })
      #expect(cells.contains { $0.format.isDate })
    }
  }
}
