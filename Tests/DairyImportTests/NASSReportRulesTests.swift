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

/// The rules of the NASS report reader one by one: how a file is known, the periods of
/// captions and titles, places, the header's captions, the release line, a title's measure,
/// and where a table that breaks its family's rules is refused.
@Suite("NASS report rules")
struct NASSReportRulesTests {
  @Test(arguments: [
    ("1,\"t\",\"Dairy Products\"\r\n", true),
    ("11,\"h\",\"\",\"November\"\n", true),
    ("2,t,Milk Production\n", true),
    ("\u{FEFF}3,\"d\",\"Butter\",1", true),
    ("5,\"u\"", true),
    ("\r\n\n1,\"t\",\"Dairy Products\"\n", true),
    ("1 , \"t\" ,\"Dairy Products\"\n", true),
    ("Year,Milk\n1975,247\n", false),
    ("1,\"x\",\"Dairy\"\n", false),
    ("1,\"title\",\"Dairy\"\n", false),
    ("12345,\"t\",\"Dairy\"\n", false),
    ("1975,247\n", false),
  ])
  func recognisedByItsFirstLine(head: String, recognised: Bool) {
    #expect(NASSReportSource.recognises(path: "x.csv", head: Array(head.utf8)) == recognised)
  }

  @Test(arguments: [
    ("November 2019", "", "2019-11"),
    ("Nov. 2019", "", "2019-11"),
    ("Sept 2020", "", "2020-09"),
    ("2020", "", "2020"),
    ("Milk cows 2020", "Milk cows", "2020"),
    ("2019/20", "", "2019/20"),
    ("2019/2020", "", "2019/20"),
    ("Jan-Mar 2020", "", "2020-Q1"),
    ("October-December 2019", "", "2019-Q4"),
    ("Q2 2020", "", "2020-Q2"),
    ("2020 Q3", "", "2020-Q3"),
    ("1st quarter 2021", "", "2021-Q1"),
    ("Fourth quarter 2020", "", "2020-Q4"),
    ("Week ending January 9, 2021", "", "2021-01-09"),
    ("December 26, 2020", "", "2020-12-26"),
    ("Milk production, 2019", "Milk production", "2019"),
  ])
  func periodCaptions(caption: String, measure: String, period: String) throws {
    let read = try #require(NASSPeriodText.read(caption))
    #expect(read.measure == measure && read.period.text == period)
  }

  @Test(arguments: ["Product", "Feb-Apr 2020", "2019/21", "Number", "Class 1", "November"])
  func captionsThatAreNoPeriod(caption: String) {
    #expect(NASSPeriodText.read(caption) == nil)
  }

