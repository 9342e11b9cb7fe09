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

/// The seam between file formats and the import: sources, rows of cells that know their place,
/// and the registry that picks a format. The examples in the `///` docs are here, as written.
@Suite("Table sources")
struct TableSourceTests {
  @Test func aCSVFileIsOneTableWhoseCellsKnowTheirPlace() throws {
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n")
    // From TableSource's docs
    let source = try CSVSource(path: path)
    var row = TableRow()
    var places: [String] = []
    while let table = try source.nextTable() {
      while try source.nextRow(into: &row) {
        print(table.index, source.location(of: row.cells[0]))  // milk.csv:2:1 …
        places.append("\(table.index) \(source.location(of: row.cells[0]))")
        places.append("row \(source.location(of: row))")
      }
    }
    #expect(places == ["0 \(path):1:1", "row \(path):1", "0 \(path):2:1", "row \(path):2"])
  }

  @Test func aWorkbookReadAsCSVSaysItIsAWorkbook() throws {
    // Given a workbook's bytes reaching the CSV reader (a pipe, which the formats cannot look
    // into): a ZIP signature, then binary bytes
    for signature: [UInt8] in [
      [0x50, 0x4B, 0x03, 0x04], [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1],
    ] {
      let path = try TestSupport.temporaryFolder().appendingPathComponent("book").path
      try Data(signature + [0x14, 0x00, 0x06, 0x00] + Array("xl/workbook.xml".utf8))
        .write(to: URL(fileURLWithPath: path))
      let source = try CSVSource(reader: CSVReader(path: path))
      var row = TableRow()
      // Then the error says what it is and what to do
      let error = try #require(throws: DairyError.self) { _ = try source.nextRow(into: &row) }
      #expect(error.message.hasPrefix("this is a workbook (.xlsx or .xls), not CSV text"))
    }
    // And `-` names standard input
    #expect(ImportRun.readingStandardInput("-") == "/dev/stdin")
    #expect(ImportRun.readingStandardInput("milk.csv") == "milk.csv")
  }

  @Test func theCSVSourceExample() throws {
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n")
    // From CSVSource's docs
    let source = try CSVSource(path: path)  // Year,Milk\n1975,247\n
    _ = try source.nextTable()
    var row = TableRow()
    _ = try source.nextRow(into: &row)  // the header
    _ = try source.nextRow(into: &row)
    print(source.location(of: row.cells[1]))  // milk.csv:2:6
    #expect(source.location(of: row.cells[1]).description == "\(path):2:6")
    #expect(try source.nextTable() == nil)
  }

  @Test func theTableRowExample() throws {
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n")
    // From TableRow's docs
    let source = try CSVSource(path: path)
    var row = TableRow()
    var seen: [String] = []
    while try source.nextTable() != nil {
      while try source.nextRow(into: &row) {
        print(row.line, row.string(at: 0) ?? "")
        seen.append("\(row.line) \(row.string(at: 0) ?? "")")
      }
    }
    #expect(seen == ["1 Year", "2 1975"])
  }

  @Test func theCSVReaderExample() throws {
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n")
    // From CSVReader's docs
    let reader = try CSVReader(path: path)
    var record = TableRow()
    var counts: [Int] = []
    while try reader.next(into: &record) {
      print(record.count)
      counts.append(record.count)
    }
    #expect(counts == [2, 2])
  }

  @Test func csvReadsEveryFileTheOtherFormatsDoNotRecognise() throws {
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n")
    // From ImportFormats' docs
    let format = ImportFormats.format(of: path)  // CSVSource.self
    let source = try format.init(path: path)
    #expect(ObjectIdentifier(format) == ObjectIdentifier(CSVSource.self))
    #expect(source is CSVSource)
    #expect(ImportFormats.head(of: path) == Array("Year,Milk\n1975,247\n".utf8))
    // A file that cannot be read goes to CSV too, which says why
    #expect(ImportFormats.head(of: "/nonexistent/milk.csv").isEmpty)
    #expect(ImportFormats.format(of: "/nonexistent/milk.csv") is CSVSource.Type)
    #expect(ImportFormats.all.last is CSVSource.Type)
  }

