import DairyModel
import GRDB

// MARK: - Fields as columns

extension FieldColumns {
  /// The value of each column, in ``FieldColumns/Column`` order.
  package var databaseValues: [(any DatabaseValueConvertible)?] {
    Column.allCases.map { self[$0] }
  }

  /// The columns' names as SQL spells them, quoted (`"group"` is a keyword), in order.
  package static var sqlColumns: [String] {
    Column.allCases.map { "\"\($0.rawValue)\"" }
  }

  /// `"title" = ?, "unit" = ?, …`, for an `UPDATE` of every column.
  package static var sqlAssignments: String {
    sqlColumns.map { "\($0) = ?" }.joined(separator: ", ")
  }
}

// MARK: - A section's fields, in table `section`

extension SectionFields {
  /// Adds a section to a dataset: its `datasetId` and `position`, then its fields'
  /// ``FieldColumns/databaseValues``.
  package static let insertion = """
    INSERT INTO section (datasetId, position, \(sqlColumns.joined(separator: ", ")))
    VALUES (?, ?\(String(repeating: ", ?", count: sqlColumns.count)))
    """
}

extension SectionFields {
  /// The columns the import's finishing `UPDATE` sets: all but the key, which names the section
  /// in its dataset (`UNIQUE` with `datasetId`) and never changes once inserted. Setting it
  /// anyway made SQLite rewrite that index's entry for every section (about 1 % of the
  /// instructions of an import of 10^5 rows in 1,000 sections).
  package static let finishingColumns = Column.allCases.filter { $0 != .key }

  /// The values of ``finishingColumns``, in order.
  package var finishingValues: [(any DatabaseValueConvertible)?] {
    Self.finishingColumns.map { self[$0] }
  }
}

extension SectionFacts {
  /// Sets what the import learned of a section: its fields' values but the key
  /// (``SectionFields/finishingColumns``), its decimals, observation count, first and last
  /// year, then its `id`.
  package static let update = """
    UPDATE section SET \(SectionFields.finishingColumns.map { "\"\($0.rawValue)\" = ?" }
      .joined(separator: ", ")),
           decimals = ?, observationCount = ?, firstYear = ?, lastYear = ?
    WHERE id = ?
    """
}

// MARK: - A dataset's facts, in table `dataset`

extension DatasetFacts {
  /// Adds a dataset: its `name`, then its facts' ``FieldColumns/databaseValues``; its
  /// fingerprint is set when the import is stamped, its legend goes to table `legend`.
  package static let insertion = """
    INSERT INTO dataset (name, fingerprint, \(sqlColumns.joined(separator: ", ")))
    VALUES (?, ''\(String(repeating: ", ?", count: sqlColumns.count)))
    """

  /// Sets a dataset's facts: their values, then its `id`.
  package static let update = "UPDATE dataset SET \(sqlAssignments) WHERE id = ?"
}
