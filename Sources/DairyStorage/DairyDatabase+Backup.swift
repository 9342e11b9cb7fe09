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
    try forEach(in: "missing", of: section, body)
  }

  /// The marks of `section`'s observations (table `mark`: `-` where the file's legend says it
  /// represents zero), by year; empty for most sections, and in a database written before v8.
  ///
  /// ```swift
  /// let marks = try database.read { try $0.marks(of: section.id) }
  /// marks[2020]  // "-"
  /// ```
  package func marks(of section: Int64) throws -> [Int64: String] {
    var marks: [Int64: String] = [:]
    try forEach(in: "mark", of: section) { marks[$0] = $1 }
    return marks
  }

  /// The marks of `section`'s observations from `first` through `last`, by year: a page's rows.
  package func marks(of section: Int64, in years: ClosedRange<Int64>) throws -> [Int64: String] {
    var marks: [Int64: String] = [:]
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: "SELECT year, marker FROM mark WHERE sectionId = ? AND year BETWEEN ? AND ?"),
      arguments: [section, years.lowerBound, years.upperBound])
    while let row = try rows.next() { marks[row[0]] = row[1] }
    return marks
  }

  /// Calls `body` with each (year, marker) of `section` in `table` (`missing` or `mark`).
  private func forEach(
    in table: String, of section: Int64, _ body: (Int64, String) throws -> Void
  ) throws {
    let rows = try Row.fetchCursor(
      db, sql: "SELECT year, marker FROM \(table) WHERE sectionId = ? ORDER BY year",
      arguments: [section])
    while let row = try rows.next() {
      try body(row[0], row[1])
    }
  }
}
