import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The examples in the workbook reader's `///` documentation, as written there (with the
/// fixtures' paths for the files' names), with what their comments say they give.
@Suite("Workbook documentation examples")
struct WorkbookDocExampleTests {
  static func book(_ name: String) -> String { TestSupport.fixture("xlsx/\(name)") }

  @Test func values() {
    let cell = CellReference("C14")!
    #expect("\(cell.row) \(cell.column) \(cell)" == "14 2 C14")
    let range = CellRange("B2:D2")!
    #expect(range.contains(CellReference("C2")!))
    let date = ExcelDate(serial: 43550, date1904: false)!
    #expect("\(date)" == "2019-03-26")
    #expect(ExcelDate(serial: 60, date1904: false)!.day == 29)
    let format = NumberFormat(id: 164, code: "#,##0.0_);(#,##0.0)")
    #expect(format.decimals == 1)
    #expect(NumberFormat.general.decimals == nil)
    #expect(NumberFormat(id: 14, code: "mm-dd-yy").isDate)
    let sheetCell = SheetCell(
      reference: CellReference("B3")!, value: .number(36188),
      format: NumberFormat(id: 3, code: "#,##0"))
    #expect(sheetCell.format.decimals == 0)
    let place = WorkbookLocation(
      file: "fluidmilk.xlsx", sheet: "fluidmilk", cell: CellReference(column: 2, row: 14))
    #expect("\(place)" == "fluidmilk.xlsx: sheet 'fluidmilk', cell C14")
    var crc = ZipChecksum()
    Array("123456789".utf8).withUnsafeBytes { crc.update($0) }
    #expect(crc.value == 0xCBF4_3926)
  }

  @Test func workbooks() throws {
    var lines: [String] = []
    let workbook = try Workbook.open(path: Self.book("milkcowsandprod.xlsx"))
    for sheet in workbook.sheets where sheet.kind == .worksheet {
      let reader = try workbook.reader(forSheet: sheet)
      var row = SheetRow()
      while try reader.next(into: &row) { lines.append("\(sheet.name) \(row.number)") }
    }
    #expect(lines.count == 7 + 83 + 81 + 130)
    #expect(lines.first == "Contents 1" && lines.last == "Milk production 130")
  }

  @Test func aSheetsCellsAndTheirPlaces() throws {
    var places: [String] = []
    let workbook = try Workbook.open(path: Self.book("fluidmilk.xlsx"))
    let reader = try workbook.reader(forSheet: workbook.sheets[0])
    var row = SheetRow()
    while try reader.next(into: &row) {
      for cell in row.cells { places.append("\(reader.location(of: cell.reference))") }
    }
    #expect(places.count == 599)
    #expect(places.first == Self.book("fluidmilk.xlsx") + ": sheet 'fluidmilk', cell A1")
  }

  @Test func limitsSniffingAndBenchmarkHooks() throws {
    let file = Self.book("fluidmilk.xlsx")
    if Workbook.looksLikeWorkbook(path: file) {
      var limits = WorkbookLimits()
      limits.maxPartBytes = 64 << 20
      let workbook = try Workbook.open(path: file, limits: limits)
      let xml = try WorkbookBenchmarks.partBytes(of: workbook.sheets[0], in: workbook)
      let events = try WorkbookBenchmarks.tokenize(xml)
      #expect(xml.count == 59976 && events > 1000)
    } else {
      Issue.record("\(file) is not taken for a workbook")
    }
  }
}
