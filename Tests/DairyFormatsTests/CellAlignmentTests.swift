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

/// How a workbook aligns its cells (`<alignment horizontal="…">` in `<cellXfs>`), read into the
/// rows the import reads: what tells a caption centred over its columns.
@Suite("Cell alignment")
struct CellAlignmentTests {
  static let cheese = TestSupport.fixture("headers/cheese-by-type.xlsx")

  @Test(arguments: [
    ("center", HorizontalAlignment.centre), ("centerContinuous", .centreAcrossSelection),
    ("left", .left), ("right", .right), ("justify", .other), ("general", .general),
    ("sideways", .general),
  ])
  func anAttributeNamesItsAlignment(text: String, alignment: HorizontalAlignment) {
    #expect(HorizontalAlignment(attribute: Array(text.utf8)) == alignment)
  }

  @Test func aCaptionCentredInItsCellIsCentred() throws {
    // Given the cheese table's first sheet, its group captions centred in one cell each
    let rows = try HostileWorkbook.importedRows(Self.cheese).filter { $0.line == 3 }
    let captions = rows[0]
    // Then the captions are centred, and an empty cell beside them is not aligned
    #expect(captions.trimmedText(at: 2) == "American")
    #expect(captions.alignment(at: 2) == .centre)
    #expect(captions.alignment(at: 1) == .general)
  }

  @Test func theEmptyCellsOfASelectionAreCentredAcrossIt() throws {
    // Given the sheet whose captions are centred across their selections
    let rows = try HostileWorkbook.importedRows(Self.cheese).filter { $0.line == 3 }
    let captions = rows[2]
    // Then the caption and the empty cells after it say so
    #expect(captions.trimmedText(at: 1) == "American")
    #expect((1...14).allSatisfy { captions.alignment(at: $0) == .centreAcrossSelection })
  }

  @Test func aCSVFileDoesNotSay() throws {
    let source = try CSVSource(
      path: TestSupport.fixture("headers/cheese-by-type.csv"), options: ImportOptions())
    var row = TableRow()
    _ = try source.nextTable()
    #expect(try source.nextRow(into: &row))
    #expect(row.alignment(at: 0) == nil)
  }
}

extension CellAlignmentTests {
  @Test func aStyledEmptyCellFarToTheRightDoesNotWidenTheRow() {
    // Given a row whose last value is a number, and an empty cell at XFD centred across
    let row = SheetRow(
      number: 5,
      cells: [
        SheetCell(reference: CellReference("A5")!, value: .number(2020)),
        SheetCell(
          reference: CellReference("XFD5")!, value: .empty, alignment: .centreAcrossSelection),
      ])
    var filled = TableRow()
    var formulas: [CellReference] = []
    _ = filled.fill(from: row, merges: [], date1904: false, formulas: &formulas)
    // Then the row ends at its value
    #expect(filled.count == 1)
  }

  @Test func theCellsACaptionEndingTheRowIsCentredAcrossBelongToIt() {
    let row = SheetRow(
      number: 2,
      cells: [
        SheetCell(
          reference: CellReference("B2")!, value: .string("Cheese"),
          alignment: .centreAcrossSelection),
        SheetCell(
          reference: CellReference("C2")!, value: .empty, alignment: .centreAcrossSelection),
        SheetCell(
          reference: CellReference("D2")!, value: .empty, alignment: .centreAcrossSelection),
      ])
    var filled = TableRow()
    var formulas: [CellReference] = []
    _ = filled.fill(from: row, merges: [], date1904: false, formulas: &formulas)
    #expect(filled.count == 4)
    #expect(filled.alignment(at: 3) == .centreAcrossSelection)
  }

  @Test func aPipeIsReadOnce() throws {
    #expect(!ImportRun.readsAgain("/dev/stdin"))
    #expect(ImportRun.readsAgain(TestSupport.fixture("headers/cheese-by-type.csv")))
  }
}
