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

/// Several `dairy` processes started at once on a database that does not exist yet, at the
/// default location (the only one a reading command makes): one creates and migrates it (and one
/// imports the bundled data), the others wait and then go on.
///
/// `DAIRY_FIRST_USE_TRIALS` (default 5) and `DAIRY_FIRST_USE_PROCESSES` (default 8) size the run;
/// `Scripts/first-use-trials` runs 8 × 20.
@Suite(
  "First use under concurrency: processes racing on a new database", .tags(.endToEnd),
  .tags(.endToEnd))
struct FirstUseConcurrencyTests {
  static let environment = ProcessInfo.processInfo.environment
  static let trials = environment["DAIRY_FIRST_USE_TRIALS"].flatMap { Int($0) } ?? 5
  static let processes = environment["DAIRY_FIRST_USE_PROCESSES"].flatMap { Int($0) } ?? 8

  /// What the processes of one trial run: `show` only, `import` only, or both in turn.
  enum Mix: CaseIterable {
    case show, `import`, both

    func isShow(_ index: Int) -> Bool {
      switch self {
      case .show: true
      case .import: false
      case .both: index % 2 == 0
      }
    }
  }

  @Test func processesRacingOnANewDatabaseAllSucceedAndTheDataLandsOnce() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var failures = 0
    for trial in 0..<Self.trials {
      let mix = Mix.allCases[trial % Mix.allCases.count]
      let (db, environment) = Self.defaultLocation(in: folder, "trial-\(trial)")
      let trace = "trial \(trial) (\(mix))"

      // When N processes start at once on a path where nothing exists yet
      let started = try (0..<Self.processes).map { index in
        try DairyProcess(
          mix.isShow(index)
            ? ["show", "--format", "json", "--page-size", "1"]
            : ["import", TestSupport.usdaCSV], environment: environment)
      }
      let results = try started.map { try $0.wait() }

      // Then every one of them succeeds, and every show reads all the data
      for (index, result) in results.enumerated() where result.status != 0 {
        failures += 1
        Issue.record("\(trace), process \(index): exit \(result.status): \(result.error)")
      }
      // And the bundled data was imported by one process at most (exactly one with no import)
      let notices = results.filter { $0.error.contains("imported the bundled USDA tables") }.count
      // And every show reads all the data: the bundle's when a show imported it, else the
      // per-capita table an import wrote first (a show then finds the user's own data)
      let total = notices == 1 ? Self.bundle.observations : 958
      for (index, result) in results.enumerated() where mix.isShow(index) && result.status == 0 {
        #expect(try CrashSafetyTests.footerTotal(result.output) == total, "\(trace)")
      }
      let imports = results.filter { $0.output.hasPrefix("imported ") }.count
      #expect(notices <= 1, "\(trace): \(notices) processes imported the bundled data")
      if mix == .show { #expect(notices == 1, "\(trace)") }
      if mix == .import { #expect(imports == 1, "\(trace): \(imports) imports wrote") }

      // And the database is sound, migrated once, and holds the data exactly once
      try Self.expectSound(db, trace: trace, bundled: notices == 1)
    }
    if Self.environment["DAIRY_FIRST_USE_TRIALS"] != nil {
      print(
        "first-use trials: \(Self.trials) × \(Self.processes) processes: "
          + "\(Self.trials * Self.processes - failures) exited 0, \(failures) failed")
    }
  }

  @Test func connectionsOpeningANewFileTogetherAllGetTheSchemaAndOneImports() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcomes = Outcomes()
    for trial in 0..<Self.trials * 4 {
      let path = folder.appendingPathComponent("trial-\(trial).sqlite").path
      let start = DispatchTime.now() + .milliseconds(20)
      DispatchQueue.concurrentPerform(iterations: Self.processes) { _ in
        while DispatchTime.now() < start {}
        do {
          let database = try DairyDatabase.open(path: path)
          if let summary = try database.importBundledData()?.summary {
            outcomes.append("trial \(trial): imported\(summary.unchanged ? " (unchanged)" : "")")
          }
        } catch {
          outcomes.append("trial \(trial): \(error)")
        }
      }
      try Self.expectSound(path, trace: "trial \(trial)", bundled: true)
    }
    #expect(outcomes.all.sorted() == (0..<Self.trials * 4).map { "trial \($0): imported" }.sorted())
  }

