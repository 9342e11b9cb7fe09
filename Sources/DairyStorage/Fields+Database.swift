import DairyModel
import GRDB

// MARK: - Fields as columns

extension FieldColumns {
  /// The value of each column (of `columns`, else all), in ``FieldColumns/Column`` order.
  package func databaseValues(_ columns: [Column] = Column.allCases)
    -> [(any DatabaseValueConvertible)?]
  {
    columns.map { self[$0] }
  }

  /// The columns' names (of `columns`, else all) as SQL spells them, quoted (`"group"` is a
  /// keyword), in order.
  package static func sqlColumns(_ columns: [Column] = Column.allCases) -> [String] {
    columns.map { "\"\($0.rawValue)\"" }
  }

  /// `"title" = ?, "unit" = ?, …`, for an `UPDATE` of `columns` (else every column).
  package static func sqlAssignments(_ columns: [Column] = Column.allCases) -> String {
    sqlColumns(columns).map { "\($0) = ?" }.joined(separator: ", ")
  }
}

extension Row {
  /// The text of column `index`, nil for NULL, read as a `DatabaseValue`: a generic `String?`
  /// read goes through `Optional`'s conditional conformance at run time, a cost on every cell
  /// of every section listed.
  @inline(__always)
  package func text(at index: Int) -> String? {
    let value: DatabaseValue = self[index]
    return String.fromDatabaseValue(value)
  }
}

// MARK: - A section's fields, in table `section`

extension SectionFields {
  /// Adds a section to a dataset: its `datasetId` and `position`, then its fields'
  /// ``FieldColumns/databaseValues``.
  package static let insertion = """
    INSERT INTO section (datasetId, position, \(sqlColumns().joined(separator: ", ")))
    VALUES (?, ?\(String(repeating: ", ?", count: Column.allCases.count)))
    """
}

extension SectionFields {
  /// The columns the import's finishing `UPDATE` sets: all but the key, which names the section
  /// in its dataset (`UNIQUE` with `datasetId`) and never changes once inserted. Setting it
  /// anyway made SQLite rewrite that index's entry for every section (about 1 % of the
  /// instructions of an import of 10^5 rows in 1,000 sections).
  package static let finishingColumns = Column.allCases.filter { $0 != .key }

}

extension SectionFacts {
  /// Sets what the import learned of a section: its fields' values but the key
  /// (``SectionFields/finishingColumns``), its decimals, observation count, first and last
  /// year, then its `id`.
  package static let update = """
    UPDATE section SET \(SectionFields.sqlAssignments(SectionFields.finishingColumns)),
           decimals = ?, observationCount = ?, firstYear = ?, lastYear = ?
    WHERE id = ?
    """
}

// MARK: - A dataset's facts, in table `dataset`

extension DatasetFacts {
  /// Adds a dataset: its `id` (the one it had when it replaces a dataset of the same name, nil
  /// for a new one), its `name`, then its facts' ``FieldColumns/databaseValues``; its
  /// fingerprint is set when the import is stamped, its legend goes to table `legend`.
  package static let insertion = """
    INSERT INTO dataset (id, name, fingerprint, \(sqlColumns().joined(separator: ", ")))
    VALUES (?, ?, ''\(String(repeating: ", ?", count: Column.allCases.count)))
    """

  /// Sets a dataset's facts: their values, then its `id`.
  package static let update = "UPDATE dataset SET \(sqlAssignments()) WHERE id = ?"
}
