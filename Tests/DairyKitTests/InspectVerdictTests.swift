import Foundation
import Testing

@testable import DairyKit

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

  @Test(arguments: BadInputTests.fixtureNames)
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
}
