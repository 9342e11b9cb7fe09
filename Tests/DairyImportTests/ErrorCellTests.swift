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

/// Every error names the cell where the problem is, also when it is past the end of the row it
/// is found in: a value in a column the header has no caption over (a stray helper formula
/// beside an ERS table) is named at that column's cell, not at the row's last.
@Suite("Errors at the cell of the problem")
struct ErrorCellTests {
  /// A report sheet whose header (row 3) has captions in A–C and whose column E holds a value
  /// in every data row, as a helper formula would.
  static let strayColumn: [[String?]] = [
    ["Milk and butter (million pounds)"], [],
    ["Year", "Milk", "Butter"],
    ["2001", "1", "10", nil, "0.5"],
    ["2002", "2", "20", nil, "0.5"],
    ["Source: ERS"],
  ]

  @Test func aStrayColumnOfASheetIsNamedAtItsCell() throws {
    let path = try SkippedSheetsTests.workbook("stray.xlsx", [("Data", Self.strayColumn)])
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(
      error?.description
        == "\(path): sheet 'Data', cell E3: error: column 5 has values but the header names no "
        + "series for it")
  }

  /// A helper formula with its cached value, as the ERS Food Availability sheets have them:
  /// the same, at the formula's column.
  @Test func aStrayFormulaColumnIsNamedAtItsCell() throws {
    var xml = HostileWorkbook.sheet(cells: Self.strayColumn)
    for row in [4, 5] {
      xml = xml.replacingOccurrences(
        of: "<c r=\"E\(row)\"><v>0.5</v></c>",
        with: "<c r=\"E\(row)\"><f>B\(row)/C\(row)</f><v>0.1</v></c>")
    }
    #expect(xml.contains("<f>B4/C4</f>") && xml.contains("<f>B5/C5</f>"))
    let path = try HostileWorkbook.file("stray.xlsx", sheets: [("Data", xml, nil)])
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(error?.location?.cell?.description == "E3")
  }

  /// A workbook's other sheets still import, and the warning names the same cell.
  @Test func aStrayColumnSkipsItsSheetAtItsCell() throws {
    let path = try SkippedSheetsTests.workbook(
      "stray.xlsx", [("Data", Self.strayColumn), ("Good", SkippedSheetsTests.wide())])
    let summary = try DairyDatabase.inMemory().importFiles([path])
    #expect(summary.datasets.map(\.name) == ["stray.good"])
    #expect(
      summary.warnings == [
        "\(path): sheet 'Data', cell E3: skipped: column 5 has values but the header names no "
          + "series for it"
      ])
  }

  /// A CSV line that ends before the column has no cell there: the column's first value is
  /// named, at its line and column.
  @Test func aStrayColumnOfACSVFileIsNamedAtItsFirstValue() throws {
    let text = """
      Milk and butter (million pounds)

      Year,Milk,Butter
      2001,1,10
      2002,2,20,,0.5
      2003,3,30,,0.5
      Source: ERS

      """
    let path = try TestSupport.file("stray.csv", text)
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(
      error?.description
        == "\(path):5:12: error: column 5 has values but the header names no series for it")
  }

  /// The other errors that name a cell of a row by its column: the cell itself when the row
  /// reaches it, whatever the row's length.
  @Test func aCellWithinTheRowIsNamedAsItIs() throws {
    let path = try SkippedSheetsTests.workbook(
      "q.xlsx",
      [("Data", [["Milk by quarter"], ["Year", "Q1", "Q2"], ["2001", "1", "2"]])])
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(error?.location?.cell?.description == "B2")
  }
}
