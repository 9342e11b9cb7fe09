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

/// Sections of every frequency, imported from the period fixtures, exported as CSV and imported
/// again: the same sections, frequencies, periods and amounts, and the same export byte for byte.
@Suite("Periods: the CSV export reads back")
struct PeriodRoundTripTests {
  static let fixtures = [
    "periods/quarterly-long.csv", "periods/weekly-dates.csv", "periods/monthly-wide.csv",
    "periods/split-years.csv", "report/forecasts-quarters-across.csv",
    "report/months-across-under-years.csv",
  ]

  /// Each section's key, frequency and rows (period key = amount bits), sorted.
  static func contents(_ database: DairyDatabase) throws -> [String] {
    try database.read { snapshot in
      try snapshot.sections().map { section in
        let rows = try snapshot.observations(of: section.id)
          .map { "\($0.year)=\($0.amount.bitPattern)" }.joined(separator: ",")
        return [
          section.dataset, section.key, section.title, section.fields.frequency.rawValue, rows,
        ]
        .joined(separator: "\u{0}")
      }.sorted()
    }
  }

  @Test func everyFrequencyReadsBackFromTheCSVExport() throws {
    // Given sections of five frequencies
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles(Self.fixtures.map(TestSupport.fixture))
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    // When the export is imported into a new database
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([try TestSupport.file("export.csv", csv)])
    // Then it holds the same, and exports the same bytes
    let original = try Self.contents(database)
    #expect(original.count == 3 + 1 + 2 + 1 + 14 + 4)
    #expect(
      Set(original.map { $0.split(separator: "\u{0}", omittingEmptySubsequences: false)[3] }).count
        == 5)
    #expect(try Self.contents(copy) == original)
    var again = ""
    try ExportFormat.csv.write(copy, to: &again)
    #expect(again == csv)
  }

  @Test func anAnnualDatasetFirstStillReadsBackEveryPeriod() throws {
    // Given an annual dataset imported first (the bundled tables come first in a default
    // database), then sections of other frequencies: the export's first rows are plain years
    // under its `period` column
    let database = try DairyDatabase.inMemory()
    // (more years than the rows a layout is told from)
    let years = (1800...2020).map { "\($0),\($0 - 1700),4.\($0 % 10)\n" }.joined()
    let annual = try TestSupport.file("annual.csv", "Year,Milk,Butter\n" + years)
    _ = try database.importFiles([annual] + Self.fixtures.map(TestSupport.fixture))
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    #expect(
      csv.hasPrefix("dataset,section,period,amount,unit,") && csv.contains("annual,Milk,1800,"))
    // When the export is imported into a new database
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([try TestSupport.file("export.csv", csv)])
    // Then it holds the same, and exports the same bytes
    #expect(try Self.contents(copy) == (try Self.contents(database)))
    var again = ""
    try ExportFormat.csv.write(copy, to: &again)
    #expect(again == csv)
  }
}
