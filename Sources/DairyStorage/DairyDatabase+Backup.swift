import DairyModel
import GRDB

extension DairyDatabase.Snapshot {
  /// Calls `body` with each missing cell of `section` (its year and marker), years ascending.
  ///
  /// ```swift
  /// try database.read { snapshot in
  ///   try snapshot.forEachMissingCell(of: section.id) { year, marker in print(year, marker) }
  /// }
  /// ```
  package func forEachMissingCell(
    of section: Int64, _ body: (Int64, String) throws -> Void
  ) throws {
    let rows = try Row.fetchCursor(
      db, sql: "SELECT year, marker FROM missing WHERE sectionId = ? ORDER BY year",
      arguments: [section])
    while let row = try rows.next() {
      try body(row[0], row[1])
    }
  }
}
