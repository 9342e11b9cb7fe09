import DairyModel
import GRDB
import GRDBSQLite

/// The missing cells of an import, written 128 to a statement as observations are: most files
/// have few, but a sparse one has as many as it has values. The same buffer writes the marks of
/// marked values (table `mark`: `-` that represents zero), which are rarer still.
///
/// A (section, year) missing twice keeps its first marker (`INSERT OR IGNORE`): a long file may
/// repeat a missing row, and that was never an error. Missing and given a value is a year given
/// twice, found at the end of the import (``TransactionTarget/refuseYearsBothMissingAndGiven()``).
package struct MissingCellBuffer {
  private var sections: [Int64] = []
  private var years: [Int64] = []
  private var markers: [String] = []
  private let insert: BatchedInsert

  package static let batchSize = BatchedInsert.size

  /// - Parameter table: `missing`, or `mark` for the marks of values.
  package init(db: Database, table: String = "missing") throws {
    insert = try BatchedInsert(
      db: db, prefix: "INSERT OR IGNORE INTO \(table) (sectionId, year, marker) VALUES ")
    sections.reserveCapacity(Self.batchSize)
    years.reserveCapacity(Self.batchSize)
    markers.reserveCapacity(Self.batchSize)
  }

  /// Holds a missing cell; once ``isFull``, the caller flushes.
  package mutating func add(section: Int64, year: Int64, marker: String) {
    sections.append(section)
    years.append(year)
    markers.append(marker)
  }

  /// Whether a statement's worth of cells is held.
  package var isFull: Bool { sections.count >= Self.batchSize }

  /// Drops the held cells (a table whose writes are undone).
  package mutating func discard() {
    sections.removeAll(keepingCapacity: true)
    years.removeAll(keepingCapacity: true)
    markers.removeAll(keepingCapacity: true)
  }

  package mutating func flush(_ db: Database) throws {
    defer {
      sections.removeAll(keepingCapacity: true)
      years.removeAll(keepingCapacity: true)
      markers.removeAll(keepingCapacity: true)
    }
    if sections.count == Self.batchSize {
      try run(insert.batch, rows: 0..<Self.batchSize, db)
    } else {
      for index in sections.indices { try run(insert.one, rows: index..<index + 1, db) }
    }
  }

  private func run(_ statement: Statement, rows: Range<Int>, _ db: Database) throws {
    let handle = statement.sqliteStatement
    // SQLITE_TRANSIENT: SQLite copies each marker, so that the Swift strings need not outlive
    // the binding.
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (position, index) in rows.enumerated() {
      let parameter = Int32(position * 3)
      sqlite3_bind_int64(handle, parameter + 1, sections[index])
      sqlite3_bind_int64(handle, parameter + 2, years[index])
      markers[index].withCString { _ = sqlite3_bind_text(handle, parameter + 3, $0, -1, transient) }
    }
    let code = sqlite3_step(handle)
    sqlite3_reset(handle)
    guard code == SQLITE_DONE else { throw BatchedInsert.error(code, db.sqliteConnection) }
  }
}
