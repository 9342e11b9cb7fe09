import DairyModel
import Foundation
import GRDB

extension DairyDatabase {
  /// Runs `write` in one immediate transaction over an ``TransactionTarget``: everything it
  /// writes lands, or (when it throws) nothing does. The storage never runs an import itself; the
  /// caller's `write` does, into the target.
  ///
  /// When every dataset the import names already held exactly its fingerprint, the transaction
  /// is rolled back and the summary says `unchanged`; otherwise the imports log is written and
  /// the datasets are stamped. With `onlyIfEmpty`, `write` runs only when the database has no
  /// dataset once the write lock is held (another process may have imported while this one
  /// waited for it), and the result is nil otherwise. Without `replaces`, an import that replaces
  /// a dataset (and is not `unchanged`) throws ``DatasetsReplaced`` and writes nothing.
  package func importTransaction(
    onlyIfEmpty: Bool = false, replaces: Bool = true,
    _ write: (inout TransactionTarget) throws -> ImportSummary
  ) throws -> ImportSummary? {
    try inImportTransaction { db in
      if onlyIfEmpty, try Self.hasData(db) { return (nil, .rollback) }
      let summary = try Self.runImport(db, replaces: replaces, write)
      return (summary, summary.unchanged ? .rollback : .commit)
    }
  }

  /// Runs `body` in the immediate transaction an import writes in, and ends the transaction as
  /// `body` says.
  package func inImportTransaction<Result>(
    _ body: (Database) throws -> (Result?, Database.TransactionCompletion)
  ) throws -> Result? {
    try DatabaseFailure.map(path: path) {
      try writer.writeWithoutTransaction { db in
        // The import makes every reference itself; checking each row's section costs a B-tree
        // search per row. (The pragma only takes effect outside a transaction.)
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        var result: Result?
        try db.inTransaction(.immediate) {
          let (value, completion) = try body(db)
          result = value
          return completion
        }
        return result
      }
    }
  }

  /// Runs `write` over a target in `db`, inside the import's transaction, and stamps what it
  /// wrote unless it changed nothing (then the summary says `unchanged`, and the caller rolls
  /// back).
  ///
  /// The datasets it replaced are in the summary's `replaced`, each with what it had that the
  /// import did not give. Without `replaces`, an import that replaced one throws
  /// ``DatasetsReplaced`` instead, and the caller's transaction rolls back: the check runs once
  /// every file is read, so that several files are refused (or not) together, and an import of
  /// the very bytes a dataset holds stays a no-op.
  package static func runImport(
    _ db: Database, replaces: Bool = true,
    _ write: (inout TransactionTarget) throws -> ImportSummary
  ) throws -> ImportSummary {
    var target = try TransactionTarget(db: db)
    // The connection is this thread's alone again before the transaction ends.
    defer { target.stopWriting() }
    var result = try write(&target)
    result.unchanged = result.datasets.allSatisfy {
      target.previousFingerprints[$0.name] == result.fingerprint(of: $0.name)
    }
    if result.unchanged { return result }
    try target.flush()
    // A dataset written again from the very bytes it holds is not replaced: nothing changes.
    result.replaced = try target.replacements().filter {
      target.previousFingerprints[$0.name] != result.fingerprint(of: $0.name)
    }
    if !replaces && !result.replaced.isEmpty { throw DatasetsReplaced(datasets: result.replaced) }
    try target.stamp(result)
    return result
  }

  /// True when no dataset has been imported yet.
  package func isEmpty() throws -> Bool {
    try DatabaseFailure.map(path: path) { try !writer.read(Self.hasData) }
  }

  package static func hasData(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM dataset)")!
  }
}

// MARK: - The import target

