import Foundation
import Testing

@testable import DairyKit

/// A report is read twice (``ImportRun/importReport``): the second reading of a workbook shares
/// the first one's parts and the file it opened.
@Suite("Reading a workbook again")
struct WorkbookReopeningTests {
  /// The text of every cell of the first table's rows, one string a row.
  static func texts(_ source: any TableSource) throws -> [String] {
    _ = try #require(try source.nextTable())
    var row = TableRow()
    var lines: [String] = []
    while try source.nextRow(into: &row) {
      lines.append(row.cells.indices.map { row.string(at: $0) ?? "" }.joined(separator: "|"))
    }
    return lines
  }

  @Test func aSecondReadingReadsTheFileTheFirstOpenedNotOnePutInItsPlace() throws {
    // Given fluidmilk.xlsx opened as a source
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("book.xlsx").path
    let manager = FileManager.default
    try manager.copyItem(atPath: TestSupport.fixture("xlsx/fluidmilk.xlsx"), toPath: path)
    let first = try XLSXSource(path: path)
    let expected = try Self.texts(first)
    // When another workbook takes its name and the source is opened again
    try manager.removeItem(atPath: path)
    try manager.copyItem(
      atPath: TestSupport.fixture("xlsx/annualmilkprodfactors.xlsx"), toPath: path)
    let again = try first.reopened(path: path, options: ImportOptions())
    // Then the second reading gives the first file's rows, from its first
    #expect(try Self.texts(again) == expected)
    #expect(expected.first?.contains("Fluid beverage milk") == true)
  }

  @Test func aSecondReaderOfASheetHasItsMergedRangesWithoutReadingItFirst() throws {
    // Given a sheet with merged ranges read once
    let workbook = try Workbook.open(
      path: TestSupport.fixture("xlsx/annualmilkprodfactors.xlsx"))
    let sheet = workbook.sheets[0]
    let first = try workbook.reader(forSheet: sheet)
    #expect(!first.mergedRanges.isEmpty)
    // When it is read again, its rows and ranges are the same
    let second = try workbook.reader(forSheet: sheet)
    #expect(second.mergedRanges == first.mergedRanges)
    var (a, b) = (SheetRow(), SheetRow())
    while try first.next(into: &a) {
      #expect(try second.next(into: &b) && a == b)
    }
    #expect(try !second.next(into: &b))
  }
}
