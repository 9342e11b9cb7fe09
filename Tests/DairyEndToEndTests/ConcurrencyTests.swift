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

/// Readers beside a writer, and a reader beside a lock: the built binary, several processes.
@Suite(
  "Concurrency: readers during an import, and a locked database", .tags(.endToEnd)
)
struct ConcurrencyTests {
  let cli = CommandLineTests()

  @Test func readersDuringAnImportSeeTheOldOrTheNewDatasetAndNeverFail() throws {
    // Given the dataset "trial" as A (3,000 rows), and B (150,000 rows) to replace it
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("d.sqlite").path
    let a = folder.appendingPathComponent("a.csv").path
    let b = folder.appendingPathComponent("b.csv").path
    try LongCSV.write(rows: 3_000, series: 100, seed: 1, to: a)
    try LongCSV.write(rows: 150_000, series: 1_000, seed: 2, to: b)
    try #require(try cli.run(["import", a, "--dataset", "trial", "--db", db]).status == 0)
    let before = try cli.run(["export", "--format", "csv", "--db", db]).output

    // When B is imported while show, sections and export run in a loop
    let importer = try DairyProcess(["import", b, "--dataset", "trial", "--replace", "--db", db])
    var totals: Set<Int?> = []
    var sectionCounts: Set<Int?> = []
    var exports: Set<String> = []
    var readsDuringImport = 0
    var round = 0
    while importer.isRunning {
      round += 1
      let shown = try cli.run(["show", "--format", "json", "--page-size", "3", "--db", db])
      #expect(shown.status == 0, "show, round \(round): \(shown.error)")
      #expect(shown.error == "", "show, round \(round)")
      totals.insert(try CrashSafetyTests.footerTotal(shown.output))
      if round % 4 == 2 {
        let sections = try cli.run(["sections", "--format", "json", "--db", db])
        #expect(sections.status == 0, "sections, round \(round): \(sections.error)")
        let object =
          try JSONSerialization.jsonObject(with: Data(sections.output.utf8)) as? [String: Any]
        sectionCounts.insert((object?["sections"] as? [Any])?.count)
      }
      if round % 4 == 0 {
        let export = try cli.run(["export", "--format", "csv", "--db", db])
        #expect(export.status == 0, "export, round \(round): \(export.error)")
        exports.insert(export.output)
      }
      if importer.isRunning { readsDuringImport += 1 }
    }
    let imported = try importer.wait()
    let after = try cli.run(["export", "--format", "csv", "--db", db]).output

    // Then the import succeeded, and every read saw all of A or all of B
    #expect(imported.status == 0, "\(imported.error)")
    #expect(readsDuringImport >= 3, "the import ended before the readers got going")
    #expect(totals.isSubset(of: [3_000, 150_000]), "totals seen: \(totals)")
    #expect(sectionCounts.isSubset(of: [100, 1_000]), "section counts seen: \(sectionCounts)")
    #expect(exports.isSubset(of: [before, after]), "an export showed a half-imported dataset")
    #expect(after.split(separator: "\r\n").count == 150_001)
  }

  @Test(.enabled(if: TmuxTerminal.isUsable))
  func browseOnALockedDatabaseShowsRetryAndRLoadsTheRowsOnceTheLockIsGone() throws {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    try #require(try cli.run(["import", TestSupport.usdaCSV, "--db", db]).status == 0)
    // Given another connection holding an exclusive lock (as in the locked `show` test)
    let holder = try TestSupport.holdExclusiveLock(on: db)

    // When browse starts
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    try terminal.type("\(CommandLineTests.binary) browse --db \(db); echo exit=$?")
    try terminal.send("Enter")

    // Then, after the busy wait, the footer says the rows could not be loaded, over no rows
    let screen = try terminal.waitFor("could not load rows")
    let footer = screen.replacingOccurrences(of: "\n   ", with: " ")  // unwrapped
    #expect(footer.contains("is locked by another process"))
    #expect(footer.contains("press r to retry"))
    #expect(!screen.contains("Fluid beverage milk"))

    // When the lock is gone and r is pressed, the rows load
    try holder.writeWithoutTransaction { db in
      try db.execute(sql: "COMMIT")
      try db.execute(sql: "PRAGMA locking_mode = NORMAL")
      _ = try Int.fetchOne(db, sql: "SELECT 1 FROM observation LIMIT 1")
    }
    try holder.close()
    try terminal.send("r")
    let loaded = try terminal.waitFor("rows 1–19 of 958")
    #expect(loaded.hasPrefix("Dairy products: per capita consumption, United States"))
    #expect(loaded.contains("─\nFluid beverage milk "))
    #expect(!loaded.contains("could not load rows"))
    try terminal.send("q")
    try terminal.waitFor("exit=0")
  }
}
