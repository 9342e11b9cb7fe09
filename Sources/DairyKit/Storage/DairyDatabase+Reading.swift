import GRDB

extension DairyDatabase {
  /// Reads from one consistent snapshot: an import running meanwhile is either all visible or not
  /// at all.
  ///
  /// ```swift
  /// let count = try database.read { snapshot in try snapshot.sections().count }
  /// ```
  public func read<T>(_ body: (Snapshot) throws -> T) throws -> T {
    try DatabaseFailure.map(path: path) {
      try writer.read { db in try body(Snapshot(db: db)) }
    }
  }

  /// A read-only view of the database at one moment.
  public struct Snapshot {
    let db: Database

    /// Every section, by dataset name and then source position.
    public func sections() throws -> [SectionInfo] {
      try Row.fetchAll(
        db,
        sql: """
          \(SectionInfo.selection)
          ORDER BY dataset.name, section.position
          """
      ).map(SectionInfo.init(row:))
    }

    /// The sections whose title matches `filter`'s search, in the same order.
    public func sections(matching filter: SectionFilter) throws -> [SectionInfo] {
      try sections().filter { filter.matches(title: $0.title) }
    }

    /// Calls `body` with each observation of `section`, years ascending.
    public func forEachObservation(of section: Int64, _ body: (Observation) throws -> Void) throws {
      let rows = try Row.fetchCursor(
        db, sql: "SELECT year, amount FROM observation WHERE sectionId = ? ORDER BY year",
        arguments: [section])
      while let row = try rows.next() {
        try body(Observation(year: row[0], amount: row[1]))
      }
    }

    /// The observations of `section`, years ascending.
    public func observations(of section: Int64) throws -> [Observation] {
      var all: [Observation] = []
      try forEachObservation(of: section) { all.append($0) }
      return all
    }

    /// The imports log, newest first.
    public func imports() throws -> [ImportRecord] {
      try Row.fetchAll(
        db,
        sql: """
          SELECT dataset, fileName, sha256, rowCount, sectionCount, observationCount, missingCount,
                 importedAt, toolVersion
          FROM "import" ORDER BY id DESC
          """
      ).map { row in
        ImportRecord(
          dataset: row[0], fileName: row[1], sha256: row[2], rows: row[3], sections: row[4],
          observations: row[5], missing: row[6], importedAt: row[7], toolVersion: row[8])
      }
    }
  }
}

extension SectionInfo {
  /// The columns `init(row:)` reads, from `section` joined with `dataset`.
  static let selection = """
    SELECT section.id, dataset.name, section.position, section.key, section.title, section.unit,
           section."group", section.notes, section.decimals, section.observationCount,
           section.firstYear, section.lastYear
    FROM section JOIN dataset ON dataset.id = section.datasetId
    """

  init(row: Row) {
    let first: Int64? = row[10]
    let last: Int64? = row[11]
    self.init(
      id: row[0], dataset: row[1], position: row[2], key: row[3], title: row[4], unit: row[5],
      group: row[6], notes: row[7], decimals: row[8], observationCount: row[9],
      years: first.flatMap { first in last.map { first...$0 } })
  }
}

/// One line of the imports log.
public struct ImportRecord: Sendable, Hashable {
  public var dataset: String
  public var fileName: String
  public var sha256: String
  public var rows: Int
  public var sections: Int
  public var observations: Int
  public var missing: Int
  public var importedAt: String
  public var toolVersion: String
}
