import GRDB

extension DairyDatabase.Snapshot {
  /// Every dataset, by name, with the title and source its metadata gave.
  ///
  /// ```swift
  /// let titles = try database.read { snapshot in try snapshot.datasets().map(\.displayTitle) }
  /// ```
  public func datasets() throws -> [DatasetInfo] {
    try Row.fetchAll(db, sql: "SELECT name, title, source FROM dataset ORDER BY name").map {
      DatasetInfo(name: $0[0], title: $0[1], source: $0[2])
    }
  }
}
