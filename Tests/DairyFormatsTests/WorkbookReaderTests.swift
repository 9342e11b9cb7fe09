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

/// The reader on the three USDA workbooks of `../shared/data/usda-published` (copied into
/// `Fixtures/xlsx`): every value against openpyxl's reading, and the cells the import relies on.
@Suite("Reading the USDA workbooks")
struct WorkbookReaderTests {
  static let books = ["fluidmilk", "annualmilkprodfactors", "milkcowsandprod"]

  static func open(_ book: String, streaming: Bool = false) throws -> Workbook {
    try Workbook.open(
      path: TestSupport.fixture("xlsx/\(book).xlsx"), displayName: "\(book).xlsx",
      limits: streaming ? streamingEveryPart : .standard)
  }

  /// Limits that stream every part from its own thread, as only large parts are by default.
  static let streamingEveryPart: WorkbookLimits = {
    var limits = WorkbookLimits()
    limits.inMemoryPartBytes = 0
    return limits
  }()

  /// Every row of `sheet`, copied out of the reused row.
  static func rows(_ workbook: Workbook, _ sheet: String) throws -> [SheetRow] {
    let reader = try workbook.reader(forSheet: try #require(workbook.sheet(named: sheet)))
    var rows: [SheetRow] = []
    var row = SheetRow()
    while try reader.next(into: &row) { rows.append(row) }
    return rows
  }

  static func cell(_ rows: [SheetRow], _ name: String) -> SheetCell? {
    let reference = CellReference(name)!
    return rows.first { $0.number == reference.row }?[column: reference.column]
  }

  /// The workbook as `dump-cells.py` writes it from openpyxl's reading.
  static func dump(_ workbook: Workbook) throws -> [String] {
    var lines: [String] = []
    for sheet in workbook.sheets {
      let reader = try workbook.reader(forSheet: sheet)
      var row = SheetRow()
      while try reader.next(into: &row) {
        for cell in row.cells {
          let kindAndValue: String
          switch cell.value {
          case .empty: continue
          case .number(let number):
            kindAndValue = reader.date(of: cell).map { "d\t\($0)" } ?? "n\t\(number)"
          case .string(let text): kindAndValue = "s\t" + JSONText.string(text)
          case .bool(let value): kindAndValue = "b\t\(value ? 1 : 0)"
          case .error(let text): kindAndValue = "e\t\(text)"
          }
          lines.append("\(sheet.name)\t\(cell.reference)\t\(kindAndValue)")
        }
      }
      let merged = reader.mergedRanges.sorted { $0.first < $1.first }
      lines.append("\(sheet.name)\tmerged\t" + merged.map(\.description).joined(separator: " "))
    }
    return lines
  }

  @Test(arguments: books, [false, true])
  func readsEveryValueAsOpenpyxlDoes(_ book: String, streaming: Bool) throws {
    // Given a workbook and openpyxl's reading of it, checked in
    let expected = try String(
      contentsOfFile: TestSupport.fixture("xlsx/\(book).cells.txt"), encoding: .utf8)
    // When every sheet is read
    let lines = try Self.dump(Self.open(book, streaming: streaming))
    // Then every value, its kind and every merged range agree, line for line
    let expectedLines = expected.split(separator: "\n").map(String.init)
    #expect(lines.count == expectedLines.count)
    for (line, expectedLine) in zip(lines, expectedLines) where line != expectedLine {
      Issue.record("\(line)\n  expected \(expectedLine)")
      break
    }
  }

  @Test func fluidMilk() throws {
    // Given fluidmilk.xlsx, one sheet
    let workbook = try Self.open("fluidmilk")
    #expect(workbook.sheets.map(\.name) == ["fluidmilk"])
    #expect(workbook.sheets[0].state == .visible && workbook.sheets[0].kind == .worksheet)
    #expect(!workbook.date1904)
    // When its rows are read
    let rows = try Self.rows(workbook, "fluidmilk")
    // Then all 55 rows and 599 stored cells come, 504 of them with a value
    #expect(rows.map(\.number) == Array(1...55))
    #expect(rows.map(\.cells.count).reduce(0, +) == 599)
    #expect(rows.flatMap(\.cells).filter { $0.value != .empty }.count == 504)
    // The title, and captions with their line breaks and footnote numbers
    #expect(
      Self.cell(rows, "A1")?.value
        == .string("Fluid beverage milk sales quantities by product (million of pounds)"))
    #expect(Self.cell(rows, "F2")?.value == .string("Flavored \nwhole 1"))
    #expect(Self.cell(rows, "J2")?.value == .string("Total 2"))
    // Numbers are the stored doubles; the format says how they were published
    let b44 = try #require(Self.cell(rows, "B44"))
    #expect(b44.value == .number(15241.100000000002))
    #expect(b44.format.code == "#,##0" && b44.format.decimals == 0)
    #expect(Self.cell(rows, "I44")?.format.code == "0")
    let year = try #require(Self.cell(rows, "A3"))
    #expect(year.value == .number(1975) && year.format.decimals == nil && !year.format.isDate)
    #expect(Self.cell(rows, "A55")?.value == .string("Last update: 8/29/2024"))
    // Empty styled cells are stored too, with no value
    #expect(Self.cell(rows, "K48")?.value == .empty)
  }

