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

/// A wide file whose year column has an empty header (a spreadsheet saved as CSV leaves that
/// cell empty) is read by the column's values: years, each once.
@Suite("A year column with no name")
struct UnnamedYearColumnTests {
  static func layout(_ text: String, options: ImportOptions = ImportOptions()) throws
    -> any TableLayout
  {
    let source = try CSVSource(path: try TestSupport.file("t.csv", text))
    _ = try source.nextTable()
    var header = TableRow()
    _ = try source.nextRow(into: &header)
    var sample: [TableRow] = []
    var row = TableRow()
    while try source.nextRow(into: &row) { sample.append(row) }
    let names = header.cells.indices.map { header.string(at: $0)! }
    return try LayoutDetection.detect(
      header: HeaderColumns(names: names, locate: { source.location(of: header.cells[$0]) }),
      sample: sample, options: options, numbers: NumberParser())
  }

  @Test func aWideFileWhoseYearHeaderIsEmptyImports() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("good/unnamed-year-column.csv")])
    #expect(
      try TestSupport.contents(database) == [
        "Milk cows": [1980: 10799, 1981: 10898, 1982: 11011],
        "Milk per cow": [1980: 11891, 1981: 12183, 1982: 12306],
      ])
  }

  @Test func theYearColumnMayBeAnyColumn() throws {
    let layout = try #require(
      try Self.layout("Milk,,Butter\n247,1975,4.7\n248,1976,4.3\n") as? WideLayout)
    #expect(layout.year == 1)
    #expect(layout.series.map { $0.key } == ["Milk", "Butter"])
  }

  @Test func aColumnCalledYearOrNamedByTheOptionComesFirst() throws {
    // An unnamed column of years beside a Year column, or beside the one --year-column names,
    // is a series, which has no name
    var options = ImportOptions()
    options.yearColumn = "Date"
    for (text, options) in [
      ("Year,,Milk\n1975,1975,1\n1976,1976,2\n", ImportOptions()),
      ("Date,,Milk\n1975,1975,1\n1976,1976,2\n", options),
    ] {
      #expect {
        try Self.layout(text, options: options)
      } throws: { error in
        (error as? DairyError)?.message == "column 2 of the header has no name"
      }
    }
  }

  @Test(arguments: [
    ("numbers that are not years", ",Milk\n1,247\n2,248\n"),
    ("a year twice", ",Milk\n1975,247\n1975,248\n"),
    ("a year with a fraction", ",Milk\n1975.5,247\n1976,248\n"),
    ("text", ",Milk\nMaine,247\n1976,248\n"),
    ("mostly empty", ",Milk\n,247\n,248\n1977,249\n"),
  ])
  func aColumnThatDoesNotHoldYearsIsNoYearColumn(_ case: String, text: String) throws {
    let error = TestSupport.importError(
      [try TestSupport.file("t.csv", text)], into: try DairyDatabase.inMemory())
    #expect(error?.message.hasPrefix("the header has no year column") == true, "\(`case`)")
  }

  @Test func aMissingYearIsReportedAtItsCell() throws {
    let path = try TestSupport.file("t.csv", ",Milk\n1975,1\n,2\n1977,3\n")
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(error?.description == "\(path):3:1: error: the year is missing")
  }

  @Test func aLongFileIsNotSearched() throws {
    var options = ImportOptions()
    options.format = .long
    let path = try TestSupport.file("t.csv", "state,,value\nMaine,1975,1\nOhio,1975,2\n")
    let error = TestSupport.importError(
      [path], into: try DairyDatabase.inMemory(), options: options)
    #expect(error?.message.hasPrefix("the header has no year column") == true)
  }
}