  @Test func aTitlesPeriods() {
    #expect(
      NASSPeriodText.periods(inTitle: "Dairy Products – United States: November 2019 and 2020")
        .map(\.text) == ["2019-11", "2020-11"])
    #expect(NASSPeriodText.periods(inTitle: "Milk Cows – States: 2020").map(\.text) == ["2020"])
  }

  static let placeLabels: [(String, String, PlaceLevel, String?)] = [
    ("Wisconsin", "Wisconsin", .state, "55"),
    ("new jersey", "New Jersey", .state, "34"),
    ("WI", "Wisconsin", .state, "55"),
    ("Puerto Rico", "Puerto Rico", .state, "72"),
    ("United States", "United States", .nation, nil),
    ("U.S. total", "United States", .nation, nil),
    ("Other States", "Other States", .region, nil),
    ("Atlantic", "Atlantic", .region, nil),
    ("Corn Belt", "Corn Belt", .region, nil),
    ("24 States", "24 States", .region, nil),
    ("23 selected States", "23 selected States", .region, nil),
  ]

  @Test(arguments: placeLabels)
  func placesInRowLabels(label: String, name: String, level: PlaceLevel, code: String?) throws {
    let place = try #require(NASSPlaces.place(label))
    #expect(place.name == name && place.level == level && place.code == code)
  }

  @Test(arguments: ["Cheddar", "In", "Total cheese", "American types", "Wisconsin cheese"])
  func labelsThatAreNoPlace(label: String) {
    #expect(NASSPlaces.place(label) == nil)
  }

  @Test func headerCaptionsStackAndSpan() throws {
    // Given the header of table 1, and a header whose measures span two years each
    func rows(_ lines: [[String]]) -> [TableRow] {
      lines.enumerated().map { line, cells in
        var row = TableRow()
        var offset = 0
        for cell in cells {
          row.append(text: Array(cell.utf8), at: CellPlace(line: line + 1, offset: offset))
          offset += cell.utf8.count + 1
        }
        return row
      }
    }
    let table1 = NASSReportHeader(
      rows: rows([
        ["1", "h", "", "", "", "", "Change from", "Change from"],
        ["1", "h", "", "November", "October", "November", "", ""],
        ["1", "h", "Product", "2019", "2020", "2020", "November", "October"],
        ["1", "h", "", "", "", "", "2019", "2020"],
      ]), footnotes: [], titlePeriod: nil, locate: { _ in SourceLocation(file: "t.csv") })
    #expect(table1.labelCaption == "Product")
    #expect(
      table1.columns.map(\.caption.text) == [
        "November 2019", "October 2020", "November 2020", "Change from November 2019",
        "Change from October 2020",
      ])
    #expect(table1.columns[3].kind == .derived(period: .month(11, of: 2020)!))
    let spans = NASSReportHeader(
      rows: rows([
        ["5", "h", "", "Milk cows 1/", "", "Milk per cow", "", "Milk production", "", ""],
        ["5", "h", "", "", "", "", "", "", "", "Change from"],
        ["5", "h", "State", "2019", "2020", "2019", "2020", "2019", "2020", "2019"],
      ]), footnotes: [1], titlePeriod: nil, locate: { _ in SourceLocation(file: "t.csv") })
    #expect(
      spans.columns.map(\.caption.text) == [
        "Milk cows 2019", "Milk cows 2020", "Milk per cow 2019", "Milk per cow 2020",
        "Milk production 2019", "Milk production 2020", "Milk production Change from 2019",
      ])
    #expect(spans.columns[1].caption.footnotes == [1])
    #expect(spans.columns[1].kind == .level(measure: "Milk cows", period: .year(2020)))
    #expect(spans.columns[6].kind == .derived(period: .year(2020)))
    #expect(spans.measure(startingChange: spans.columns[6].caption.text) == "Milk production")
  }

  @Test func theReleaseLine() throws {
    let release = try #require(
      NASSReportTitle.release(
        "Dairy Products: Released January 6, 2021, by the National Agricultural Statistics "
          + "Service (NASS), Agricultural Statistics Board, United States Department of "
          + "Agriculture (USDA)."))
    #expect(release.source == "NASS, Dairy Products" && release.updated == "2021-01-06")
    #expect(NASSReportTitle.release("Milk Cows – United States: 2020") == nil)
  }

  @Test(arguments: [
    ("Ice Cream, Regular (Hard) Production – States: 2020", "Ice cream, regular (hard) production"),
    ("Milk Cows and Production by State: 2019", "Milk cows and production by state"),
    ("American Cheese Production - United States", "American cheese production"),
    ("NASS Milk Production", "NASS milk production"),
  ])
  func aTitlesMeasure(title: String, measure: String) {
    #expect(NASSReportTitle.measure(ofTitle: title) == measure)
  }

  /// A table that breaks its family's rules, refused at the line and cell.
  @Test(arguments: [
    (
      "1,\"t\",\"Milk\"\n1,\"q\",\"x\"\n",
      "x.csv:2:3: error: \"q\" is not a record type of a NASS report line (t title, h header, "
        + "u unit, d data, c comment, f footnote)"
    ),
    (
      "1,\"t\",\"Milk\"\n1,\"h\",\"\",\"2020\"\n1,\"d\",\"Cows\",12,13\n",
      "x.csv:3:17: error: a value past the table's header: the header (its \"h\" lines) has 4 "
        + "columns"
    ),
    (
      "1,\"t\",\"Milk\"\n1,\"h\",\"\",\"2020\",\"2020\"\n1,\"d\",\"Cows\",12,13\n",
      "x.csv:2:17: error: \"2020\" heads two columns, here and at x.csv:2:10; a table gives "
        + "each period once"
    ),
    (
      "1,\"t\",\"Milk\"\n1,\"h\",\"\",\"2020\"\n1,\"d\",\"\",12\n",
      "x.csv:3:10: error: a data line with values and no label (its third cell)"
    ),
    (
      "1,\"t\",\"Milk\"\n1,\"h\",\"\",\"\"\n1,\"d\",\"Cows\",12\n",
      "x.csv:3:14: error: a value under no caption of the table's header"
    ),
    (
      "1,\"t\",\"Milk\"\n1,\"h\",\"\",\"2020\"\n1,\"d\",\"Cows\",\"\"\n",
      "x.csv:1: error: this NASS report table has no data (no \"d\" line with values)"
    ),
    (
      "1,\"t\",\"Milk\"\n1,\"h\",\"\",\"2020\"\n1,\"d\",\"Cows\",twelve\n",
      "x.csv:3:14: error: \"twelve\" is not a number (column \"4\")"
    ),
  ])
  func aBrokenTableIsRefusedWhereItBreaks(text: String, message: String) throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("x.csv").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(error.description.replacingOccurrences(of: folder.path + "/", with: "") == message)
    #expect(try database.isEmpty())
  }
}
