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

/// Paging never mixes two versions of a dataset: a cursor and a loaded browse know the version
/// they were made from, and a dataset imported again since is never spliced onto the old one.
@Suite("Dataset versions")
struct DatasetVersionTests {

  @Test func eachImportThatChangesADatasetGivesItANewVersion() throws {
    // Given milk imported
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    let first = try database.page(PageRequest()).parts[0].section.info
    // When the same bytes come again, or another dataset, milk's version stays
    _ = try database.importFiles([path])
    _ = try database.importFiles([try TestSupport.file("other.csv", "Year,X\n1990,1\n")])
    #expect(try database.page(PageRequest()).parts[0].section.info.version == first.version)
    // When other values come, it moves on, past every version before
    _ = try database.importFiles(
      [try TestSupport.milk(222, at: path)], options: TestSupport.replacing)
    let second = try database.page(PageRequest()).parts[0].section.info
    #expect(first.version == 1)
    #expect(second.version == 3)
  }

  /// A database written before versions existed gets each dataset's from its imports log.
  @Test func theMigrationGivesOldDatasetsTheirLastImportAsVersion() throws {
    // Given a database with the schema before versions, and two imports of milk in its log
    let path = try TestSupport.temporaryFolder().appendingPathComponent("old.sqlite").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      for migration in DairyDatabase.migrations.prefix(2) {
        try db.execute(sql: migration.sql)
        try db.execute(
          sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.identifier])
      }
      try db.execute(
        sql: """
          INSERT INTO dataset (id, name, fingerprint) VALUES (1, 'milk', 'f');
          INSERT INTO section (id, datasetId, position, key, title, observationCount, firstYear,
            lastYear) VALUES (1, 1, 0, 'A', 'A', 1, 1990, 1990);
          INSERT INTO observation VALUES (1, 1990, 1.5);
          """)
      for _ in 0..<2 {
        try db.execute(
          sql: """
            INSERT INTO "import" (dataset, fileName, sha256, bytes, rowCount, sectionCount,
              observationCount, missingCount, importedAt, toolVersion)
            VALUES ('milk', 'milk.csv', '', 0, 1, 1, 1, 0, '', '')
            """)
      }
    }
    try queue.close()
    // When this dairy opens it
    let database = try DairyDatabase.open(path: path)
    // Then milk's version is its last import's number
    #expect(try database.page(PageRequest()).parts.first?.section.info.version == 2)
  }

  @Test func aCursorFromBeforeAReimportIsRefused() throws {
    // Given page 1 of milk, and its cursor
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    let cursor = try #require(try database.page(PageRequest()).next)
    #expect(cursor.description == "1:1949@v1")
    // When milk is imported again with other values, into the same section ids
    _ = try database.importFiles(
      [try TestSupport.milk(222, at: path)], options: TestSupport.replacing)
    #expect(try database.page(PageRequest()).parts[0].section.info.id == cursor.section)
    // Then the cursor is refused: following it would continue 111s with 222s
    let error = try #require(throws: DairyError.self) {
      try database.page(PageRequest(start: .after(cursor)))
    }
    #expect(error.kind == .stale)
    #expect(
      error.message
        == "the cursor 1:1949@v1 was made from another version of milk, which is now v2 "
        + "(imported again since)")
  }

  @Test func aCursorOutlivesOtherImportsButNotItsSection() throws {
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    let cursor = try #require(try database.page(PageRequest()).next)
    // Another dataset imported: the cursor still works
    _ = try database.importFiles([try TestSupport.file("zzz.csv", "Year,X\n1990,1\n")])
    #expect(try database.page(PageRequest(start: .after(cursor))).rowsBefore == 50)
    // Milk imported again, into new section ids: the cursor's section is gone
    _ = try database.importFiles(
      [try TestSupport.milk(222, at: path)], options: TestSupport.replacing)
    #expect(
      throws: DairyError(
        .stale, "the cursor 1:1949@v1 is in a section that is gone: its data was imported again")
    ) {
      try database.page(PageRequest(start: .after(cursor)))
    }
  }

  @Test func aCursorWithoutAVersionIsRefusedAndOneOutsideTheSearchIsAUsageError() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.milk(111)])
    let old = try #require(PageCursor("1:1949"))
    #expect(old.version == nil)
    let error = try #require(throws: DairyError.self) {
      try database.page(PageRequest(start: .after(old)))
    }
    #expect(error.kind == .stale)
    let elsewhere = PageRequest(
      filter: SectionFilter(search: "B"),
      start: .after(PageCursor(section: 1, year: 1949, version: 1)))
    #expect(
      throws: DairyError(.usage, "the cursor 1:1949@v1 is in a section the search does not match")
    ) {
      try database.page(elsewhere)
    }
  }

  @Test func cursorsReadTheirVersion() {
    #expect(PageCursor("12:1999@v3") == PageCursor(section: 12, year: 1999, version: 3))
    #expect(PageCursor("12:1999") == PageCursor(section: 12, year: 1999, version: nil))
    for bad in ["12:1999@", "12:1999@v", "12:1999@3", "12:1999@v-1", "12:1999@vx", "@v3"] {
      #expect(PageCursor(bad) == nil, "\(bad)")
    }
  }

  @Test func showRefusesAStaleCursorWithTheCommandThatStartsAgain() throws {
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    var line = ShowCommandLine(database: "d.sqlite")
    let next: PageCursor = try #require(try database.page(line.pageRequest).next)
    line.after = next
    _ = try database.importFiles(
      [try TestSupport.milk(222, at: path)], options: TestSupport.replacing)
    var page = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: Terminal(width: 80), output: &page, errors: &errors,
      open: { ReadingDatabase(database: database) })
    #expect(status == 64)
    #expect(page == "")
    #expect(
      errors
        == "dairy: error: the cursor 1:1949@v1 was made from another version of milk, which is "
        + "now v2 (imported again since); start again from the first page: dairy show --db "
        + "d.sqlite\n")
  }

  @Test func loadedSectionsNeverJoinTwoVersionsOfASection() throws {
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    let old = try database.page(PageRequest(pageSize: 10))
    _ = try database.importFiles(
      [try TestSupport.milk(222, at: path)], options: TestSupport.replacing)
    var newer = try database.page(PageRequest(pageSize: 10))
    newer.parts[0].opensSection = false
    var loaded = LoadedSections()
    loaded.append(old)
    #expect(loaded.isFromAnotherVersion(newer))
    loaded.append(newer)
    #expect(loaded.parts.count == 2)
    #expect(loaded.parts.map { Set($0.section.rows.map(\.amount)) } == [[111], [222]])
  }
}
