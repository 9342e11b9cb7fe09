import DairyModel
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
    package let db: Database

    /// Every section, in the datasets' order (``DairyDatabase/datasetOrder``: the order they
    /// were first imported) and then source position.
    public func sections() throws -> [SectionInfo] {
      let statement = try db.cachedStatement(
        sql: "\(SectionInfo.selection) ORDER BY \(DairyDatabase.datasetOrder), section.position")
      let read = try SectionInfo.reader(for: statement)
      return try Row.fetchAll(statement).map(read)
    }

    /// The sections `filter` selects (``SectionFilter/select(_:)``), in the same order.
    ///
    /// - Throws: ``DairyError`` (usage) when `filter` asks for a dataset no dataset is named.
    public func sections(matching filter: SectionFilter) throws -> [SectionInfo] {
      try requireDataset(filter.dataset)
      return filter.select(try sections())
    }

    /// Calls `body` with each observation of `section`, years ascending.
    package func forEachObservation(of section: Int64, _ body: (Observation) throws -> Void) throws
    {
      // Not a cached statement: `body` may read another section's observations meanwhile.
      let statement = try db.makeStatement(
        sql: "SELECT year, amount FROM observation WHERE sectionId = ? ORDER BY year")
      let read = try Observation.reader(for: statement)
      let rows = try Row.fetchCursor(statement, arguments: [section])
      while let row = try rows.next() {
        try body(read(row))
      }
    }

    /// The observations of `section`, years ascending.
    public func observations(of section: Int64) throws -> [Observation] {
      var all: [Observation] = []
      try forEachObservation(of: section) { all.append($0) }
      return all
    }

    /// The imports log, newest first.
    package func imports() throws -> [ImportRecord] {
      try Row.fetchAll(
        db,
        sql: """
          SELECT dataset, fileName, sha256, rowCount, sectionCount, observationCount, missingCount,
                 importedAt, toolVersion
          FROM "import" ORDER BY id DESC
          """
      ).map { row in
        ImportRecord(
          dataset: row["dataset"], fileName: row["fileName"], sha256: row["sha256"],
          rows: row["rowCount"], sections: row["sectionCount"],
          observations: row["observationCount"], missing: row["missingCount"],
          importedAt: row["importedAt"], toolVersion: row["toolVersion"])
      }
    }
  }
}

extension SectionInfo {
  /// The columns ``reader(for:)`` reads, from `section` joined with `dataset`, each named: the
  /// section's fields (``SectionFields/Column``), then what the import learned of it.
  package static let selection = """
    SELECT section.id AS id, dataset.name AS dataset, section.position AS position,
           \(SectionFields.sqlColumns().map { "section.\($0) AS \($0)" }.joined(separator: ", ")),
           section.decimals AS decimals, section.observationCount AS observationCount,
           section.firstYear AS firstYear, section.lastYear AS lastYear,
           dataset.version AS version
    FROM section JOIN dataset ON dataset.id = section.datasetId
    """

  /// Reads the sections of a statement that selects ``selection``'s columns.
  package static func reader(for statement: Statement) throws -> (Row) -> SectionInfo {
    let column = ColumnPositions(statement: statement)
    let (id, dataset, position) = try (column("id"), column("dataset"), column("position"))
    let fields = try SectionFields.Column.allCases.map { ($0, try column($0.rawValue)) }
    let decimals = try column("decimals")
    let count = try column("observationCount")
    let (firstYear, lastYear) = try (column("firstYear"), column("lastYear"))
    let version = try column("version")
    return { row in
      let first: Int64? = row[firstYear]
      let last: Int64? = row[lastYear]
      var info = SectionInfo(
        id: row[id], dataset: row[dataset], position: row[position],
        fields: SectionFields(key: "", title: ""), decimals: row[decimals],
        observationCount: row[count], years: first.flatMap { first in last.map { first...$0 } },
        version: row[version])
      for (field, index) in fields { info.fields[field] = row.text(at: index) }
      return info
    }
  }
}

extension Observation {
  /// Reads the observations of a statement that selects the columns `year` and `amount`.
  package static func reader(for statement: Statement) throws -> (Row) -> Observation {
    let column = ColumnPositions(statement: statement)
    let year = try column("year")
    let amount = try column("amount")
    return { row in Observation(year: row[year], amount: row[amount]) }
  }

  /// The observations `sql` selects (as `year` and `amount`).
  package static func fetchAll(
    _ db: Database, sql: String, arguments: StatementArguments
  ) throws -> [Observation] {
    let statement = try db.cachedStatement(sql: sql)
    let read = try reader(for: statement)
    return try Row.fetchAll(statement, arguments: arguments).map(read)
  }
}

/// One line of the imports log.
package struct ImportRecord: Sendable, Hashable {
  package var dataset: String
  package var fileName: String
  package var sha256: String
  package var rows: Int
  package var sections: Int
  package var observations: Int
  package var missing: Int
  package var importedAt: String
  package var toolVersion: String
}
