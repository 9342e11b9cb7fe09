import DairyData
import Foundation
import GRDB
import GRDBSQLite

extension DairyDatabase {
  /// Imports CSV files in one transaction: everything lands, or (on any error) nothing does.
  ///
  /// Each file goes into the dataset named after its stem, or into `options.dataset`. A dataset
  /// that already exists is replaced. When every dataset already holds exactly these bytes
  /// imported with these options, nothing is written and the summary says `unchanged`.
  ///
  /// ```swift
  /// let summary = try database.importFiles(["Data/per_capita_consumption_1975-2022.csv"])
  /// summary.observations  // 958
  /// ```
  public func importFiles(
    _ files: [String], options: ImportOptions = ImportOptions(),
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> ImportSummary {
    try DatabaseFailure.map(path: path) {
      try writer.writeWithoutTransaction { db in
        var summary = ImportSummary()
        try db.inTransaction(.immediate) {
          var target = try TransactionTarget(db: db)
          summary = try CSVImporter(options: options, progress: progress).run(files: files, into: &target)
          let unchanged = summary.datasets.allSatisfy { target.previousFingerprints[$0.name] == summary.fingerprint }
          if unchanged {
            summary.unchanged = true
            return .rollback
          }
          try target.stamp(summary)
          return .commit
        }
        return summary
      }
    }
  }

  /// True when no dataset has been imported yet.
  public func isEmpty() throws -> Bool {
    try DatabaseFailure.map(path: path) {
      try writer.read { db in try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM dataset)")! }
    }
  }

  /// Imports the bundled USDA table when the database has no dataset yet.
  ///
  /// - Returns: the summary of that import, or nil when there was data already.
  public func importBundledDataIfEmpty() throws -> ImportSummary? {
    guard try isEmpty() else { return nil }
    guard let csv = BundledData.csvURL, let metadata = BundledData.metadataURL else {
      throw DairyError(.database, "the bundled data is missing from this build of dairy; rebuild it")
    }
    var options = ImportOptions()
    options.metadataPath = metadata.path
    return try importFiles([csv.path], options: options)
  }
}

// MARK: - The import target

/// Writes an import inside the transaction `importFiles` opened.
///
/// Observations go through one prepared statement driven by the raw SQLite API: the import's
/// hot loop binds two integers and a double per row and allocates nothing.
struct TransactionTarget: ImportTarget {
  let db: Database
  private let insert: Statement
  private var nextPosition: [Int64: Int] = [:]
  /// Per dataset name: what it held before this import replaced it.
  private(set) var previousFingerprints: [String: String] = [:]
  private var datasetIDs: [String: Int64] = [:]

  init(db: Database) throws {
    self.db = db
    insert = try db.makeStatement(
      sql: "INSERT INTO observation (sectionId, year, amount) VALUES (?, ?, ?)")
  }

  mutating func dataset(named name: String, metadata: DatasetMetadata?) throws -> Int64 {
    if let id = datasetIDs[name] { return id }
    if let previous = try String.fetchOne(db, sql: "SELECT fingerprint FROM dataset WHERE name = ?", arguments: [name]) {
      previousFingerprints[name] = previous
      try db.execute(sql: "DELETE FROM dataset WHERE name = ?", arguments: [name])
    }
    try db.execute(
      sql: "INSERT INTO dataset (name, title, source, fingerprint) VALUES (?, ?, ?, '')",
      arguments: [name, metadata?.title, metadata?.source])
    let id = db.lastInsertedRowID
    datasetIDs[name] = id
    nextPosition[id] = 0
    return id
  }

  mutating func section(_ draft: SectionDraft, in dataset: Int64) throws -> Int64 {
    if let id = try Int64.fetchOne(
      db, sql: "SELECT id FROM section WHERE datasetId = ? AND key = ?", arguments: [dataset, draft.key])
    {
      return id
    }
    let position = nextPosition[dataset, default: 0]
    nextPosition[dataset] = position + 1
    try db.execute(
      sql: """
        INSERT INTO section (datasetId, position, key, title, unit, "group", notes)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [dataset, position, draft.key, draft.title, draft.unit, draft.group, draft.notes])
    return db.lastInsertedRowID
  }

  mutating func addObservation(section: Int64, year: Int64, amount: Double) throws -> Bool {
    let statement = insert.sqliteStatement
    sqlite3_bind_int64(statement, 1, section)
    sqlite3_bind_int64(statement, 2, year)
    sqlite3_bind_double(statement, 3, amount)
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    if code == SQLITE_DONE { return true }
    if code & 0xFF == SQLITE_CONSTRAINT {
      // Only the primary key can clash: the section exists, and year and amount are not null.
      return false
    }
    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
  }

  mutating func finishSection(_ section: Int64, notes: String?, unit: String?, decimals: Int) throws {
    try db.execute(
      sql: "UPDATE section SET notes = ?, unit = ?, decimals = max(decimals, ?) WHERE id = ?",
      arguments: [notes, unit, decimals, section])
  }

  /// Marks the datasets with the import's fingerprint and writes the imports log.
  func stamp(_ summary: ImportSummary) throws {
    let now = ISO8601DateFormatter().string(from: Date())
    for id in datasetIDs.values {
      try db.execute(sql: "UPDATE dataset SET fingerprint = ? WHERE id = ?", arguments: [summary.fingerprint, id])
    }
    for file in summary.files {
      try db.execute(
        sql: """
          INSERT INTO "import" (dataset, fileName, sha256, bytes, rowCount, sectionCount,
                                observationCount, missingCount, importedAt, toolVersion)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          file.dataset, URL(fileURLWithPath: file.path).lastPathComponent, file.sha256, file.bytes,
          file.rows, file.sections, file.observations, file.missing, now, Dairy.version,
        ])
    }
  }
}
