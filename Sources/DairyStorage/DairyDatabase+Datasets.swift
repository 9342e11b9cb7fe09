import DairyModel
import Foundation
import GRDB

extension DairyDatabase.Snapshot {
  /// Every dataset, in ``DairyDatabase/datasetOrder`` (the order they were first imported),
  /// with what its file or metadata said of it.
  ///
  /// ```swift
  /// let titles = try database.read { snapshot in try snapshot.datasets().map(\.displayTitle) }
  /// ```
  public func datasets() throws -> [DatasetInfo] {
    let legend = try Row.fetchAll(
      db, sql: "SELECT datasetId, marker, meaning FROM legend ORDER BY datasetId, position")
    let columns = DatasetFacts.sqlColumns().joined(separator: ", ")
    let sql = "SELECT id, name, \(columns) FROM dataset ORDER BY \(DairyDatabase.datasetOrder)"
    return try Row.fetchAll(db, sql: sql).map { row in
      let id: Int64 = row[0]
      var dataset = DatasetInfo(name: row[1])
      for (offset, column) in DatasetFacts.Column.allCases.enumerated() {
        dataset.facts[column] = row.text(at: 2 + offset)
      }
      dataset.facts.legend = legend.filter { $0[0] == id }.map {
        DatasetFacts.LegendEntry(marker: $0[1], meaning: $0[2])
      }
      return dataset
    }
  }

  /// Every cell an import found with no value, with its marker (`""` for an empty cell), in
  /// the datasets' order, then section and year order.
  ///
  /// ```swift
  /// let gaps = try database.read { try $0.missingCells() }
  /// gaps.first?.marker  // "NA"
  /// ```
  package func missingCells() throws -> [MissingCell] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT dataset.name, section.key, missing.year, missing.marker FROM missing
        JOIN section ON section.id = missing.sectionId
        JOIN dataset ON dataset.id = section.datasetId
        ORDER BY \(DairyDatabase.datasetOrder), section.position, missing.year
        """
    ).map { MissingCell(dataset: $0[0], section: $0[1], year: $0[2], marker: $0[3]) }
  }
}

/// A cell of a section that holds no value: the section's year, and the marker it held (`""`
/// when it was empty, `NA`, `(D)`), which the dataset's legend may explain.
package struct MissingCell: Sendable, Hashable {
  package var dataset: String
  /// The section's key.
  package var section: String
  package var year: Int64
  package var marker: String

  package init(dataset: String, section: String, year: Int64, marker: String) {
    self.dataset = dataset
    self.section = section
    self.year = year
    self.marker = marker
  }
}

// MARK: - What a backup would replace

extension DairyDatabase {
  /// The datasets of the database file at `path` among `names`, with how many sections and
  /// observations each holds, read without writing anything (`dairy inspect` on a backup): none
  /// when there is no file there yet.
  ///
  /// - Throws: ``DairyError`` when the file is not a dairy database or cannot be read.
  package static func datasetSizes(named names: [String], at path: String) throws -> [DatasetSize] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    var configuration = makeConfiguration()
    configuration.readonly = true
    return try DatabaseFailure.map(path: path) {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      return try queue.read { db in
        // Refuses a file that is not a dairy database, as the import would.
        _ = try isUpToDate(db, path: path)
        guard try db.tableExists("dataset") else { return [] }
        return try names.compactMap { name in
          try Row.fetchOne(
            db,
            sql: """
              SELECT (SELECT count(*) FROM section WHERE datasetId = dataset.id),
                (SELECT count(*) FROM observation JOIN section ON section.id = sectionId
                  WHERE section.datasetId = dataset.id)
              FROM dataset WHERE name = ?
              """, arguments: [name]
          ).map { DatasetSize(name: name, sections: $0[0], observations: $0[1]) }
        }
      }
    }
  }
}
