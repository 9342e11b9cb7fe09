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

@Suite("Opening the database")
struct DatabaseOpeningTests {
  @Test func locationComesFromFlagThenEnvironmentThenXDG() throws {
    #expect(
      try DatabaseLocation.resolve(flag: "/a.sqlite", environment: ["DAIRY_DB": "/b.sqlite"]).path
        == "/a.sqlite")
    #expect(
      try DatabaseLocation.resolve(flag: nil, environment: ["DAIRY_DB": "/b.sqlite"]).path
        == "/b.sqlite")
    #expect(
      try DatabaseLocation.resolve(flag: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
        == DatabaseLocation(path: "/x/dairy/dairy.sqlite", isDefault: true))
    #expect(
      try DatabaseLocation.resolve(flag: nil, environment: ["HOME": "/h"]).path
        == "/h/.local/share/dairy/dairy.sqlite")
  }

  @Test func defaultLocationCreatesItsFolders() throws {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("deep/er/dairy.sqlite").path
    _ = try DairyDatabase.open(path: path, createFolder: true)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func missingFolder() throws {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("missing").path
    #expect {
      _ = try DairyDatabase.open(path: folder + "/dairy.sqlite")
    } throws: { error in
      (error as? DairyError)?.message
        == "cannot create the database \(folder)/dairy.sqlite: the folder \(folder) does not exist; create it or pass another --db path"
    }
  }

  @Test(.enabled(if: getuid() != 0, "root can write anywhere"))
  func readOnlyFolder() throws {
    let folder = try TestSupport.temporaryFolder()
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o755) }
    #expect(throws: DairyError.self) {
      _ = try DairyDatabase.open(path: folder.path + "/dairy.sqlite")
    }
  }

  @Test func notSQLiteIsLeftAlone() throws {
    let path = try TestSupport.file("notes.sqlite", "these are my notes, not a database\n")
    #expect {
      _ = try DairyDatabase.open(path: path)
    } throws: { error in
      (error as? DairyError)?.message
        == "\(path) is not a SQLite database; pass another --db path or move the file away"
    }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "these are my notes, not a database\n")
  }

  @Test func someoneElsesSQLiteDatabaseIsRefused() throws {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("other.sqlite").path
    try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x)") }
    #expect(throws: DairyError.self) { _ = try DairyDatabase.open(path: path) }
  }

  @Test func newerSchemaIsRefusedAndKept() throws {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("dairy.sqlite").path
    _ = try DairyDatabase.open(path: path)
    try DatabaseQueue(path: path).write {
      try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99')")
    }
    #expect {
      _ = try DairyDatabase.open(path: path)
    } throws: { error in
      (error as? DairyError)?.message.contains("written by a newer version of dairy (schema v99)")
        == true
    }
  }

  @Test func aFolderInsteadOfAFile() throws {
    let folder = try TestSupport.temporaryFolder().path
    #expect(throws: DairyError.self) { _ = try DairyDatabase.open(path: folder) }
  }

  @Test func readableViewsForSQLiteUsers() throws {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("dairy.sqlite").path
    _ = try TestSupport.importPerCapita(into: DairyDatabase.open(path: path))
    let row = try DatabaseQueue(path: path).read { db in
      try Row.fetchOne(db, sql: "SELECT dataset, section, year, amount, unit FROM observations")!
    }
    #expect(
      row == [
        "dataset": "per_capita_consumption_1975-2022", "section": "Fluid beverage milk",
        "year": 1975, "amount": 247.0, "unit": "lb per person",
      ])
  }
}
