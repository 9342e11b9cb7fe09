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

@Suite("Bad input never half-lands")
struct BadInputTests {
  static let fixtureNames = TestSupport.badFixtureNames

  /// A database that already holds the USDA table, to check that a failed import leaves it as is.
  static func populated() throws -> DairyDatabase {
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    return database
  }

  @Test func thereIsAFixtureForEveryCase() {
    #expect(Self.fixtureNames.count >= 20)
  }

  @Test(arguments: fixtureNames)
  func fixtureFailsWithItsExpectedMessage(name: String) throws {
    // Given a database with data, and a bad file
    let database = try Self.populated()
    let before = try TestSupport.dump(database)
    let path = TestSupport.fixture("bad/" + name)
    let expected = try String(
      contentsOfFile: path.replacingOccurrences(of: ".csv", with: ".expected"), encoding: .utf8)
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: database))
    // Then the message names the file, line and column, and the database is unchanged
    let folder = TestSupport.fixtures.appendingPathComponent("bad").path + "/"
    #expect(error.description.replacingOccurrences(of: folder, with: "") + "\n" == expected)
    #expect(error.exitCode != 0)
    #expect(try TestSupport.dump(database) == before)
  }

  @Test func aBadSecondFileUndoesTheFirst() throws {
    let database = try DairyDatabase.inMemory()
    let good = try TestSupport.file("good.csv", "Year,Milk\n1975,247\n")
    let bad = TestSupport.fixture("bad/non-integral-year.csv")
    #expect(TestSupport.importError([good, bad], into: database) != nil)
    #expect(try database.isEmpty())
  }

  @Test func aFailedReplacementKeepsTheOldDataset() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("milk.csv").path
    try Data("Year,Milk\n1975,247\n".utf8).write(to: URL(fileURLWithPath: path))
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let before = try TestSupport.dump(database)
    try Data("Year,Milk\n1975,240\n1976,oops\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(TestSupport.importError([path], into: database) != nil)
    #expect(try TestSupport.dump(database) == before)
  }

  @Test func aFieldOverOneMebibyte() throws {
    let path = try TestSupport.file(
      "huge.csv", "Year,Milk\n1975,\"" + String(repeating: "9", count: (1 << 20) + 1) + "\"\n")
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(error.location == SourceLocation(file: path, line: 2, column: 6))
    #expect(error.message.contains("longer than 1 MiB"))
  }

  @Test func aFileThatDoesNotExist() throws {
    let error = try #require(
      TestSupport.importError(["/nonexistent/milk.csv"], into: try DairyDatabase.inMemory()))
    #expect(error.description == "/nonexistent/milk.csv: error: no such file")
  }

  @Test func aDirectory() throws {
    let folder = try TestSupport.temporaryFolder().path
    let error = try #require(TestSupport.importError([folder], into: try DairyDatabase.inMemory()))
    #expect(error.description == "\(folder): error: is a directory, not a CSV file")
  }

  @Test func aDuplicateAcrossTwoFilesOfOneDataset() throws {
    let first = try TestSupport.file("a.csv", "Year,Milk\n1975,247\n")
    let second = try TestSupport.file("b.csv", "Year,Butter,Milk\n1976,4.3,240\n1975,4.7,246\n")
    var options = ImportOptions()
    options.dataset = "both"
    let error = try #require(
      TestSupport.importError(
        [first, second], into: try DairyDatabase.inMemory(), options: options))
    #expect(
      error.description
        == "\(second):3:10: error: \"Milk\" has year 1975 twice: here and at \(first):2:6")
  }

  /// Errors come in the order of the files: a year given twice in the first file, found when
  /// its observations are written (at the file's end, while its digest is computed), comes
  /// before a bad number in the second.
  @Test func aDuplicateInTheFirstFileComesBeforeABadNumberInTheSecond() throws {
    let first = try TestSupport.file(
      "dup.csv", "state,year,value\nOhio,1975,1\nIowa,1975,2\nOhio,1975,3\n")
    let second = try TestSupport.file("typo.csv", "Year,Milk\n1975,247\n1976,lots\n")
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([first, second], into: database))
    #expect(
      error.description
        == "\(first):4:11: error: \"Ohio\" has year 1975 twice: here and at \(first):2:11")
    #expect(try database.isEmpty())
  }

  /// A table's CSV and its workbook, or two files of one name in two folders: their stems name
  /// one dataset, and the error says how to keep both.
  @Test func aDuplicateAcrossTwoFilesWhoseStemsNameOneDataset() throws {
    let folder = try TestSupport.temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("again"), withIntermediateDirectories: true)
    let first = folder.appendingPathComponent("milk.csv").path
    let second = folder.appendingPathComponent("again/milk.csv").path
    try "Year,Milk\n1975,247\n".write(toFile: first, atomically: true, encoding: .utf8)
    try "Year,Milk\n1975,246\n".write(toFile: second, atomically: true, encoding: .utf8)
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([first, second], into: database))
    #expect(
      error.description
        == "\(second):2:6: error: \"Milk\" has year 1975 twice: here and at \(first):2:6;"
        + " both files import into dataset 'milk': import one of them on its own with"
        + " --dataset NAME")
  }

  @Test func aDuplicateInsideAFullInsertBatch() throws {
    // 300 rows, so the clash happens inside a 128-row batch statement rather than at the end.
    var text = "state,year,value\n"
    for year in 1700..<2000 { text += "Ohio,\(year),1\n" }
    text += "Iowa,1975,2\nOhio,1850,3\n"
    for year in 1700..<2000 { text += "Utah,\(year),1\n" }
    let path = try TestSupport.file("many.csv", text)
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(
      error.description
        == "\(path):303:11: error: \"Ohio\" has year 1850 twice: here and at \(path):152:11")
    #expect(try database.isEmpty())
  }
}
