import GRDB
import GRDBSQLite

/// The observations of an import, held in chunks of up to ``chunkSize`` and written in
/// (section, year) order, 128 rows per statement through the raw SQLite API.
///
/// The `observation` table is keyed by (section, year). A long file gives its rows in that
/// order already, but a wide table read row by row (years down, one column per series) gives
/// each row's observations to as many sections: inserted as they come, every row lands in as
/// many places of the B-tree, and SQLite's page cache spills to the file on every few rows.
/// Sorted, a chunk lands in one run per section. Memory stays bounded: one chunk of 24-byte
/// observations (1.5 MiB).
///
/// A (section, year) given twice in one chunk is found when the chunk is sorted; one that is
/// already stored, when its insert fails. Either throws ``DuplicateObservation``.
struct ObservationBuffer {
  /// One observation waiting to be written.
  struct Pending {
    var section: Int64
    var year: Int64
    var amount: Double
  }

  private var pending: [Pending] = []
  private let insert: BatchedInsert

  /// How many observations are held before they are sorted and written.
  static let chunkSize = 65_536

  init(db: Database) throws {
    insert = try BatchedInsert(
      db: db, prefix: "INSERT INTO observation (sectionId, year, amount) VALUES ")
    pending.reserveCapacity(Self.chunkSize)
  }

  @inline(__always)
  mutating func add(section: Int64, year: Int64, amount: Double, db: Database) throws {
    pending.append(Pending(section: section, year: year, amount: amount))
    if pending.count == Self.chunkSize { try flush(db) }
  }

  /// Writes every held observation, in (section, year) order.
  mutating func flush(_ db: Database) throws {
    defer { pending.removeAll(keepingCapacity: true) }
    // A long file's chunk is in order already: checking costs one pass, sorting none.
    if !Self.isOrdered(pending) { pending.sort(by: Self.precedes) }
    if let twice = Self.firstRepeated(pending) {
      throw DuplicateObservation(section: twice.section, year: twice.year)
    }
    var start = 0
    while pending.count - start >= BatchedInsert.size {
      try insertBatch(start..<start + BatchedInsert.size, db)
      start += BatchedInsert.size
    }
    try insertRows(start..<pending.count, db)
  }

  /// Whether every observation follows its predecessor in (section, year) order (equal keys
  /// count as ordered: the next check finds them).
  private static func isOrdered(_ rows: [Pending]) -> Bool {
    var index = 1
    while index < rows.count {
      if precedes(rows[index], rows[index - 1]) { return false }
      index += 1
    }
    return true
  }

  @inline(__always)
  private static func precedes(_ left: Pending, _ right: Pending) -> Bool {
    left.section < right.section || (left.section == right.section && left.year < right.year)
  }

  /// The first of two adjacent observations with the same (section, year), in sorted rows.
  private static func firstRepeated(_ rows: [Pending]) -> Pending? {
    var index = 1
    while index < rows.count {
      let (previous, current) = (rows[index - 1], rows[index])
      if previous.section == current.section && previous.year == current.year { return current }
      index += 1
    }
    return nil
  }

  /// Inserts a full batch in one statement; when a row clashes with a stored one, row by row
  /// to find which (the failed statement left nothing behind).
  private func insertBatch(_ rows: Range<Int>, _ db: Database) throws {
    let statement = insert.batch.sqliteStatement
    for (position, index) in rows.enumerated() {
      let parameter = Int32(position * 3)
      sqlite3_bind_int64(statement, parameter + 1, pending[index].section)
      sqlite3_bind_int64(statement, parameter + 2, pending[index].year)
      sqlite3_bind_double(statement, parameter + 3, pending[index].amount)
    }
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    if code == SQLITE_DONE { return }
    guard code & 0xFF == SQLITE_CONSTRAINT else { throw BatchedInsert.error(code, db) }
    try insertRows(rows, db)
  }

  private func insertRows(_ rows: Range<Int>, _ db: Database) throws {
    let statement = insert.one.sqliteStatement
    for index in rows {
      sqlite3_bind_int64(statement, 1, pending[index].section)
      sqlite3_bind_int64(statement, 2, pending[index].year)
      sqlite3_bind_double(statement, 3, pending[index].amount)
      let code = sqlite3_step(statement)
      sqlite3_reset(statement)
      if code == SQLITE_DONE { continue }
      // Only the primary key can clash: year and amount are never null.
      guard code & 0xFF == SQLITE_CONSTRAINT else { throw BatchedInsert.error(code, db) }
      throw DuplicateObservation(section: pending[index].section, year: pending[index].year)
    }
  }
}
