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

/// Commas inside numbers, decided per column from its values, and the missing markers a cell
/// keeps; in plain files as in reports.
@Suite("Commas in numbers, missing markers")
struct CommaStyleTests {
  /// The amounts of column `Milk` after importing `text`.
  static func milk(_ text: String) throws -> [Int64: Double]? {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("milk.csv", text)])
    return try TestSupport.contents(database)["Milk"]
  }

  /// The error importing `text` stops at, as `LINE:COLUMN: message`.
  static func error(_ text: String) throws -> String? {
    let error = TestSupport.importError(
      [try TestSupport.file("milk.csv", text)], into: try DairyDatabase.inMemory())
    return error.map { "\($0.location!.line!):\($0.location!.column!): \($0.message)" }
  }

  @Test func theDocumentedExample() {
    // From CommaStyle's docs
    var style = CommaStyle.undecided
    #expect(
      NumberParser().commaAmount(Array("10,849 ".utf8), style: &style) == .value(10849, decimals: 0)
    )
    #expect(style == .thousands)
  }

  @Test func thousandsSeparatorsAndOuterSpaces() throws {
    let rows = try Self.milk(
      "Year,Milk\n1975,\"10,849 \"\n1976,\" 1,234.5\"\n1977,\"1,190 \"\n1978,\"1,234,567.8\"\n")
    #expect(rows == [1975: 10849, 1976: 1234.5, 1977: 1190, 1978: 1_234_567.8])
  }

  @Test func aDecimalCommaColumn() throws {
    let rows = try Self.milk("Year,Milk\n1975,\"4,3\"\n1976,\"4,300\"\n1977,5\n1978,\"0,25\"\n")
    #expect(rows == [1975: 4.3, 1976: 4.3, 1977: 5, 1978: 0.25])
  }

  @Test func aValueThatFitsNeitherReadingIsAnErrorAtItsPlace() throws {
    let thousands = "is not a number: this column's commas group thousands (12,345)"
    #expect(
      try Self.error("Year,Milk\n1975,\"12,345\"\n1976,\"1,23\"\n")
        == "3:6: \"1,23\" \(thousands) (column \"Milk\")")
    #expect(
      try Self.error("Year,Milk\n1975,\"4,300\"\n1976,\"4,3\"\n")
        == "3:6: \"4,3\" \(thousands) (column \"Milk\")")
    #expect(
      try Self.error("Year,Milk\n1975,\"4,3\"\n1976,1.5\n")
        == "3:6: \"1.5\" is not a number: this column writes decimals with a comma (4,3) "
        + "(column \"Milk\")")
    // A decimal point first: a comma can only group thousands, and 2,5 does not.
    #expect(
      try Self.error("Year,Milk\n1975,1.5\n1976,\"2,5\"\n")
        == "3:6: \"2,5\" is not a number (column \"Milk\")")
    #expect(
      try Self.error("Year,Milk\n1975,\"1,2,3\"\n")
        == "2:6: \"1,2,3\" is not a number (column \"Milk\")")
  }

  @Test func eachColumnDecidesForItself() throws {
    let path = try TestSupport.file(
      "two.csv", "Year,Milk,Butter\n1975,\"4,3\",\"1,234\"\n1976,\"5,1\",\"2,000.5\"\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let rows = try TestSupport.contents(database)
    #expect(rows["Milk"] == [1975: 4.3, 1976: 5.1])
    #expect(rows["Butter"] == [1975: 1234, 1976: 2000.5])
  }

  @Test func missingCellsKeepTheirMarkers() throws {
    let path = try TestSupport.file(
      "milk.csv", "Year,Milk\n1975,NA\n1976,--\n1977,—\n1978,\n1979,(D)\n1980,5\n")
    var options = ImportOptions()
    options.extraMissingMarkers = ["(D)"]
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path], options: options)
    #expect(summary.observations == 1 && summary.missing == 5)
    let markers = try database.read { try $0.missingCells() }
    #expect(
      markers.map { "\($0.year) \($0.marker)" } == [
        "1975 NA", "1976 --", "1977 —", "1978 ", "1979 (D)",
      ])
  }

  @Test func theUSDATablesMissingCellsAreKept() throws {
    let database = try DairyDatabase.inMemory()
    let summary = try TestSupport.importPerCapita(into: database)
    let markers = try database.read { try $0.missingCells() }
    #expect(markers.count == summary.missing)
    #expect(Set(markers.map(\.marker)) == ["NA"])
  }
}
