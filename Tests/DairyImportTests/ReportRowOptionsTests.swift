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

/// `--header-rows` and `--data-rows` when detection cannot tell: a row between the header and the
/// data they name is left out, and a row of values above the data under a label that is not a
/// year is an error that says so (report-values-above-data in `Fixtures/bad`).
@Suite("Report row options")
struct ReportRowOptionsTests {
  static let averageAboveTheData = """
    "Milk cows (thousand head)",,
    Year,Wisconsin,Ohio
    1975-79 average,"1,800",420
    1980,"1,850",430
    1981,"1,860",431

    """

  @Test func aRowBetweenTheNamedHeaderAndDataIsLeftOut() throws {
    let path = try TestSupport.file("cows.csv", Self.averageAboveTheData)
    var options = ImportOptions()
    (options.headerRows, options.dataRows) = (2...2, 4...5)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path], options: options)
    #expect(
      try TestSupport.contents(database) == [
        "Wisconsin": [1980: 1850, 1981: 1860], "Ohio": [1980: 430, 1981: 431],
      ])
  }

  @Test func withoutThemTheRowIsAnErrorNotCaptions() throws {
    let path = try TestSupport.file("cows.csv", Self.averageAboveTheData)
    let error = try #require(
      TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(error.location?.line == 3 && error.location?.column == 1)
    #expect(error.message.hasPrefix("\"1975-79 average\" in the year column is not a year"))
  }

  /// A header row of codes under a `Year` caption is a header, not values.
  @Test func aHeaderOfNumbersUnderAYearCaptionIsAHeader() throws {
    let path = try TestSupport.file(
      "codes.csv", "\"Exports by code (tons)\",,\nYear,0401,0402\n2020,5,6\n2021,7,8\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path], options: ImportOptions())
    #expect(
      try TestSupport.contents(database) == [
        "0401": [2020: 5, 2021: 7], "0402": [2020: 6, 2021: 8],
      ])
  }
}