  @Test func openingANewFileWaitsForAConnectionSwitchingItToWAL() throws {
    // Given a new file that another connection is writing in rollback mode, as a process does
    // while it switches a new file to WAL. (SQLite answers "database is locked" at once, without
    // waiting, to a second connection that asks for WAL then.)
    let path = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let holder = try DatabaseQueue(path: path, configuration: configuration)
    try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    // A thread of its own, not the global queue: the other tests of this suite fill the
    // queue's threads with busy-waiting workers, and under load the commit waited past the
    // open's 3 s busy timeout (a failure seen at load 13 on 2 cores).
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.5)
      try? holder.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
    }

    // When the database is opened, it waits for the writer and then works
    let clock = ContinuousClock()
    let start = clock.now
    let database = try DairyDatabase.open(path: path)
    #expect(clock.now - start >= .milliseconds(400))
    #expect(try database.isEmpty())
  }

  /// The bundle's datasets, sections and observations (`BundledDataTests` has them one by one).
  static let bundle = (datasets: 6, sections: 291, observations: 15_258)

  /// The file passes `integrity_check`, records each migration once, and holds the USDA data
  /// once: the bundle when a reading command `bundled` it, else the per-capita table an import
  /// wrote (21 sections, 958 observations).
  static func expectSound(
    _ path: String, trace: String, bundled: Bool,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    try queue.read { db in
      let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
      #expect(integrity == ["ok"], "\(trace)", sourceLocation: sourceLocation)
      let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
      #expect(
        migrations.sorted() == DairyDatabase.migrations.map(\.identifier).sorted(), "\(trace)",
        sourceLocation: sourceLocation)
      let counts = try ["dataset", "section", "observation"].map { table in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")
      }
      let expected =
        bundled ? [bundle.datasets, bundle.sections, bundle.observations] : [1, 21, 958]
      #expect(counts == expected, "\(trace)", sourceLocation: sourceLocation)
    }
  }

  @Test func anImportWaitsItsBudgetForAWriterOnANewDatabaseThenSaysBusy() throws {
    // Given a new database whose write lock another process holds
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (db, environment) = Self.defaultLocation(in: folder, "home")
    try FileManager.default.createDirectory(
      atPath: (db as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let holder = try Self.holdWriteLock(on: db)

    // When an import and a show start: they wait the busy budget (3 s), then exit 75
    let clock = ContinuousClock()
    let start = clock.now
    let importer = try DairyProcess(["import", TestSupport.usdaCSV], environment: environment)
    let shower = try DairyProcess(["show", "--format", "json"], environment: environment)
    let imported = try importer.wait()
    let shown = try shower.wait()
    let waited = clock.now - start
    #expect(imported.status == 75, "\(imported.error)")
    #expect(
      imported.error == "dairy: error: \(db) is locked by another process (database is locked)\n")
    #expect(shown.status == 75, "\(shown.error)")
    #expect(shown.output.contains("is locked by another process"))
    #expect(waited >= .seconds(3), "gave up after \(waited)")

    // When the lock is gone, both work, and the data lands once
    try holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    try holder.close()
    let shownLater = try DairyProcess(["show", "--format", "json"], environment: environment)
    #expect(try shownLater.wait().status == 0)
    let importedLater = try DairyProcess(["import", TestSupport.usdaCSV], environment: environment)
    #expect(try importedLater.wait().status == 0)
    try Self.expectSound(db, trace: "after the lock", bundled: true)
  }

  /// The default location under `folder/name` (`$XDG_DATA_HOME`), and the environment that
  /// makes it the database of every command without `--db`.
  static func defaultLocation(in folder: URL, _ name: String) -> (String, [String: String]) {
    let home = folder.appendingPathComponent(name).path
    return (home + "/dairy/dairy.sqlite", ["XDG_DATA_HOME": home, "DAIRY_DB": ""])
  }

  /// A connection that made `path` a WAL database and holds its write lock (`BEGIN IMMEDIATE`)
  /// until `ROLLBACK` is executed on it.
  static func holdWriteLock(on path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let holder = try DatabaseQueue(path: path, configuration: configuration)
    try holder.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      try db.execute(sql: "BEGIN IMMEDIATE")
    }
    return holder
  }
}

/// What several threads report.
final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  func append(_ failure: String) { lock.withLock { list.append(failure) } }
  var all: [String] { lock.withLock { list } }
}
