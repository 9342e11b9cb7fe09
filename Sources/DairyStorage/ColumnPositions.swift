import DairyModel
import GRDB

/// Where a statement's result columns are, found by name once per statement.
///
/// Rows are then read by position: GRDB's `row["name"]` lowercases and hashes the name on every
/// row, which a page pays for each of its (up to thousands of) sections and the export for each of
/// its millions of observations. Names, not positions, are what the code spells, so a column
/// added to or moved in a `SELECT` cannot shift the others.
package struct ColumnPositions {
  package let statement: Statement

  /// The position of the column named `name` (as the `SELECT` spells it, or its `AS` alias).
  package func callAsFunction(_ name: String) throws -> Int {
    guard let index = statement.index(ofColumn: name) else {
      throw DatabaseError(message: "no column \(name) in: \(statement.sql)")
    }
    return index
  }
}