  @Test func sheetLocationsNameTheSheetAndTheCell() {
    // From SourceLocation's docs
    let here = SourceLocation(file: "milk.csv", line: 3, column: 7)
    print(here)  // milk.csv:3:7
    let cell = SourceLocation(
      file: "fluidmilk.xlsx", sheet: "fluidmilk", cell: CellReference(column: 2, row: 14))
    print(cell)  // fluidmilk.xlsx: sheet 'fluidmilk', cell C14
    #expect(here.description == "milk.csv:3:7")
    #expect(cell.description == "fluidmilk.xlsx: sheet 'fluidmilk', cell C14")
    // A sheet's name is escaped; a row or the whole sheet can be the place
    #expect(
      SourceLocation(file: "b.xlsx", sheet: "Q\u{1B}[2J", cell: nil).description
        == "b.xlsx: sheet 'Q\\e[2J'")
    var row = SourceLocation(file: "b.xlsx", sheet: "milk's")
    row.line = 3
    #expect(row.description == "b.xlsx: sheet 'milk's', row 3")
    // And an error reads as the issue asks
    let error = DairyError.importFailed(cell, "\"lots\" is not a number")
    #expect(
      error.description
        == "fluidmilk.xlsx: sheet 'fluidmilk', cell C14: error: \"lots\" is not a number")
  }

  @Test func cellReferencesCountColumnsInBijectiveBase26() {
    // From CellReference's docs
    let cell = CellReference(column: 2, row: 14)
    print(cell)  // C14
    print(CellReference(column: 27, row: 1))  // AB1
    #expect(cell.description == "C14")
    #expect(CellReference(column: 27, row: 1).description == "AB1")
    let columns = [0, 25, 26, 51, 52, 701, 702, 16_383].map {
      CellReference(column: $0, row: 1).columnLetters
    }
    #expect(columns == ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA", "XFD"])
  }

  @Test func typedCellsReadAsAmountsYearsAndText() {
    // From TableRow+Values' docs
    var row = TableRow()
    row.append(text: Array("8.1".utf8), at: CellPlace(line: 2, offset: 0))
    row.append(.number(247, decimals: nil), at: CellPlace(line: 2, offset: 1))
    #expect(row.amount(at: 0, NumberParser()) == .value(8.1, decimals: 1))
    #expect(row.amount(at: 1, NumberParser()) == .value(247.0, decimals: 0))
    // And the other kinds of cell
    row.append(.number(1999, decimals: 1), at: CellPlace(line: 2, offset: 2))
    row.append(.bool(true), at: CellPlace(line: 2, offset: 3))
    row.append(.error, text: Array("#N/A".utf8), at: CellPlace(line: 2, offset: 4))
    row.append(.empty, at: CellPlace(line: 2, offset: 5))
    let numbers = NumberParser(missingMarkers: ["#N/A"])
    #expect(row.amount(at: 2, numbers) == .value(1999, decimals: 1))
    #expect(row.year(at: 2, numbers) == .value(1999))
    #expect(row.string(at: 2) == "1999")
    #expect(row.amount(at: 3, numbers) == .invalid(.notANumber("TRUE")))
    #expect(row.string(at: 3) == "TRUE")
    #expect(row.amount(at: 4, numbers) == .missing)
    #expect(row.amount(at: 4, NumberParser()) == .invalid(.notANumber("#N/A")))
    #expect(row.amount(at: 5, numbers) == .missing)
    #expect(row.year(at: 5, numbers) == .missing)
    #expect(
      [0, 1, 2, 3, 4, 5].map { row.isEmpty(at: $0) } == [false, false, false, false, false, true])
    #expect([0, 1, 4].map { row.isText(at: $0) } == [true, false, false])
  }

  @Test func aRowCarriesTheMergedRangesItsCellsLieIn() {
    var row = TableRow()
    row.append(text: Array("Cheese".utf8), at: CellPlace(line: 3, offset: 1))
    row.append(.empty, at: CellPlace(line: 3, offset: 2))
    let merge = CellMerge(cell: 1, anchor: CellReference(column: 1, row: 3), rows: 1, columns: 2)
    row.merges.append(merge)
    #expect(row.merge(at: 1) == merge)
    #expect(row.merge(at: 0) == nil)
    // Reading the next row into the same value forgets them
    row.removeAll()
    #expect(row.merges.isEmpty && row.cells.isEmpty && row.bytes.isEmpty)
  }
}
