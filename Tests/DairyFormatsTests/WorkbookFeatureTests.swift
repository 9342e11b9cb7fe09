import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Every kind of cell, part and format, on the small workbooks `make-fixtures.py` writes in
/// `Fixtures/xlsx/features`.
@Suite("Workbook cells, parts and formats")
struct WorkbookFeatureTests {
  static func open(_ name: String) throws -> Workbook {
    try Workbook.open(path: TestSupport.fixture("xlsx/features/\(name)"), displayName: name)
  }

  static func rows(_ workbook: Workbook, _ sheet: String) throws -> [SheetRow] {
    try WorkbookReaderTests.rows(workbook, sheet)
  }

  static func cell(_ rows: [SheetRow], _ name: String) -> SheetCell? {
    WorkbookReaderTests.cell(rows, name)
  }

  @Test func sheetsInOrderWithTheirStatesAndKinds() throws {
    let workbook = try Self.open("features.xlsx")
    #expect(workbook.sheets.map(\.name) == ["Types", "Hidden Sheet's \u{2713}", "Chart", "Macro"])
    #expect(workbook.sheets.map(\.state) == [.visible, .hidden, .visible, .veryHidden])
    #expect(workbook.sheets.map(\.kind) == [.worksheet, .worksheet, .chartsheet, .worksheet])
    #expect(workbook.sheets[2].part == "xl/chartsheets/sheet3.xml")
    #expect(workbook.sheet(named: "types")?.name == "Types")
    #expect(workbook.sheet(named: "Nope") == nil)
    // A chart sheet has no rows
    let chart = try workbook.reader(forSheet: workbook.sheets[2])
    var row = SheetRow()
    #expect(try !chart.next(into: &row) && chart.mergedRanges.isEmpty)
    // Names with an apostrophe and non-ASCII are kept, and shown in locations
    let hidden = try workbook.reader(forSheet: workbook.sheets[1])
    #expect(try hidden.next(into: &row) && row.cells.first?.value == .number(1))
    #expect(
      hidden.location(of: CellReference("A1")!).description
        == "features.xlsx: sheet 'Hidden Sheet's \u{2713}', cell A1")
  }

  @Test func everyKindOfCell() throws {
    let workbook = try Self.open("features.xlsx")
    let rows = try Self.rows(workbook, "Types")
    #expect(rows.map(\.number) == [1, 2, 4])
    #expect(Self.cell(rows, "A1")?.value == .string("Caption"))
    #expect(Self.cell(rows, "B1")?.value == .number(1.5))
    #expect(Self.cell(rows, "B1")?.format.decimals == 1)
    // Rich text runs concatenated; the phonetic run left out
    #expect(Self.cell(rows, "C1")?.value == .string("Rich text"))
    #expect(Self.cell(rows, "D4")?.value == .string("Flavored whole 1"))
    #expect(Self.cell(rows, "D1")?.value == .bool(true))
    #expect(Self.cell(rows, "E1")?.value == .error("#N/A"))
    // Formulas: the cached value; without one, empty and flagged
    let f1 = try #require(Self.cell(rows, "F1"))
    #expect(f1.value == .string("Captionx") && !f1.isFormulaWithoutValue)
    let h1 = try #require(Self.cell(rows, "H1"))
    #expect(h1.value == .empty && h1.isFormulaWithoutValue)
    let i1 = try #require(Self.cell(rows, "I1"))
    #expect(i1.value == .number(2) && i1.format.code == "#,##0" && !i1.isFormulaWithoutValue)
    // An ISO date cell is its serial number, shown as a date
    let g1 = try #require(Self.cell(rows, "G1"))
    #expect(g1.value == .number(43550) && g1.format.isDate)
  }

  @Test func positionalCellsFormatsAndText() throws {
    let workbook = try Self.open("features.xlsx")
    let reader = try workbook.reader(forSheet: workbook.sheets[0])
    #expect(reader.mergedRanges.map(\.description) == ["A1:B1", "C2:D3"])
    let rows = try Self.rows(workbook, "Types")
    // Row 2 gives no references: its cells are A, B, C, D in order
    #expect(rows[1].cells.map(\.reference.description) == ["A2", "B2", "C2", "D2"])
    #expect(Self.cell(rows, "A2")?.value == .number(10))
    let percent = try #require(Self.cell(rows, "B2"))
    #expect(percent.value == .number(0.256))
    #expect(percent.format.isPercent && percent.format.decimals == 1)
    let dateTime = try #require(Self.cell(rows, "C2"))
    #expect(reader.date(of: dateTime)?.description == "2019-03-26T12:00:00")
    #expect(reader.date(of: percent) == nil)
    #expect(Self.cell(rows, "D2")?.value == .bool(false))
    // Entities, references, CDATA and Office's _xHHHH_ escapes
    #expect(Self.cell(rows, "A4")?.value == .string("a < b & c \u{2014} \u{2014} \"q'"))
    #expect(Self.cell(rows, "B4")?.value == .string("line\rbreak"))
    #expect(Self.cell(rows, "C4")?.value == .string("<raw> & text"))
    // A styled cell without a value is there, empty, with its format
    let e4 = try #require(Self.cell(rows, "E4"))
    #expect(e4.value == .empty && e4.format.code == "0.0" && !e4.isFormulaWithoutValue)
  }

  @Test func the1904DateSystem() throws {
    let workbook = try Self.open("date1904.xlsx")
    #expect(workbook.date1904)
    let reader = try workbook.reader(forSheet: workbook.sheets[0])
    var row = SheetRow()
    #expect(try reader.next(into: &row))
    #expect(reader.date(of: row.cells[0])?.description == "1904-02-11")
    #expect(row.cells[1].value == .number(42088))
    #expect(reader.date(of: row.cells[1])?.description == "2019-03-26")
    #expect(try !reader.next(into: &row) && !reader.next(into: &row))
  }

  @Test func prefixedElementsAndCRLF() throws {
    let workbook = try Self.open("prefixed.xlsx")
    #expect(workbook.sheets.map(\.name) == ["Prefixed"])
    let rows = try Self.rows(workbook, "Prefixed")
    #expect(rows.map(\.number) == [2])
    #expect(rows[0].cells.map(\.value) == [.string("Year"), .string("two\nlines")])
  }

  @Test func storedEntries() throws {
    let rows = try Self.rows(Self.open("stored.xlsx"), "Sheet1")
    #expect(
      rows.map(\.cells) == [[SheetCell(reference: CellReference("A1")!, value: .string("Text"))]])
  }

  @Test func aReaderDroppedEarlyStopsItsThread() throws {
    // Given the largest sheet, streamed, read one row at a time by many readers in turn
    let workbook = try WorkbookReaderTests.open("milkcowsandprod", streaming: true)
    for _ in 0..<8 {
      let reader = try workbook.reader(forSheet: workbook.sheets[3])
      var row = SheetRow()
      // When a reader is dropped after its first row
      #expect(try reader.next(into: &row) && row.number == 1)
    }
    // Then the next reads the whole sheet as before
    #expect(try Self.rows(workbook, "Milk production").count == 130)
  }

  @Test func locationsEscapeNames() {
    let place = WorkbookLocation(file: "b.xlsx", sheet: "a\u{1B}[31mb", row: 3)
    #expect(place.description == "b.xlsx: sheet 'a\\e[31mb', row 3")
    #expect(
      WorkbookLocation(file: "b.xlsx", part: "xl/x\u{7}.xml", byteOffset: 9).description
        == "b.xlsx: xl/x\\x07.xml, byte 9")
    #expect(
      place.error("no").description == "b.xlsx: sheet 'a\\e[31mb', row 3: error: no")
  }
}
