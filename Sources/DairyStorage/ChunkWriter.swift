import DairyModel
import Dispatch
import GRDB
import GRDBSQLite

/// Writes ``ObservationBuffer``'s chunks on a thread of its own, one at a time: sorts a chunk
/// that is out of (section, year) order, checks it for a key given twice, and inserts it 128
/// rows to a statement, while the import goes on reading the next one.
///
/// SQLite allows a connection on any thread, one thread at a time: the import's thread leaves
/// the connection to the writer from ``write(_:)`` until ``wait()`` (or ``spareChunk()``)
/// returns. A failure is kept, and thrown by the next of these.
package final class ChunkWriter: @unchecked Sendable {
  private typealias Pending = ObservationBuffer.Pending

  private let insert: BatchedInsert
  private let one: OpaquePointer
  private let batch: OpaquePointer
  private let connection: SQLiteConnection?
  /// The room a new chunk is given.
  private let chunkSize: Int
  private let queue = DispatchQueue(label: "dairy.observation-writer")
  private let group = DispatchGroup()
  // Written by the queue while a chunk is out, read by the import's thread after `group.wait()`.
  private var failure: Error?
  private var spare: [Pending] = []

  package init(insert: BatchedInsert, connection: SQLiteConnection?, chunkSize: Int) {
    self.insert = insert
    self.chunkSize = chunkSize
    one = insert.one.sqliteStatement
    batch = insert.batch.sqliteStatement
    self.connection = connection
  }

  deinit {
    // Never leave the connection in use by the writer: the transaction may be rolled back next.
    group.wait()
  }

  /// Writes `chunk` on the writer's thread, sorting it first unless `isOrdered`; the caller
  /// leaves the connection alone until ``wait()`` returns.
  package func write(_ chunk: [ObservationBuffer.Pending], isOrdered: Bool) {
    guard !chunk.isEmpty else {
      spare = chunk
      return
    }
    queue.async(group: group) { [self] in
      var rows = chunk
      do {
        if !isOrdered { Pending.sort(&rows) }
        try Self.write(rows, one: one, batch: batch, connection: connection)
      } catch {
        failure = error
      }
      rows.removeAll(keepingCapacity: true)
      spare = rows
    }
  }

  /// Waits until the chunk being written is, and throws what writing it threw.
  package func wait() throws {
    group.wait()
    if let failure {
      self.failure = nil
      throw failure
    }
  }

  /// An empty chunk with room, once the one being written is written (its storage, reused).
  package func spareChunk() throws -> [ObservationBuffer.Pending] {
    try wait()
    var chunk: [Pending] = []
    swap(&chunk, &spare)
    if chunk.capacity == 0 { chunk.reserveCapacity(chunkSize) }
    return chunk
  }

  /// Inserts one observation on the caller's thread, once the chunk being written is: one
  /// that does not pack into a ``ObservationBuffer/Pending``.
  package func insertNow(section: Int64, year: Int64, amount: Double) throws {
    try wait()
    sqlite3_bind_int64(one, 1, section)
    sqlite3_bind_int64(one, 2, year)
    sqlite3_bind_double(one, 3, amount)
    let code = sqlite3_step(one)
    sqlite3_reset(one)
    if code == SQLITE_DONE { return }
    guard code & 0xFF == SQLITE_CONSTRAINT else { throw BatchedInsert.error(code, connection) }
    throw DuplicateObservation(section: section, year: year)
  }

  // MARK: - On the writer's thread

  private static func write(
    _ rows: [Pending], one: OpaquePointer, batch: OpaquePointer, connection: SQLiteConnection?
  ) throws {
    if let twice = firstRepeated(rows) {
      throw DuplicateObservation(section: twice.section, year: twice.year)
    }
    var start = 0
    while rows.count - start >= BatchedInsert.size {
      try insertBatch(rows, start..<start + BatchedInsert.size, one, batch, connection)
      start += BatchedInsert.size
    }
    try insertRows(rows, start..<rows.count, one, connection)
  }

  /// The first of two adjacent observations with the same (section, year), in sorted rows.
  private static func firstRepeated(_ rows: [Pending]) -> Pending? {
    var index = 1
    while index < rows.count {
      let (previous, current) = (rows[index - 1], rows[index])
      if previous.key == current.key { return current }
      index += 1
    }
    return nil
  }

  /// Inserts a full batch in one statement; when a row clashes with a stored one, row by row
  /// to find which (the failed statement left nothing behind).
  private static func insertBatch(
    _ rows: [Pending], _ range: Range<Int>, _ one: OpaquePointer, _ batch: OpaquePointer,
    _ connection: SQLiteConnection?
  ) throws {
    for (position, index) in range.enumerated() {
      let parameter = Int32(position * 3)
      sqlite3_bind_int64(batch, parameter + 1, rows[index].section)
      sqlite3_bind_int64(batch, parameter + 2, rows[index].year)
      sqlite3_bind_double(batch, parameter + 3, rows[index].amount)
    }
    let code = sqlite3_step(batch)
    sqlite3_reset(batch)
    if code == SQLITE_DONE { return }
    guard code & 0xFF == SQLITE_CONSTRAINT else { throw BatchedInsert.error(code, connection) }
    try insertRows(rows, range, one, connection)
  }

  private static func insertRows(
    _ rows: [Pending], _ range: Range<Int>, _ one: OpaquePointer, _ connection: SQLiteConnection?
  ) throws {
    for index in range {
      sqlite3_bind_int64(one, 1, rows[index].section)
      sqlite3_bind_int64(one, 2, rows[index].year)
      sqlite3_bind_double(one, 3, rows[index].amount)
      let code = sqlite3_step(one)
      sqlite3_reset(one)
      if code == SQLITE_DONE { continue }
      // Only the primary key can clash: year and amount are never null.
      guard code & 0xFF == SQLITE_CONSTRAINT else { throw BatchedInsert.error(code, connection) }
      throw DuplicateObservation(section: rows[index].section, year: rows[index].year)
    }
  }
}
