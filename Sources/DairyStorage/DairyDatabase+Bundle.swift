import DairyModel
import Foundation
import GRDB

// MARK: - The bundle a database was given

/// What a database still needs of the tables that ship with dairy (its *bundle*): the files to
/// import, and those passed over because the user has datasets of their names.
///
/// A database is given the bundle on its first run: a reading command at the default location
/// that finds a new database (nothing ever imported, ``DairyDatabase/isNew(_:)``), or `dairy
/// init`, imports every shipped file (in their order, which is then the order the datasets are
/// listed in) and records, in the `bundle` table, each dataset that came of them. A database
/// emptied by deleting its datasets, made by `dairy init --empty`, or named by `--db` is not
/// filled.
/// A later version of dairy that ships more files adds them to a database that was given the
/// bundle before (the `bundle` table has rows): the files it has never been given, except one
/// whose dataset name (its stem, or `STEM.SHEET` for a workbook's sheet) the user's own import
/// already took, which stays as it is. A database its user filled (no `bundle` rows: `--db`
/// with one's own files, a backup restored) is never given anything.
///
/// ```swift
/// let plan = try database.read { try DairyDatabase.bundlePlan($0.db, shipped: ["a.csv"]) }
/// plan.files  // ["a.csv"] for a new database
/// ```
package struct BundlePlan: Sendable, Hashable {
  /// A shipped file that is not imported because datasets of its name are there already.
  package struct Kept: Sendable, Hashable {
    /// The shipped file's name.
    package var file: String
    /// The user's datasets that took its name.
    package var datasets: [String]
  }

  /// The shipped files to import, in the bundle's order.
  package var files: [String] = []
  /// The shipped files passed over.
  package var kept: [Kept] = []
  /// True when the database had no dataset: the first run, which imports the whole bundle.
  package var isFirstRun = false

  /// True when there is nothing to import or record.
  package var isEmpty: Bool { files.isEmpty && kept.isEmpty }
}

/// What ``DairyDatabase/importBundle(_:_:)`` did: its plan, and the summary of the import when
/// there were files to import.
package struct BundleImport: Sendable, Hashable {
  package var plan: BundlePlan
  package var summary: ImportSummary?
}

extension DairyDatabase {
  /// The datasets' order everywhere they are listed: the order they were first imported in (a
  /// dataset imported again keeps its id, and its place). A new database's first run imports
  /// the bundle in its order, the per-capita table first; a backup restores its datasets in the
  /// order it lists them, so its export is the same bytes.
  package static let datasetOrder = "dataset.id"

  /// What `db` still needs of `shipped` (the bundle's file names, in order): see ``BundlePlan``.
  ///
  /// - Parameter fillsNew: whether a new database (``isNew(_:)``: nothing ever imported, not
  ///   made empty on purpose) is given the whole bundle: only at the default location, as
  ///   `dairy init` does; a database that is empty for another reason is left empty.
  package static func bundlePlan(_ db: Database, shipped: [String], fillsNew: Bool = true) throws
    -> BundlePlan
  {
    if try !hasData(db) {
      return try fillsNew && isNew(db) ? BundlePlan(files: shipped, isFirstRun: true) : BundlePlan()
    }
    let given = try String.fetchSet(db, sql: "SELECT DISTINCT file FROM bundle")
    // Never given the bundle: the user's own database.
    if given.isEmpty { return BundlePlan() }
    let missing = shipped.filter { !given.contains($0) }
    if missing.isEmpty { return BundlePlan() }
    let names = try String.fetchAll(db, sql: "SELECT name FROM dataset ORDER BY name")
    var plan = BundlePlan()
    for file in missing {
      let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      let taken = names.filter { $0 == stem || $0.hasPrefix(stem + ".") }
      if taken.isEmpty {
        plan.files.append(file)
      } else {
        plan.kept.append(BundlePlan.Kept(file: file, datasets: taken))
      }
    }
    return plan
  }

  /// Imports what the database still needs of `shipped` (``bundlePlan(_:shipped:)``), in one
  /// transaction with the plan, so that of several processes that open a new database at once
  /// one imports and the others find nothing left to do. `write` imports the files it is given
  /// (names from `shipped`) into the target.
  ///
  /// - Returns: nil when the database needed nothing.
  package func importBundle(
    _ shipped: [String], fillsNew: Bool = true,
    _ write: (inout TransactionTarget, [String]) throws -> ImportSummary
  ) throws -> BundleImport? {
    try inImportTransaction { db in
      let plan = try Self.bundlePlan(db, shipped: shipped, fillsNew: fillsNew)
      if plan.isEmpty { return (nil, .rollback) }
      var done = BundleImport(plan: plan)
      var given = plan.kept.flatMap { kept in kept.datasets.map { (kept.file, $0) } }
      if !plan.files.isEmpty {
        let summary = try Self.runImport(db, replaces: true) { try write(&$0, plan.files) }
        done.summary = summary
        given += summary.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.dataset) }
      }
      for (file, dataset) in given {
        try db.execute(
          sql: "INSERT OR IGNORE INTO bundle (dataset, file) VALUES (?, ?)",
          arguments: [dataset, file])
      }
      return (done, .commit)
    }
  }
}