  @Test func fluidMilkMergedRangesAndLocations() throws {
    let workbook = try Self.open("fluidmilk")
    let reader = try workbook.reader(forSheet: workbook.sheets[0])
    // The merges are known before the first row, in the file's order
    #expect(reader.mergedRanges.map(\.description) == ["A54:J54", "A53:J53", "A52:J52"])
    #expect(
      reader.location(of: CellReference("C14")!).description
        == "fluidmilk.xlsx: sheet 'fluidmilk', cell C14")
  }

  @Test func milkProductionFactors() throws {
    // Given annualmilkprodfactors.xlsx: a three-row header of merged captions
    let workbook = try Self.open("annualmilkprodfactors")
    #expect(workbook.sheets.map(\.name) == ["MPRDFAC"])
    let reader = try workbook.reader(forSheet: workbook.sheets[0])
    let merged = Set(reader.mergedRanges.map(\.description))
    #expect(merged.count == 16)
    #expect(merged.isSuperset(of: ["B2:D2", "A2:A4", "B4:D4", "K2:L2", "A44:N44"]))
    // When its rows are read
    let rows = try Self.rows(workbook, "MPRDFAC")
    // Then the 65 stored rows come; the dimension's A1:N113 is not trusted
    #expect(rows.count == 65 && rows.last?.number == 113)
    #expect(Self.cell(rows, "B2")?.value == .string(" January 1 inventory"))
    #expect(Self.cell(rows, "A2")?.value == .string("Year"))
    #expect(Self.cell(rows, "B4")?.value == .string("thousand"))
    // Formats by column: one decimal, none, two
    let d5 = try #require(Self.cell(rows, "D5"))
    #expect(d5.value == .number(38.65423583870908))
    #expect(d5.format.code == "0.0_)" && d5.format.decimals == 1)
    #expect(Self.cell(rows, "B5")?.format.code == "#,##0_);(#,##0)")
    #expect(Self.cell(rows, "B5")?.format.decimals == 0)
    #expect(Self.cell(rows, "I5")?.value == .number(4.8373566666666665))
    #expect(Self.cell(rows, "I5")?.format.decimals == 2)
    // The last update is a real date in the cell after its caption
    #expect(Self.cell(rows, "M51")?.value == .string("Last update:"))
    let updated = try #require(Self.cell(rows, "N51"))
    #expect(updated.value == .number(43550) && updated.format.isDate)
    #expect(updated.format.id == 14 && updated.format.code == "mm-dd-yy")
    #expect(reader.date(of: updated) == ExcelDate(year: 2019, month: 3, day: 26))
  }

  @Test func milkCowsAndProduction() throws {
    // Given milkcowsandprod.xlsx: a contents sheet and three data sheets
    let workbook = try Self.open("milkcowsandprod")
    #expect(
      workbook.sheets.map(\.name) == ["Contents", "Milk cows", "Milk per cow", "Milk production"])
    #expect(workbook.sheets.map(\.index) == [0, 1, 2, 3])
    #expect(workbook.sheets.map(\.part) == (1...4).map { "xl/worksheets/sheet\($0).xml" })
    // The contents sheet holds only text
    let contents = try Self.rows(workbook, "Contents")
    #expect(contents.map(\.number) == [1, 3, 4, 5, 6, 7, 8])
    #expect(
      contents.flatMap(\.cells).allSatisfy { if case .number = $0.value { false } else { true } })
    // Years across in row 2, as numbers; regions in A, states indented in B; NA as text
    let cows = try Self.rows(workbook, "Milk cows")
    #expect(Self.cell(cows, "C2")?.value == .number(1970))
    #expect(Self.cell(cows, "BD2")?.value == .number(2023))
    #expect(Self.cell(cows, "A4")?.value == .string("Northeast"))
    #expect(Self.cell(cows, "B5")?.value == .string("    Maine"))
    #expect(Self.cell(cows, "AZ73")?.value == .string("NA"))
    let c4 = try #require(Self.cell(cows, "C4"))
    #expect(c4.value == .number(2306.4) && c4.format.decimals == 1)
    #expect(Self.cell(cows, "A76")?.value == .string("United States"))
    // Each year merged over two columns, with the two measures below
    let production = try workbook.reader(forSheet: workbook.sheets[3])
    #expect(production.mergedRanges.count == 60)
    #expect(production.mergedRanges.contains(CellRange("C2:D2")!))
    let rows = try Self.rows(workbook, "Milk production")
    #expect(Self.cell(rows, "D3")?.value == .string("Percent of U.S. milk production"))
    #expect(Self.cell(rows, "D5")?.format.decimals == 2)
    #expect(Self.cell(rows, "C5")?.format.decimals == 0)
    #expect(Self.cell(rows, "C2")?.format.code == #"0_);\(0\)"#)
    #expect(rows.flatMap(\.cells).filter { $0.value == .string("NA") }.count == 20)
  }
}
