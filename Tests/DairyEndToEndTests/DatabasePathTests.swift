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

/// Database paths that cannot be used, for every command: an empty `--db`, no home folder, a
/// folder, a dairy database that lost a table.
@Suite("Database paths, for every command", .tags(.endToEnd))
struct DatabasePathTests {
  let cli = CommandLineTests()

  /// Every command that opens the database, with the arguments it needs (browse is tested in a
  /// terminal below).
  static let commands = [
    ["show"], ["sections"], ["export"], ["import", TestSupport.usdaCSV],
  ]

  @Test func anEmptyDBIsAUsageError() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A default location that would work, to show that --db "" does not fall back to it
    let environment = ["HOME": folder.path, "XDG_DATA_HOME": "", "DAIRY_DB": ""]
    for command in Self.commands {
      let result = try cli.run(command + ["--db", ""], environment: environment)
      #expect(result.status == 64, "\(command[0])")
      #expect(result.output == "", "\(command[0])")
      #expect(
        result.error == "dairy: error: the database path is empty; pass a file path with --db\n",
        "\(command[0])")
      // ArgumentParser refuses `--db=` itself
      #expect(try cli.run(command + ["--db="], environment: environment).status == 64)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(arguments: ["", "relative/home"])
  func noUsableHomeIsAnErrorNotTheRootFolder(_ home: String) throws {
    // (Run from an empty folder, where a relative home would land.)
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rootData = "/.local/share/dairy"
    let rootDataExisted = FileManager.default.fileExists(atPath: rootData)
    let expected =
      "dairy: error: cannot tell where the database goes: HOME is "
      + (home.isEmpty ? "empty" : "not an absolute path")
      + " and XDG_DATA_HOME is not set to one; set HOME, or pass --db PATH\n"
    for command in Self.commands {
      let environment = ["HOME=\(home)", "XDG_DATA_HOME=", "DAIRY_DB="]
      let result = try DairyProcess(
        command, prefix: ["/usr/bin/env", "-C", folder.path] + environment
      ).wait()
      #expect(result.status == 64, "\(command[0])")
      #expect(result.error == expected, "\(command[0])")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    if !rootDataExisted { #expect(!FileManager.default.fileExists(atPath: rootData)) }
  }

  @Test func theDefaultLocationFollowsHomeAndXDG() throws {
    let resolve = { (environment: [String: String]) in
      try DatabaseLocation.resolve(flag: nil, environment: environment).path
    }
    #expect(try resolve(["HOME": "/h"]) == "/h/.local/share/dairy/dairy.sqlite")
    #expect(
      try resolve(["HOME": "/h", "XDG_DATA_HOME": ""]) == "/h/.local/share/dairy/dairy.sqlite")
    #expect(try resolve(["HOME": "", "XDG_DATA_HOME": "/x"]) == "/x/dairy/dairy.sqlite")
    #expect(try resolve(["HOME": "", "DAIRY_DB": "d.sqlite"]) == "d.sqlite")
    #expect(throws: DairyError.self) { try resolve(["HOME": "", "XDG_DATA_HOME": "x"]) }
    #expect(throws: DairyError.self) { try DatabaseLocation.resolve(flag: "", environment: [:]) }
    #expect(throws: DairyError.self) { try DairyDatabase.open(path: "") }
  }

  @Test func aFolderIsAFolderForEveryCommand() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for command in Self.commands {
      let result = try cli.run(command + ["--db", folder.path])
      #expect(result.status == 74, "\(command[0])")
      #expect(result.output == "", "\(command[0])")
      #expect(
        result.error
          == "dairy: error: \(folder.path) is a folder, not a database file; pass a file path "
          + "with --db\n", "\(command[0])")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(arguments: DairyDatabase.schemaObjects.map { "\($0) \($1)" })
  func aDairyDatabaseMissingATableSaysWhichAndWhatToDo(_ object: String) throws {
    // Given a dairy database that lost one of its tables or views
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("d.sqlite").path
    try #require(try cli.run(["import", TestSupport.usdaCSV, "--db", db]).status == 0)
    let queue = try DatabaseQueue(path: db)
    try queue.write {
      try $0.execute(sql: "DROP \(object.replacingOccurrences(of: " ", with: " \""))\"")
    }
    try queue.close()

    // Then every command says which, and what to do, exit 74
    for command in Self.commands {
      let result = try cli.run(command + ["--db", db])
      #expect(result.status == 74, "\(command[0])")
      #expect(result.output == "", "\(command[0])")
      #expect(
        result.error
          == "dairy: error: \(db) is a dairy database, but its \(object) is missing; restore the "
          + "file from a copy, or move it away and run dairy again to start a new one\n",
        "\(command[0])")
    }
  }

  @Test(.enabled(if: TmuxTerminal.isUsable))
  func browseSaysTheSame() throws {
    let folder = try TestSupport.temporaryFolder()
    let terminal = try TmuxTerminal(width: 200)
    defer { terminal.kill() }
    try terminal.type("\(CommandLineTests.binary) browse --db ''; echo exit=$?")
    try terminal.send("Enter")
    try terminal.waitFor("the database path is empty; pass a file path with --db\nexit=64")
    try terminal.type("\(CommandLineTests.binary) browse --db \(folder.path); echo exit=$?")
    try terminal.send("Enter")
    let screen = try terminal.waitFor("exit=74")
    #expect(screen.contains("is a folder, not a database file"))
  }
}
