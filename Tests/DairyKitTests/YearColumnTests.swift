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

/// The year column of a table stays put whatever the years' sizes: on every page of a section
/// and in browse, before and after more rows load.
@Suite("Year column")
struct YearColumnTests {
  @Test func theYearColumnIsTheSameOnEveryPageAndInBrowse() throws {
    // Given a section with years -10000, 999 and 10000, and one of four-digit years
    let csv = try TestSupport.file(
      "years.csv", "Year,Wide,Plain\n-10000,1,\n999,2,\n1975,,3\n2000,,4\n10000,5,\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([csv])

    // When show prints it a row a page, then every year ends in the same column of its section
    var ends: [String: Set<Int>] = [:]
    var line = ShowCommandLine(pageSize: 1, format: .table)
    for number in 1...5 {
      line.start = .number(number)
      let output = ExtremeValuesTests.show(line, database).output
      let title = output.hasPrefix("Wide") ? "Wide" : "Plain"
      for row in Self.rows(output) { ends[title, default: []].insert(row) }
    }
    #expect(ends["Wide"] == [8], "\(ends)")  // "  -10000": the widest year, at every page
    #expect(ends["Plain"] == [6], "\(ends)")

    // And browse, which measures a section's columns from the rows loaded so far, measures
    // the year column from a middle row (999) as from all of them
    let middle = try database.page(PageRequest(pageSize: 1, start: .number(2))).parts[0]
    #expect(RowView.Columns(middle, rows: 0..<1).year == "-10000".count)
    let driver = BrowseDriver(database: database, pageSize: 1, width: 40, height: 12)
    #expect(Self.rows(driver.screen) == [8, 8, 8, 6, 6], "\(driver.screen)")
  }

  @Test func theLargestYearsTheImportTakesAlignToo() throws {
    // Given a section from -2^53 to 2^53, the widest years `dairy import` takes
    let csv = try TestSupport.file(
      "far.csv", "Year,Far\n-9007199254740992,1\n0,2\n7,3\n9007199254740992,4\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([csv])

    // When show prints it two rows a page, then every year ends where the widest does, on
    // both pages, and every line fits
    var ends: Set<Int> = []
    var line = ShowCommandLine(pageSize: 2, format: .table, width: 40)
    for number in 1...2 {
      line.start = .number(number)
      let output = ExtremeValuesTests.show(line, database).output
      ends.formUnion(Self.rows(output))
      #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
    }
    #expect(ends == [2 + "-9007199254740992".count], "\(ends)")

    // And so does browse, a row loaded at a time
    let driver = BrowseDriver(database: database, pageSize: 1, width: 40, height: 12)
    #expect(Set(Self.rows(driver.screen)) == ends, "\(driver.screen)")
  }

  /// For each row line of a table (two spaces, a year, two spaces, an amount), the column where
  /// its year ends.
  static func rows(_ text: String) -> [Int] {
    text.split(separator: "\n").compactMap { line in
      let pattern = #/  ( *-?[0-9]+)  +[-0-9.,]+/#
      guard let match = line.wholeMatch(of: pattern) else { return nil }
      return 2 + match.output.1.count
    }
  }
}
