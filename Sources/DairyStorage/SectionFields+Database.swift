import DairyModel
import GRDB

// MARK: - A section's fields as columns of `section`

extension SectionFields.Column {
  /// The column's name as SQL spells it, quoted (`"group"` is a keyword).
  package var sql: String { "\"\(rawValue)\"" }
}

extension SectionFields {
  /// The value of each column, in ``Column`` order.
  package var databaseValues: [(any DatabaseValueConvertible)?] {
    Column.allCases.map { self[$0] }
  }

  /// Adds a section to a dataset: its `datasetId` and `position`, then its fields'
  /// ``databaseValues``.
  package static let insertion = """
    INSERT INTO section (datasetId, position, \(Column.allCases.map(\.sql).joined(separator: ", ")))
    VALUES (?, ?\(String(repeating: ", ?", count: Column.allCases.count)))
    """
}

extension SectionFacts {
  /// Sets what the import learned of a section: its fields' ``SectionFields/databaseValues``, its
  /// decimals, observation count, first and last year, then its `id`.
  package static let update = """
    UPDATE section SET \(SectionFields.Column.allCases.map { "\($0.sql) = ?" }.joined(separator: ", ")),
           decimals = ?, observationCount = ?, firstYear = ?, lastYear = ?
    WHERE id = ?
    """
}
