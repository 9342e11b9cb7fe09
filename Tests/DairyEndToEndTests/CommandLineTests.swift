import DairyTestSupport
import Foundation
import GRDB
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// End-to-end: the built `dairy` binary, as a person runs it.
@Suite("dairy command line", .tags(.endToEnd))
struct CommandLineTests {
  typealias Result = DairyCLI.Result
  static let binary = DairyCLI.binary

  func dairy(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
    try DairyCLI().run(arguments, environment: environment)
  }

  func run(
    _ arguments: [String], environment: [String: String] = [:], executable: String = binary
  ) throws -> Result {
    try DairyCLI().run(arguments, environment: environment, executable: executable)
  }

  @Test func importsTheShippedFile() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    let result = try dairy("import", TestSupport.usdaCSV, "--db", db)
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        "imported per_capita_consumption_1975-2022: 21 sections, 958 observations, 50 missing cells in "
      ))
  }

  @Test func badInputIsOneLineOnStderrAndExit65() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("import", TestSupport.usdaCSV, "--db", db)
    let before = try dairy("export", "--db", db).output
    let bad = TestSupport.fixture("bad/ragged-too-many.csv")
    let result = try dairy("import", bad, "--db", db)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(
      result.error
        == "dairy: \(bad):3:14: error: this row has 4 fields but the header has 3; quote fields that contain commas\n"
    )
    #expect(try dairy("export", "--db", db).output == before)
  }

  @Test func readingAnEmptyDatabaseImportsTheBundledData() throws {
    let folder = try TestSupport.temporaryFolder()
    // The default location, under XDG_DATA_HOME, is created on first use.
    let result = try dairy(
      "export", "--format", "csv", environment: ["XDG_DATA_HOME": folder.path, "DAIRY_DB": ""])
    #expect(result.status == 0)
    let path = folder.path + "/dairy/dairy.sqlite"
    let notice = result.error.split(separator: "\n")
    #expect(
      notice.first
        == "dairy: no data yet in \(path); imported the bundled USDA tables (dairy sections lists them)"
    )
    #expect(
      notice.count == 2
        && notice[1].hasPrefix(
          "imported 6 datasets: 291 sections, 15,258 observations, 90 missing cells in ")
    )
    // Every observation and missing cell of the six datasets, the per-capita table's first
    let lines = result.output.split(separator: "\r\n")
    #expect(lines.count == 1 + 15_258 + 90)
    #expect(lines.dropFirst().first?.hasPrefix("per_capita_consumption_1975-2022,") == true)
    #expect(FileManager.default.fileExists(atPath: path))

    // And a second reading command imports nothing
    let again = try dairy(
      "sections", "--format", "json", environment: ["XDG_DATA_HOME": folder.path, "DAIRY_DB": ""])
    #expect(again.status == 0 && again.error == "")
  }

  @Test func databaseFromTheEnvironment() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("env.sqlite").path
    let result = try dairy("import", TestSupport.usdaCSV, environment: ["DAIRY_DB": db])
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: db))
  }

  @Test func notADatabase() throws {
    let path = try TestSupport.file("x.sqlite", "hello\n")
    let result = try dairy("export", "--db", path)
    #expect(result.status == 74)
    #expect(
      result.error
        == "dairy: error: \(path) is not a SQLite database; pass another --db path or move the file away\n"
    )
  }

  @Test func version() throws {
    #expect(try dairy("--version").output == Dairy.version + "\n")
  }
}

@Suite("dairy show and sections", .tags(.endToEnd))
struct ShowCommandLineTests {
  let cli = CommandLineTests()

  func usdaDatabase() throws -> String {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try cli.dairy("import", TestSupport.usdaCSV, "--db", db)
    return db
  }

