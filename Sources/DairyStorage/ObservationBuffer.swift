import DairyModel
import GRDB
import GRDBSQLite

/// The observations of an import, held in chunks and written in (section, year) order, 128 rows
/// per statement through the raw SQLite API, by a thread of their own (``ChunkWriter``) while
/// the import reads on.
///
/// The `observation` table is keyed by (section, year). A long file gives its rows in that
/// order already: its chunks hold ``ChunkSizes/inOrder`` observations (1 MiB) and are written
/// as they come. A wide table read row by row (years down, one column per series) gives each
/// row's observations to as many sections: inserted as they come, every row lands in as many
/// places of the B-tree, and SQLite's page cache spills to the file on every few rows. A chunk
/// found out of order as it fills grows to ``ChunkSizes/outOfOrder`` (2^20 observations,
/// 16 MiB) and is sorted in place (``ObservationBuffer/Pending/sort(_:)``): each section then
/// lands in one run per chunk, and a table of up to a million cells in one run per section.
/// Memory stays bounded: two chunks at most, the one being filled and the one being written.
///
/// The connection is the writer's while a chunk is written: whoever else uses it during the
/// import calls ``wait()`` first. A (section, year) given twice in one chunk is found when the
/// chunk is sorted; one that is already stored, when its insert fails. Either throws
/// ``DuplicateObservation``, at the next ``add(section:year:amount:)``, ``flush()`` or
/// ``wait()`` after the chunk was written.
package struct ObservationBuffer {
  /// One observation waiting to be written, in 16 bytes: its section and year packed into one
  /// key that sorts as they do, and its amount.
  ///
  /// A section id past 2^32 - 1 or a year outside Int32 does not pack (neither comes from a
  /// real table); ``ObservationBuffer/add(section:year:amount:)`` writes such an observation
  /// on its own.
  package struct Pending: Equatable {
    /// The section in the high 32 bits, the year (offset by 2^31) in the low ones.
    package var key: UInt64
    package var amount: Double

    package init?(section: Int64, year: Int64, amount: Double) {
      guard let section = UInt32(exactly: section), let year = Int32(exactly: year) else {
        return nil
      }
      key = UInt64(section) << 32 | UInt64(UInt32(bitPattern: year) ^ 0x8000_0000)
      self.amount = amount
    }

    package var section: Int64 { Int64(key >> 32) }
    package var year: Int64 {
      Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: key) ^ 0x8000_0000))
    }
  }

  /// How many observations a chunk holds before it is sorted and written.
  package struct ChunkSizes: Sendable {
    /// A chunk whose observations came in (section, year) order.
    package var inOrder: Int
    /// A chunk out of order: sorting more at once puts each section in fewer runs.
    package var outOfOrder: Int

    package static let standard = ChunkSizes(inOrder: 65_536, outOfOrder: 1 << 20)
  }

  /// The sizes of the chunks of the buffers made now; tests make them small.
  @TaskLocal package static var chunkSizes = ChunkSizes.standard

  private let sizes: ChunkSizes
  private var pending: [Pending] = []
  /// Whether an observation of `pending` precedes one added before it.
  private var isOutOfOrder = false
  private let writer: ChunkWriter

  package init(db: Database) throws {
    sizes = Self.chunkSizes
    writer = ChunkWriter(
      insert: try BatchedInsert(
        db: db, prefix: "INSERT INTO observation (sectionId, year, amount) VALUES "),
      connection: db.sqliteConnection, chunkSize: sizes.inOrder)
    pending.reserveCapacity(sizes.inOrder)
  }

  @inline(__always)
  package mutating func add(section: Int64, year: Int64, amount: Double) throws {
    guard let observation = Pending(section: section, year: year, amount: amount) else {
      try send()
      try writer.insertNow(section: section, year: year, amount: amount)
      return
    }
    if !isOutOfOrder, let last = pending.last, observation.precedes(last) {
      isOutOfOrder = true
      // Room for the whole chunk at once: growing by doubling would hold 1.5 times as much.
      pending.reserveCapacity(sizes.outOfOrder)
    }
    pending.append(observation)
    if pending.count >= (isOutOfOrder ? sizes.outOfOrder : sizes.inOrder) { try send() }
  }

  /// Writes every held observation, and waits until they are written.
  package mutating func flush() throws {
    try send()
    try writer.wait()
  }

  /// Drops the held observations and waits for the chunk being written, if any, forgetting its
  /// failure: for a table whose writes are undone (``TransactionTarget/undoTable()``).
  package mutating func discard() {
    pending.removeAll(keepingCapacity: true)
    isOutOfOrder = false
    try? writer.wait()
  }

  /// Waits until the chunk being written, if any, is: the connection is the caller's again.
  ///
  /// - Throws: what writing it threw.
  package func wait() throws {
    try writer.wait()
  }

  /// Hands the held observations to the writer, once it has written the chunk before, and
  /// returns while they are written.
  package mutating func send() throws {
    var chunk = try writer.spareChunk()
    swap(&chunk, &pending)
    writer.write(chunk, isOrdered: !isOutOfOrder)
    isOutOfOrder = false
  }
}
