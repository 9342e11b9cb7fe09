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

/// `dairy show --change`: the change from the previous year with data, in the table, JSON and
/// CSV, with the previous row fetched when it is not on the page.
@Suite("show --change")
struct ShowChangeTests {
  /// A section with a gap: 1996, 1997, then 1999.
  static func gapDatabase() throws -> DairyDatabase {
    let csv = try TestSupport.file(
      "gap.csv", "year,Butter\n1996,10\n1997,11\n1999,9.9\n2000,9.9\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([csv])
    return database
  }

  func show(_ line: ShowCommandLine, _ database: DairyDatabase) -> String {
    var output = ""
    var errors = ""
    _ = ShowFlow.run(
      line, terminal: Terminal(width: 80), output: &output, errors: &errors,
      open: { ReadingDatabase(database: database) })
    return output
  }

  @Test func theTableSaysAcrossAGapWhichYearItComparesWith() throws {
    var line = ShowCommandLine()
    line.change = true
    let rows = show(line, try Self.gapDatabase()).split(separator: "\n").map(String.init)
    #expect(
      Array(rows[1...4]) == [
        "  1996    10.0     –       –",
        "  1997    11.0  +1.0  +10.0%",
        "  1999     9.9  −1.1  −10.0%  vs 1997",
        "  2000     9.9   0.0    0.0%",
      ])
  }

  @Test func sinceFetchesThePreviousRowAndJSONAndCSVCarryTheFields() throws {
    var line = ShowCommandLine(since: 1999, format: .json)
    line.change = true
    let database = try Self.gapDatabase()
    let json = show(line, database)
    // Rounded to the section's decimals (9.9 - 11 is -1.0999999999999996 in binary)
    #expect(json.contains(#"{"year":1999,"amount":9.9,"change":-1.1,"percentChange":-10.0"#))
    #expect(json.contains(#""previousYear":1997}"#))
    line.format = .csv
    let csv = show(line, database)
    #expect(csv.hasPrefix("dataset,section,year,amount,change,percentChange,previousYear,unit\r\n"))
    #expect(csv.contains(",1999,9.9,-1.1,-10.0,1997,"))
    // Without --change the fields are not there
    line.change = false
    #expect(show(line, database).hasPrefix("dataset,section,year,amount,unit\r\n"))
  }

  @Test func theFirstRowOfALaterPageIsComparedWithTheLastOfTheEarlierPage() throws {
    var line = ShowCommandLine(pageSize: 2, format: .json)
    line.change = true
    line.page = 2
    let json = show(line, try Self.gapDatabase())
    #expect(json.contains(#""previousYear":1997"#))
    #expect(!json.contains(#""change":null"#))
  }

  @Test func changeFormatSignsWithATrueMinus() {
    #expect(ChangeFormat.signed(1.2, decimals: 1) == "+1.2")
    #expect(ChangeFormat.signed(-0.4, decimals: 1) == "−0.4")
    #expect(ChangeFormat.percent(-47.35) == "−47.4%")
    #expect(ChangeFormat.signed(nil, decimals: 1) == "–")
    #expect(ChangeFormat.signed(-0.01, decimals: 1) == "0.0")
  }

  @Test func theHandParserAndThePrintedCommandKeepTheFlag() throws {
    let line = try #require(ShowCommandLine(quickParsing: ["show", "butter", "--change"]))
    #expect(line.change)
    #expect(
      line.next(after: PageCursor(section: 5, year: 1994, version: 1)).description.contains(
        " --change "))
  }
}