  @Test func followingJSONNextVisitsEveryObservationOnce() throws {
    let db = try usdaDatabase()
    var seen: [String] = []
    var after: String? = nil
    var calls = 0
    repeat {
      var arguments = ["show", "--format", "json", "--page-size", "200", "--db", db]
      if let after { arguments += ["--after", after] }
      let result = try cli.run(arguments)
      #expect(result.status == 0)
      let object =
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
      for section in object["sections"] as! [[String: Any]] {
        for row in section["rows"] as! [[String: Any]] {
          seen.append("\(section["title"]!)|\(row["year"]!)")
        }
      }
      let footer = object["footer"] as! [String: Any]
      after = footer["next"] as? String
      #expect(footer["state"] as? String == (after == nil ? "completed" : "loadMore"))
      calls += 1
    } while after != nil && calls < 20
    #expect(calls == 5)
    #expect(seen.count == 958)
    #expect(Set(seen).count == 958)
  }

  @Test func aLockedDatabaseShowsRetryAndExits75ThenWorks() throws {
    let db = try usdaDatabase()
    // Given another connection holding an exclusive lock
    let holder = try TestSupport.holdExclusiveLock(on: db)
    let locked = try cli.dairy("show", "butter", "--db", db, "--width", "1000")
    #expect(locked.status == 75)
    #expect(
      locked.output.hasPrefix(
        "── could not load rows: \(db) is locked by another process (database is locked) · try again: dairy show butter --width 1000 --db \(db)"
      ))
    // When the lock is gone, the same command succeeds
    try holder.writeWithoutTransaction { db in
      try db.execute(sql: "COMMIT")
      try db.execute(sql: "PRAGMA locking_mode = NORMAL")
      _ = try Int.fetchOne(db, sql: "SELECT 1 FROM observation LIMIT 1")
    }
    try holder.close()
    let result = try cli.dairy("show", "butter", "--db", db, "--width", "1000")
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "── 50 of 96 rows · next page: dairy show butter --width 1000 --db \(db) --after "))
  }

  @Test func everyFooterStateFromTheCommandLine() throws {
    let db = try usdaDatabase()
    func footer(_ arguments: String...) throws -> String {
      let result = try cli.run(["show"] + arguments + ["--db", db, "--format", "json"])
      let object =
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
      return (object["footer"] as! [String: Any])["state"] as! String
    }
    #expect(try footer("--page-size", "50") == "loadMore")
    // To a pipe without --page-size, every row: the footer says all were loaded
    #expect(try footer() == "completed")
    #expect(try footer("butter", "--page-size", "100") == "completed")
    #expect(try footer("butter", "--since", "2000", "--page-size", "100") == "completedWithHistory")
    #expect(try footer("xyz") == "hidden")
  }

  @Test func heightMakesTheFooterSticky() throws {
    let db = try usdaDatabase()
    let result = try cli.dairy(
      "show", "skim-solids", "--since", "2020", "--height", "30", "--db", db)
    let lines = Array(
      result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast())
    #expect(lines.count == 30)
    // The footer's lines end the output, with blank padding above them.
    let footer = try #require(lines.firstIndex { $0.hasPrefix("── all 3 rows from 2020 shown") })
    #expect(lines[(footer + 1)...].allSatisfy { $0.hasPrefix("   ") })
    #expect(lines[footer - 3..<footer].allSatisfy { $0.isEmpty })
  }

  @Test func sectionsListsEverySection() throws {
    let db = try usdaDatabase()
    let result = try cli.dairy("sections", "--db", db, "--width", "100")
    #expect(result.status == 0)
    // The dataset line, its title, source and link, the column header, and a line a section
    #expect(result.output.split(separator: "\n").count == 5 + 21)
    let json = try cli.dairy("sections", "cheese", "--format", "json", "--db", db)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as! [String: Any]
    #expect((object["sections"] as! [Any]).count == 3)
  }

  @Test func badOptionsAreUsageErrors() throws {
    let result = try cli.dairy("show", "--since", "2010", "--until", "2000")
    #expect(result.status == 64)
    #expect(result.error.contains("--since 2010 is after --until 2000."))
  }
}
