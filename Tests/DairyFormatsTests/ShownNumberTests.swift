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

/// Numbers as a spreadsheet's number format shows them, saved as text by a CSV export: currency,
/// percent, accounting parentheses; and what is none of these, left to the plain reading.
@Suite("Numbers as formatted cells show them")
struct ShownNumberTests {
  static let cases: [(text: String, amount: NumberParser.Amount?)] = [
    ("$18.24", .value(18.24, decimals: 2)),
    ("$18.24 ", .value(18.24, decimals: 2)),
    ("-$5", .value(-5, decimals: 0)),
    ("$-5", .value(-5, decimals: 0)),
    ("$ 1,234.50", .value(1234.5, decimals: 2)),
    ("12.5%", .value(12.5, decimals: 1)),
    ("12.5 %", .value(12.5, decimals: 1)),
    ("-0.4%", .value(-0.4, decimals: 1)),
    ("(1,234)", .value(-1234, decimals: 0)),
    ("( 1,234 )", .value(-1234, decimals: 0)),
    ("($55.10)", .value(-55.1, decimals: 2)),
    ("(12%)", .value(-12, decimals: 0)),
    // None of them: the plain reading decides (a number, a missing marker, or an error).
    ("1,234", nil), ("18.24", nil), ("(D)", nil), ("(NA)", nil), ("()", nil), ("$", nil),
    ("%", nil), ("(-5)", nil), ("((5))", nil), ("$1x", nil), ("5$", nil), ("NA%", nil),
  ]

  @Test(arguments: cases.indices)
  func eachShape(_ index: Int) {
    let (text, expected) = Self.cases[index]
    var style = CommaStyle.undecided
    #expect(NumberParser().shownAmount(Array(text.utf8), style: &style) == expected, "\(text)")
  }

  @Test func theDocumentedExample() {
    var style = CommaStyle.undecided
    #expect(
      NumberParser().shownAmount(Array("(1,234)".utf8), style: &style)
        == .value(-1234, decimals: 0))
    #expect(style == .thousands)
  }

  /// A report as a CSV export of formatted cells saves it: prices with `$`, shares with `%`, a
  /// change with accounting parentheses, and `(D)` still a missing marker.
  @Test func aReportOfFormattedCellsImports() throws {
    let text = """
      "Table 9--Dairy prices and margins",,,
      Year,All milk price,Share,Stocks change
      ,dollars per cwt,percent,million pounds
      2020,$18.24 ,12.5%,"(1,234)"
      2021,"$1,018.69 ",13.0%,(D)
      2022,$25.34 ,14.1%,55

      (D) = withheld to avoid disclosing data for individual operations.
      """
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("prices.csv", text + "\n")])
    let contents = try TestSupport.contents(database)
    #expect(contents["All milk price"] == [2020: 18.24, 2021: 1018.69, 2022: 25.34])
    #expect(contents["Share"] == [2020: 12.5, 2021: 13, 2022: 14.1])
    #expect(contents["Stocks change"] == [2020: -1234, 2022: 55])
  }

  /// What the formats hold must still be a number: the error names the cell, as for any text.
  @Test func aFormatAroundTextIsAnErrorAtItsPlace() throws {
    let error = TestSupport.importError(
      [try TestSupport.file("milk.csv", "Year,Milk\n1975,$18.24\n1976,$1x\n")],
      into: try DairyDatabase.inMemory())
    #expect(
      error?.description.hasSuffix("milk.csv:3:6: error: \"$1x\" is not a number (column \"Milk\")")
        == true)
  }
}
