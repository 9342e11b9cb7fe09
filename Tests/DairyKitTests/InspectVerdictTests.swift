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

/// `dairy inspect` gives the verdict `dairy import` gives, for every file: the same exit status and
/// the same first error, while it still shows how the rest of the file reads.
@Suite("inspect agrees with import")
struct InspectVerdictTests {
  /// What `dairy inspect FILE` prints and returns.
  static func inspect(_ path: String, format: InspectFlow.Format = .table) -> (
    status: Int32, output: String, errors: String
  ) {
    var output = ""
    var errors = ""
    let status = InspectFlow.run(
      InspectFlow.Request(files: [path], format: format), terminal: Terminal(width: 100),
      output: &output, errors: &errors)
    return (status, output, errors)
  }

  /// What `dairy import FILE` says and returns, into a new database.
  static func importVerdict(_ path: String) throws -> (status: Int32, errors: String) {
    var errors = ""
    guard let error = TestSupport.importError([path], into: try DairyDatabase.inMemory()) else {
      return (0, "")
    }
    let status = DairyError.report(error, to: &errors)
    return (status, errors)
  }

  @Test(arguments: TestSupport.badFixtureNames)
  func everyBadFixtureIsRefusedByInspectAsByImport(name: String) throws {
    // Given a file that import refuses
    let path = TestSupport.fixture("bad/" + name)
    let refused = try Self.importVerdict(path)
    #expect(refused.status == 65)

    // When it is inspected
    let inspected = Self.inspect(path)

    // Then inspect exits as import does, with the same first error
    #expect(inspected.status == refused.status)
    #expect(inspected.errors == refused.errors)
  }

  @Test(arguments: ["commas.csv", "div-zero.xlsx"])
  func aCellThatIsNotANumberIsImportsErrorAndStillListed(name: String) throws {
    // Given a file with one cell that is not a number ("1,2,3", an xlsx #DIV/0!)
    let path = TestSupport.fixture("inspect/" + name)
    let refused = try Self.importVerdict(path)
    #expect(refused.status == 65)

    // When it is inspected, as a table and as JSON
    let table = Self.inspect(path)
    let json = Self.inspect(path, format: .json)

    // Then both exit 65 with import's error, and still show the series and the bad cell
    for inspected in [table, json] {
      #expect(inspected.status == 65)
      #expect(inspected.errors == refused.errors)
    }
    #expect(table.output.contains("Butter"))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    let error = try #require(file["error"] as? String)
    #expect(refused.errors == "dairy: \(error)\n")
    #expect((file["datasets"] as? [Any])?.isEmpty == false)
  }

  @Test func aGoodFileIsAcceptedByBoth() throws {
    let path = TestSupport.usdaCSV
    #expect(try Self.importVerdict(path).status == 0)
    let inspected = Self.inspect(path)
    #expect(inspected.status == 0)
    #expect(inspected.errors.isEmpty)
  }

  // MARK: - Several files, read together as import reads them

  /// What `dairy inspect FILES…` prints and returns.
  static func inspect(_ paths: [String]) -> (status: Int32, output: String, errors: String) {
    var output = ""
    var errors = ""
    let status = InspectFlow.run(
      InspectFlow.Request(files: paths), terminal: Terminal(width: 100), output: &output,
      errors: &errors)
    return (status, output, errors)
  }

  @Test func aFileGivenTwiceIsRefusedAsImportRefusesIt() throws {
    // Given a file, named twice (by one path, and by two)
    let path = try TestSupport.file("ok.csv", "Year,Milk\n1975,1\n")
    let folder = (path as NSString).deletingLastPathComponent
    let other = folder + "/./ok.csv"
    for paths in [[path, path], [path, other]] {
      // When they are inspected and imported
      var refused = ""
      let error = try #require(
        TestSupport.importError(paths, into: try DairyDatabase.inMemory()))
      let status = DairyError.report(error, to: &refused)
      let inspected = Self.inspect(paths)

      // Then both refuse it alike, a usage error, before reading anything
      #expect(status == 64)
      #expect(inspected.status == status && inspected.errors == refused)
      #expect(inspected.output.isEmpty)
    }
  }

  @Test func twoFilesOfOneDatasetThatGiveAYearTwiceAreRefusedAsImportRefusesThem() throws {
    // Given two files whose stems name one dataset, each fine alone, with a year in common
    let first = try TestSupport.temporaryFolder().appendingPathComponent("x.csv").path
    let second = try TestSupport.temporaryFolder().appendingPathComponent("x.csv").path
    try Data("Year,Milk\n1990,1\n".utf8).write(to: URL(fileURLWithPath: first))
    try Data("Year,Milk\n1990,2\n".utf8).write(to: URL(fileURLWithPath: second))
    var refused = ""
    let error = try #require(
      TestSupport.importError([first, second], into: try DairyDatabase.inMemory()))
    let status = DairyError.report(error, to: &refused)

    // When they are inspected together
    let inspected = Self.inspect([first, second])

    // Then inspect gives import's verdict, and still shows how each reads
    #expect(status == 65)
    #expect(inspected.status == status && inspected.errors == refused)
    #expect(inspected.output.contains("dataset x"))
  }
}
