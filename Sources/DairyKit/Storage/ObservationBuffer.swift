import GRDB
import GRDBSQLite

/// The observations of an import, held in chunks of up to ``chunkSize`` and written in
/// (section, year) order, 128 rows per statement through the raw SQLite API, by a thread of
/// their own (``ChunkWriter``) while the import reads on.
///
/// The `observation` table is keyed by (section, year). A long file gives its rows in that
/// order already, but a wide table read row by row (years down, one column per series) gives
/// each row's observations to as many sections: inserted as they come, every row lands in as
/// many places of the B-tree, and SQLite's page cache spills to the file on every few rows.
/// Sorted, a chunk lands in one run per section. Memory stays bounded: two chunks of 24-byte
/// observations (1.5 MiB each), the one being filled and the one being written.
///
/// The connection is the writer's while a chunk is written: whoever else uses it during the
/// import calls ``wait()`` first. A (section, year) given twice in one chunk is found when the
/// chunk is sorted; one that is already stored, when its insert fails. Either throws
/// ``DuplicateObservation``, at the next ``add(section:year:amount:)``, ``flush()`` or
/// ``wait()`` after the chunk was written.
struct ObservationBuffer {
  /// One observation waiting to be written.
  struct Pending {
    var section: Int64
    var year: Int64
    var amount: Double
  }

  private var pending: [Pending] = []
  private let writer: ChunkWriter

  /// How many observations are held before they are sorted and written.
  static let chunkSize = 65_536

  init(db: Database) throws {
    writer = ChunkWriter(
      insert: try BatchedInsert(
        db: db, prefix: "INSERT INTO observation (sectionId, year, amount) VALUES "),
      connection: db.sqliteConnection)
    pending.reserveCapacity(Self.chunkSize)
  }

  @inline(__always)
  mutating func add(section: Int64, year: Int64, amount: Double) throws {
    pending.append(Pending(section: section, year: year, amount: amount))
    if pending.count == Self.chunkSize { try send() }
  }

  /// Writes every held observation, and waits until they are written.
  mutating func flush() throws {
    try send()
    try writer.wait()
  }

  /// Waits until the chunk being written, if any, is: the connection is the caller's again.
  ///
  /// - Throws: what writing it threw.
  func wait() throws {
    try writer.wait()
  }

  /// Hands the held observations to the writer, once it has written the chunk before.
  private mutating func send() throws {
    var chunk = try writer.spareChunk()
    swap(&chunk, &pending)
    writer.write(chunk)
  }
}
