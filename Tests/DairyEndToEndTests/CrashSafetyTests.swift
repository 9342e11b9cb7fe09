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

/// `dairy import` killed with SIGKILL at a random moment: the database file stays sound and holds
/// the dataset exactly as it was before, or exactly as the import makes it, never a mix.
///
/// `DAIRY_CRASH_TRIALS` (default 5) and `DAIRY_CRASH_ROWS` (default 200,000) size the run;
/// `Scripts/crash-trials` runs many. The moments are drawn from ``TestSeed``: a failure names its
/// `DAIRY_TEST_SEED`, and the same seed kills at the same fractions of the import's duration
/// (where the import then is still depends on the machine's speed).
@Suite("Crash safety: dairy import killed at a random moment", .tags(.endToEnd))
struct CrashSafetyTests {
  let cli = CommandLineTests()
  static let environment = ProcessInfo.processInfo.environment
  static let trials = environment["DAIRY_CRASH_TRIALS"].flatMap { Int($0) } ?? 5
  static let rows = environment["DAIRY_CRASH_ROWS"].flatMap { Int($0) } ?? 200_000

  @Test func aKilledImportLeavesTheOldOrTheNewDatasetNeverAMix() throws {
    // Given version A of the dataset "trial" (3,000 rows) and a long version B
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = folder.appendingPathComponent("a.csv").path
    let b = folder.appendingPathComponent("b.csv").path
    try LongCSV.write(rows: 3_000, series: 100, seed: 1, to: a)
    try LongCSV.write(rows: Self.rows, series: 1_000, seed: 2, to: b)
    // B imported without interruption: what it makes, and how long it takes
    let reference = folder.appendingPathComponent("b.sqlite").path
    let clock = ContinuousClock()
    let started = clock.now
    try #require(try cli.run(["import", b, "--dataset", "trial", "--db", reference]).status == 0)
    let duration = (clock.now - started) / .seconds(1)
    let stateB = try DatasetState(path: reference, dataset: "trial")

    var outcomes = (old: 0, new: 0)
    var random = TestSeed.generator()
    for trial in 0..<Self.trials {
      let db = folder.appendingPathComponent("trial-\(trial).sqlite").path
      try #require(try cli.run(["import", a, "--dataset", "trial", "--db", db]).status == 0)
      let stateA = try DatasetState(path: db, dataset: "trial")

      // When an import of B into it is killed at a random moment of the import's duration, or a
      // little after (the commit and the checkpoint come last, and a run may be slower)
      let fraction = Double.random(in: 0..<1.2, using: &random)
      let delay = fraction * duration
      let trace =
        "trial \(trial), killed after \(String(format: "%.3f", delay)) s "
        + "(\(String(format: "%.3f", fraction)) of an import); \(TestSeed.replay)"
      let importer = try DairyProcess(["import", b, "--dataset", "trial", "--replace", "--db", db])
      Thread.sleep(forTimeInterval: delay)
      importer.kill()
      try importer.wait()

      // Then a reading command works at once and shows A's or B's total
      let shown = try cli.run(["show", "--format", "json", "--page-size", "1", "--db", db])
      #expect(shown.status == 0, "\(trace): \(shown.error)")
      #expect(shown.error == "", "\(trace)")
      let total = try? Self.footerTotal(shown.output)
      #expect(total == 3_000 || total == Self.rows, "\(trace): total \(String(describing: total))")

      // And the file is sound and holds exactly A or exactly B
      let state: DatasetState
      do {
        state = try DatasetState(path: db, dataset: "trial")
      } catch {
        Issue.record(error, "\(trace)")
        continue
      }
      #expect(state.integrity == ["ok"], "\(trace)")
      #expect(state.foreignKeyViolations == 0, "\(trace)")
      #expect(state == stateA || state == stateB, "\(trace): a mix of A and B")
      if state == stateA { outcomes.old += 1 } else if state == stateB { outcomes.new += 1 }

      if trial == Self.trials - 1 {
        // And the next import works: A again replaces whatever is there
        #expect(
          try cli.run(["import", a, "--dataset", "trial", "--replace", "--db", db]).status == 0)
        #expect(try DatasetState(path: db, dataset: "trial") == stateA)
      }
    }
    if Self.environment["DAIRY_CRASH_TRIALS"] != nil {
      print(
        "crash trials: \(Self.trials) of \(Self.rows) rows "
          + "(a full import takes \(String(format: "%.2f", duration)) s): "
          + "\(outcomes.old) kept the old dataset, \(outcomes.new) have the new one complete "
          + "(\(TestSeed.replay))")
    }
  }

  static func footerTotal(_ json: String) throws -> Int? {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return (object?["footer"] as? [String: Any])?["total"] as? Int
  }
}

/// What a database file holds of one dataset, in a form that tells any two versions apart, and
/// whether the file is sound.
struct DatasetState: Equatable {
  /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
  var integrity: [String]
  var foreignKeyViolations: Int
  /// The fingerprint of the import that made the dataset (the bytes and options imported).
  var fingerprint: String?
  /// Per section, in key order: key, stored count and span, and the count, year sum and amount
  /// sum of its observations.
  var sections: [String]

  /// Opens `path` with GRDB (read-write, so that a WAL left by a killed process is recovered as
  /// any later `dairy` would) and reads the dataset named `dataset`.
  init(path: String, dataset: String) throws {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    (integrity, foreignKeyViolations, fingerprint, sections) = try queue.read { db in
      (
        try String.fetchAll(db, sql: "PRAGMA integrity_check"),
        try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
        try String.fetchOne(
          db, sql: "SELECT fingerprint FROM dataset WHERE name = ?", arguments: [dataset]),
        try Row.fetchAll(
          db,
          sql: """
            SELECT section.key, section.observationCount, section.firstYear, section.lastYear,
                   count(observation.year), sum(observation.year), total(observation.amount)
            FROM section
            JOIN dataset ON dataset.id = section.datasetId
            LEFT JOIN observation ON observation.sectionId = section.id
            WHERE dataset.name = ?
            GROUP BY section.id
            ORDER BY section.key
            """,
          arguments: [dataset]
        ).map { row in
          (0..<row.count).map { "\(row[$0] as DatabaseValue)" }.joined(separator: " ")
        }
      )
    }
  }

  /// Equal when they hold the same data.
  static func == (left: DatasetState, right: DatasetState) -> Bool {
    left.fingerprint == right.fingerprint && left.sections == right.sections
  }
}
