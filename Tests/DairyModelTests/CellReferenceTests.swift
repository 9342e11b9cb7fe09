import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// `A1` references and ranges, within `XFD1048576`.
@Suite("Cell references")
struct CellReferenceTests {
  @Test(arguments: [
    ("A1", 1, 0), ("C14", 14, 2), ("Z9", 9, 25), ("AA10", 10, 26), ("AZ1", 1, 51),
    ("BA1", 1, 52), ("XFD1048576", 1_048_576, 16383), ("$B$3", 3, 1), ("b3", 3, 1),
  ])
  func reads(_ text: String, _ row: Int, _ column: Int) throws {
    let reference = try #require(CellReference(text))
    #expect(reference == CellReference(column: column, row: row))
    #expect(reference.description == text.replacingOccurrences(of: "$", with: "").uppercased())
  }

  @Test(arguments: [
    "", "A", "1", "A0", "A01", "XFE1", "A1048577", "AAAA1", "A1B", "1A", "A-1", "A1.0", "$$A1",
    "A 1", "A99999999",
  ])
  func refuses(_ text: String) {
    #expect(CellReference(text) == nil, "\(text)")
  }

  @Test func columnNames() {
    #expect((0..<28).map(CellReference.columnName).suffix(3) == ["Z", "AA", "AB"])
    #expect(CellReference.columnName(16383) == "XFD")
    for column in [0, 25, 26, 701, 702, 16383] {
      #expect(CellReference("\(CellReference.columnName(column))7")?.column == column)
    }
  }

  @Test func ranges() throws {
    let range = try #require(CellRange("B2:D2"))
    #expect(range.first == CellReference("B2") && range.last == CellReference("D2"))
    #expect(range.contains(CellReference("C2")!) && !range.contains(CellReference("C3")!))
    #expect(CellRange("D4:B2")?.description == "B2:D4")
    #expect(CellRange("A1")?.description == "A1")
    #expect(CellRange("A1:XFE1") == nil && CellRange("A1:") == nil && CellRange("A1:B2:C3") == nil)
  }
}