/// Writes an import inside the transaction `importFiles` opened.
///
/// Observations are buffered in chunks and written in (section, year) order
/// (``ObservationBuffer``), by a thread of their own: the import's hot loop appends integers and
/// doubles and allocates nothing. Every other use of the connection waits for the chunk being
/// written first (``ObservationBuffer/wait()``).
package struct TransactionTarget: ImportTarget {
  package let db: Database
  private var observations: ObservationBuffer
  private var missingCells: MissingCellBuffer
  /// The marks of marked values (``addMark(section:year:marker:)``).
  private var marks: MissingCellBuffer
  private var nextPosition: [Int64: Int] = [:]
  /// Per dataset name: what it held before this import replaced it.
  package private(set) var previousFingerprints: [String: String] = [:]
  /// Per dataset name: what it held before this import replaced it, in the order replaced.
  private var replaced: [(name: String, old: DatasetReplacement)] = []
  private var datasetIDs: [String: Int64] = [:]
  /// The first section this import created: every one it creates has this id or a greater one
  /// (a new row's id is one more than the greatest in the table).
  private var firstSection: Int64?
  /// The datasets this import wrote, in order, to forget those of a table that is undone.
  private var datasetNames: [String] = []
  /// What a table begun (``beginTable()``) found, to undo it: the datasets written before it,
  /// the first section, and each older dataset's next position before the table added to it.
  private var table: (datasets: Int, firstSection: Int64?, positions: [Int64: Int])?

  package init(db: Database) throws {
    self.db = db
    observations = try ObservationBuffer(db: db)
    missingCells = try MissingCellBuffer(db: db)
    marks = try MissingCellBuffer(db: db, table: "mark")
  }

  package mutating func dataset(named name: String, metadata: DatasetMetadata?) throws -> Int64 {
    if let id = datasetIDs[name] { return id }
    try observations.wait()
    // A dataset imported again keeps its id, and so its place in every listing
    // (``DairyDatabase/datasetOrder``).
    var kept: Int64?
    if let old = try Row.fetchOne(
      db, sql: "SELECT id, fingerprint FROM dataset WHERE name = ?", arguments: [name])
    {
      let oldID: Int64 = old[0]
      kept = oldID
      previousFingerprints[name] = old[1]
      replaced.append((name, try DairyDatabase.replacement(ofDataset: oldID, named: name, db)))
      // Foreign keys are off during the import, so the cascade is spelled out.
      try DairyDatabase.deleteContents(ofDataset: oldID, db)
      try db.execute(sql: "DELETE FROM dataset WHERE id = ?", arguments: [oldID])
    }
    // What its sidecar says of it, until the import finishes it (``finishDataset(_:_:)``).
    try db.execute(
      sql: DatasetFacts.insertion,
      arguments: StatementArguments(
        [kept, name] as [(any DatabaseValueConvertible)?]
          + (metadata?.facts ?? DatasetFacts()).databaseValues()))
    let id = db.lastInsertedRowID
    datasetIDs[name] = id
    datasetNames.append(name)
    nextPosition[id] = 0
    return id
  }

  package mutating func section(_ draft: SectionFields, in dataset: Int64) throws -> Int64 {
    try observations.wait()
    // Statements a table of thousands of sections runs thousands of times: compiled once.
    if let id = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT id FROM section WHERE datasetId = ? AND key = ?"),
      arguments: [dataset, draft.key])
    {
      return id
    }
    let position = nextPosition[dataset, default: 0]
    if table != nil, table?.positions[dataset] == nil { table?.positions[dataset] = position }
    nextPosition[dataset] = position + 1
    try db.cachedStatement(sql: SectionFields.insertion).execute(
      arguments: StatementArguments(
        [dataset, position] as [(any DatabaseValueConvertible)?] + draft.databaseValues()))
    firstSection = firstSection ?? db.lastInsertedRowID
    return db.lastInsertedRowID
  }

  package mutating func addObservation(section: Int64, year: Int64, amount: Double) throws {
    try observations.add(section: section, year: year, amount: amount)
  }

  package mutating func addMissing(section: Int64, year: Int64, marker: String) throws {
    missingCells.add(section: section, year: year, marker: marker)
    guard missingCells.isFull else { return }
    try observations.wait()
    try missingCells.flush(db)
  }

  package mutating func addMark(section: Int64, year: Int64, marker: String) throws {
    marks.add(section: section, year: year, marker: marker)
    guard marks.isFull else { return }
    try observations.wait()
    try marks.flush(db)
  }

  package mutating func startWriting() throws {
    try observations.send()
  }

  package mutating func flush() throws {
    try observations.flush()
    try missingCells.flush(db)
    try marks.flush(db)
  }

  /// Writes what is buffered (so that the savepoint covers the table's writes alone), then opens
  /// a savepoint.
  package mutating func beginTable() throws {
    try flush()
    try db.execute(sql: "SAVEPOINT dairy_table")
    table = (datasetNames.count, firstSection, [:])
  }

  /// Writes the table's buffered observations, which throws a year given twice, then releases
  /// the savepoint.
  package mutating func keepTable() throws {
    try flush()
    try db.execute(sql: "RELEASE SAVEPOINT dairy_table")
    table = nil
  }

  /// Drops what is buffered, rolls back to the savepoint, and forgets the datasets and sections
  /// the table made: a dataset it replaced is the database's again, to replace (or not) later.
  package mutating func undoTable() throws {
    guard let table else { return }
    observations.discard()
    missingCells.discard()
    marks.discard()
    try db.execute(sql: "ROLLBACK TO SAVEPOINT dairy_table; RELEASE SAVEPOINT dairy_table")
    for name in datasetNames[table.datasets...] {
      if let id = datasetIDs.removeValue(forKey: name) { nextPosition[id] = nil }
      previousFingerprints[name] = nil
      replaced.removeAll { $0.name == name }
    }
    datasetNames.removeSubrange(table.datasets...)
    for (dataset, position) in table.positions where nextPosition[dataset] != nil {
      nextPosition[dataset] = position
    }
    firstSection = table.firstSection
    self.table = nil
  }

  /// A year both missing and given a value in one series (a long file's two rows, a report's
  /// two blocks) is a year given twice, as two values are: looked for among this import's
  /// sections.
  package mutating func refuseYearsBothMissingAndGiven() throws {
    guard let firstSection else { return }
    try observations.wait()
    if let clash = try Row.fetchOne(
      db,
      // Each missing cell looked up among the observations (few against many), not the other
      // way round, which SQLite's planner chose for a JOIN: 1.8 G instructions for 10^6 cells.
      sql: """
        SELECT sectionId, year FROM missing
        WHERE sectionId >= ? AND EXISTS (
          SELECT 1 FROM observation
          WHERE observation.sectionId = missing.sectionId AND observation.year = missing.year)
        LIMIT 1
        """, arguments: [firstSection])
    {
      throw DuplicateObservation(section: clash[0], year: clash[1])
    }
  }

  /// The datasets this import replaced, each with what it had that its new contents lack (read
  /// once everything is written).
  package func replacements() throws -> [DatasetReplacement] {
    try replaced.map { name, old in
      var old = old
      if let id = datasetIDs[name] {
        old.dropped = old.held.dropped(by: try DairyDatabase.description(ofDataset: id, db).0)
      }
      return old
    }
  }

  /// Waits for the chunk of observations being written, if any, ignoring its failure (the
  /// import has failed already, or will when it flushes).
  package func stopWriting() {
    try? observations.wait()
  }

  package mutating func finishSection(_ section: Int64, _ facts: SectionFacts) throws {
    try observations.wait()
    try db.cachedStatement(sql: SectionFacts.update).execute(
      arguments: StatementArguments(
        facts.fields.databaseValues(SectionFields.finishingColumns) + [
          facts.decimals, facts.observations, facts.years?.lowerBound, facts.years?.upperBound,
          section,
        ] as [(any DatabaseValueConvertible)?]))
  }

  package mutating func finishDataset(_ dataset: Int64, _ facts: DatasetFacts) throws {
    try observations.wait()
    try db.execute(
      sql: DatasetFacts.update,
      arguments: StatementArguments(
        facts.databaseValues() + [dataset] as [(any DatabaseValueConvertible)?]))
    for (position, entry) in facts.legend.enumerated() {
      try db.cachedStatement(
        sql: """
          INSERT OR REPLACE INTO legend (datasetId, position, marker, meaning) VALUES (?, ?, ?, ?)
          """
      ).execute(arguments: [dataset, position, entry.marker, entry.meaning])
    }
  }

  /// Writes the imports log, and marks the datasets with the import's fingerprint and version:
  /// the log's last row's `id`, which grows with every import that changes something (the log
  /// only grows), so a dataset imported again never has the version it had.
  package func stamp(_ summary: ImportSummary) throws {
    try observations.wait()
    let now = Timestamp.utcNow()
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
    let version = try Int64.fetchOne(db, sql: #"SELECT coalesce(max(id), 0) FROM "import""#)!
    for (name, id) in datasetIDs {
      try db.execute(
        sql: "UPDATE dataset SET fingerprint = ?, version = ? WHERE id = ?",
        arguments: [summary.fingerprint(of: name), version, id])
    }
  }
}

/// Thrown by an import without `replaces` that would replace datasets: which, and what each
/// holds. The caller words it (it knows the files and the options: `--dataset` to propose).
package struct DatasetsReplaced: Error, Hashable, Sendable {
  package var datasets: [DatasetReplacement]
}
