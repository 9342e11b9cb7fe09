import DairyModel
import Foundation
import GRDB

// MARK: - Datasets at a glance

extension DairyDatabase.Snapshot {
  /// Every dataset's name, in ``DairyDatabase/datasetOrder``.
  package func datasetNames() throws -> [String] {
    try String.fetchAll(db, sql: "SELECT name FROM dataset ORDER BY \(DairyDatabase.datasetOrder)")
  }

  /// Refuses `name` when no dataset has it, suggesting the names close to it (exit 64); nil
  /// asks for none.
  ///
  /// ```swift
  /// try database.read { try $0.requireDataset("per_capita") }
  /// // error: no dataset is named "per_capita" (did you mean per_capita_consumption_1975-2022?)…
  /// ```
  package func requireDataset(_ name: String?) throws {
    guard let name else { return }
    let names = try datasetNames()
    if !names.contains(name) { throw DatasetName.unknown(name, among: names) }
  }

  /// How many sections and observations dataset `name` holds (none for a name no dataset has).
  package func datasetSize(_ name: String) throws -> DatasetSize {
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT count(*), coalesce(sum(observationCount), 0) FROM section
        JOIN dataset ON dataset.id = section.datasetId WHERE dataset.name = ?
        """, arguments: [name])!
    return DatasetSize(name: name, sections: row[0], observations: row[1])
  }

  /// Every dataset with its sections, observations, missing cells, periods and the import that
  /// wrote it, in ``DairyDatabase/datasetOrder``: what `dairy datasets` lists.
  ///
  /// ```swift
  /// let first = try database.read { try $0.datasetSummaries() }.first
  /// first?.files  // ["per_capita_consumption_1975-2022.csv"]
  /// ```
  public func datasetSummaries() throws -> [DatasetSummary] {
    let sections = Dictionary(grouping: try self.sections(), by: \.dataset)
    let missing = Dictionary(
      try Row.fetchAll(
        db,
        sql: """
          SELECT section.datasetId, count(*) FROM missing
          JOIN section ON section.id = missing.sectionId GROUP BY section.datasetId
          """
      ).map { ($0[0] as Int64, $0[1] as Int) }, uniquingKeysWith: +)
    let ids = try Row.fetchAll(db, sql: "SELECT name, id, version FROM dataset")
    var identity: [String: (id: Int64, version: Int64)] = [:]
    for row in ids { identity[row[0]] = (row[1], row[2]) }
    return try datasets().map { dataset in
      let own = sections[dataset.name] ?? []
      let span = DatasetSummary.span(of: own)
      let (id, version) = identity[dataset.name] ?? (0, 0)
      let record = try DairyDatabase.lastImport(of: dataset.name, version: version, db)
      return DatasetSummary(
        dataset: dataset, sections: own.count,
        observations: own.reduce(0) { $0 + $1.observationCount }, missing: missing[id] ?? 0,
        first: span?.first, last: span?.last, files: record.files, importedAt: record.at)
    }
  }
}

// MARK: - What a dataset was made of

extension DairyDatabase {
  /// The files and time of the import that wrote dataset `name` (whose ``SectionInfo/version``
  /// is `version`), from the imports log: its latest rows of that name up to the version, so
  /// that the rows of a dataset deleted before, that had the name, are not taken for its own.
  static func lastImport(of name: String, version: Int64, _ db: Database) throws
    -> (files: [String], at: String?)
  {
    let bound = version > 0 ? version : Int64.max
    guard
      let at = try String.fetchOne(
        db,
        sql: #"SELECT importedAt FROM "import" WHERE dataset = ? AND id <= ? ORDER BY id DESC"#,
        arguments: [name, bound])
    else { return ([], nil) }
    var files: [String] = []
    for file in try String.fetchAll(
      db,
      sql:
        #"SELECT fileName FROM "import" WHERE dataset = ? AND id <= ? AND importedAt = ? ORDER BY id"#,
      arguments: [name, bound, at]) where !files.contains(file)
    {
      files.append(file)
    }
    return (files, at)
  }

  /// Dataset `id` named `name` as a replacement would drop it: its sections and observations,
  /// the import that wrote it, and its description.
  static func replacement(ofDataset id: Int64, named name: String, _ db: Database) throws
    -> DatasetReplacement
  {
    let version =
      try Int64.fetchOne(db, sql: "SELECT version FROM dataset WHERE id = ?", arguments: [id]) ?? 0
    let record = try lastImport(of: name, version: version, db)
    let (held, sections, observations) = try description(ofDataset: id, db)
    return DatasetReplacement(
      name: name, sections: sections, observations: observations, files: record.files,
      importedAt: record.at, held: held)
  }

  /// What dataset `id` says of itself (``DatasetDescription``), with its count of sections and
  /// of observations.
  static func description(ofDataset id: Int64, _ db: Database) throws
    -> (DatasetDescription, sections: Int, observations: Int)
  {
    var held = DatasetDescription()
    let columns = DatasetFacts.sqlColumns().joined(separator: ", ")
    if let row = try Row.fetchOne(
      db, sql: "SELECT \(columns) FROM dataset WHERE id = ?", arguments: [id])
    {
      for (offset, column) in DatasetFacts.Column.allCases.enumerated() {
        held.facts[column] = row.text(at: offset)
      }
    }
    held.facts.legend = try Row.fetchAll(
      db, sql: "SELECT marker, meaning FROM legend WHERE datasetId = ? ORDER BY position",
      arguments: [id]
    ).map { DatasetFacts.LegendEntry(marker: $0[0], meaning: $0[1]) }
    let counts = try Row.fetchOne(
      db,
      sql: """
        SELECT count(*), coalesce(sum(observationCount), 0),
          count(CASE WHEN coalesce(unit, '') <> '' THEN 1 END),
          count(CASE WHEN coalesce("group", '') <> '' THEN 1 END),
          count(CASE WHEN coalesce(notes, '') <> '' THEN 1 END)
        FROM section WHERE datasetId = ?
        """, arguments: [id])!
    (held.units, held.groups, held.sectionNotes) = (counts[2], counts[3], counts[4])
    return (held, counts[0], counts[1])
  }
}

// MARK: - Renaming and deleting

extension DairyDatabase {
  /// Renames dataset `old` to `new`, in one transaction: its sections, observations, facts and
  /// place among the datasets stay; the imports log's rows of it and the bundle's record of it
  /// take the new name, so that `dairy datasets` still says where it came from and a newer dairy
  /// does not import its bundled table again.
  ///
  /// ```swift
  /// try database.renameDataset("per_capita_consumption_1975-2022", to: "per-capita")
  /// ```
  ///
  /// - Throws: ``DairyError``: usage for an unknown `old` (with the close names) or an empty
  ///   `new`; `.exists` when a dataset is named `new` already.
  public func renameDataset(_ old: String, to new: String) throws {
    try DatasetName.requireValid(new)
    try write { db in
      let snapshot = Snapshot(db: db)
      try snapshot.requireDataset(old)
      if old == new { return }
      if try snapshot.datasetNames().contains(new) {
        throw DairyError(
          .exists,
          "a dataset is named \"\(TextEscaping.visible(new))\" already; pick another name, or "
            + "delete that one first (dairy datasets delete)")
      }
      try db.execute(sql: "UPDATE dataset SET name = ? WHERE name = ?", arguments: [new, old])
      try db.execute(
        sql: #"UPDATE "import" SET dataset = ? WHERE dataset = ?"#, arguments: [new, old])
      try db.execute(
        sql: "UPDATE OR IGNORE bundle SET dataset = ? WHERE dataset = ?", arguments: [new, old])
    }
  }

  /// Deletes dataset `name` with its sections, observations, missing cells, marks and legend, in
  /// one transaction, and returns what it held. The imports log keeps its rows (the history of
  /// what was imported), and the bundle its record, so that a bundled table deleted is not
  /// imported again by the next reading command.
  ///
  /// ```swift
  /// let gone = try database.deleteDataset("fluidmilk")
  /// gone.sections  // 12
  /// ```
  ///
  /// - Throws: ``DairyError`` (usage) for an unknown name, with the close names.
  @discardableResult
  public func deleteDataset(_ name: String) throws -> DatasetReplacement {
    try write { db in
      try Snapshot(db: db).requireDataset(name)
      let id = try Int64.fetchOne(
        db, sql: "SELECT id FROM dataset WHERE name = ?", arguments: [name])!
      let gone = try Self.replacement(ofDataset: id, named: name, db)
      try Self.deleteContents(ofDataset: id, db)
      try db.execute(sql: "DELETE FROM dataset WHERE id = ?", arguments: [id])
      return gone
    }
  }

  /// Deletes what dataset `id` holds (not its row): spelled out, as an import runs with foreign
  /// keys off.
  static func deleteContents(ofDataset id: Int64, _ db: Database) throws {
    for table in ["observation", "missing", "mark"] {
      try db.execute(
        sql: "DELETE FROM \(table) WHERE sectionId IN (SELECT id FROM section WHERE datasetId = ?)",
        arguments: [id])
    }
    try db.execute(sql: "DELETE FROM legend WHERE datasetId = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM section WHERE datasetId = ?", arguments: [id])
  }

  /// Runs `body` in one immediate transaction (the write lock taken first, waiting up to the
  /// busy timeout).
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    try DatabaseFailure.map(path: path) {
      try writer.writeWithoutTransaction { db in
        var result: T?
        try db.inTransaction(.immediate) {
          result = try body(db)
          return .commit
        }
        return result!
      }
    }
  }
}

// MARK: - A database made empty on purpose

extension DairyDatabase {
  /// The `user_version` of a database that `dairy init --empty` made: empty on purpose, so that
  /// no reading command fills it with the bundled tables, even at the default location.
  package static let madeEmptyVersion = 1

  /// Marks the database as made empty on purpose (``madeEmptyVersion``).
  package func markMadeEmpty() throws {
    try DatabaseFailure.map(path: path) {
      try writer.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA user_version = \(Self.madeEmptyVersion)")
      }
    }
  }

  /// Whether nothing was ever imported into the database, nor was it made empty on purpose: a
  /// new database, which the first reading command at the default location fills.
  static func isNew(_ db: Database) throws -> Bool {
    try !hasData(db)
      && Int.fetchOne(db, sql: "PRAGMA user_version")! != madeEmptyVersion
      && !Bool.fetchOne(db, sql: #"SELECT EXISTS (SELECT 1 FROM "import")"#)!
  }
}
