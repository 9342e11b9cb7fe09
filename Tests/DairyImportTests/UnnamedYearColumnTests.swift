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

  /// An empty-headed year column in every layout and file kind: a plain wide CSV whose numbers
  /// have thousands separators (they made the columns look like a long table's text), pandas'
  /// index column (`;` and `,` alike), a report's years down, and a workbook's sheets.
  @Test(arguments: [
    (
      "thousands separators",
      ",Export ($ thousands),Import ($ thousands)\n2019,\"1,234\",567\n2020,\"1,300\",600\n"
        + "2021,\"1,400\",650\n"
    ),
    (
      "pandas' index, semicolons",
      ";Export ($ thousands);Import ($ thousands)\n2019;1234;567\n2020;1300;600\n2021;1400;650\n"
    ),
    (
      "pandas' index, semicolons and separators",
      ";Export ($ thousands);Import ($ thousands)\n2019;\"1,234\";567\n2020;\"1,300\";600\n"
        + "2021;\"1,400\";650\n"
    ),
    (
      "a report, years down",
      "Dairy trade\n,Export ($ thousands),Import ($ thousands)\n2019,\"1,234\",567\n"
        + "2020,\"1,300\",600\n2021,\"1,400\",650\nSource: ERS\n"
    ),
  ])
  func anEmptyYearHeaderReadsInEveryLayout(_ case: String, text: String) throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("t.csv", text)])
    #expect(
      try TestSupport.contents(database) == [
        "Export ($ thousands)": [2019: 1234, 2020: 1300, 2021: 1400],
        "Import ($ thousands)": [2019: 567, 2020: 600, 2021: 650],
      ], "\(`case`)")
  }

  @Test func anEmptyYearHeaderReadsInAWorkbooksSheets() throws {
    let plain: [[String?]] = [[nil, "Milk"], ["2019", "1"], ["2020", "2"]]
    let report: [[String?]] = [
      ["Milk (million pounds)"], [nil, "Milk"], ["2019", "1"], ["2020", "2"], ["Source: ERS"],
    ]
    let path = try SkippedSheetsTests.workbook("b.xlsx", [("Plain", plain), ("Report", report)])
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])
    #expect(summary.skippedSheets.isEmpty)
    #expect(
      try SkippedSheetsTests.contents(database) == [
        "b.plain / Milk: 2019=1 2020=2", "b.report / Milk: 2019=1 2020=2",
      ])
  }

  /// A column with an empty header that holds years but for a row is refused at that row's
  /// cell: a year column holds a year in every data row.
  @Test(arguments: [
    (",Milk,Butter\n2019,1,2\nTotal,5,6\n2021,3,4\n", "t.csv:3:1", "\"Total\" is not a year"),
    (",Milk\n2019,1\n2020,2\n2021,3\n12,6\n", "t.csv:5:1", "\"12\" is not a plausible year"),
  ])
  func anEmptyHeadedColumnOfYearsButForARowIsRefusedAtThatRow(
    _ text: String, place: String, message: String
  ) throws {
    let path = try TestSupport.file("t.csv", text)
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    let expected =
      "\(message); column 1, whose header is empty, holds years in its other rows, and a year "
      + "column holds one in every data row"
    #expect(error?.description == "\(path.dropLast(5))\(place): error: \(expected)")
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
