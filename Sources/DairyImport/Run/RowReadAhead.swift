import DairyFormats
import Foundation

/// A table's rows read on a thread of their own, a batch at a time and a few batches ahead of
/// the import, so that reading the file and laying out its rows share the machine's cores (a
/// Quick Stats download's 21 quoted fields cost as much to read as its rows cost to lay out).
///
/// From ``init(_:)`` until ``stop()`` returns, the reading thread is the only one to read rows
/// from the source; the import's thread may still ask it where a cell is (for a source whose
/// ``TableSource/readsAhead`` allows it). A read error ends the rows: ``next()`` throws it after
/// every batch before it, so that errors still come in file order. The batches' rows are used
/// again once given back (``recycle(_:)``): reading allocates nothing once they have grown.
///
/// ```swift
/// let rows = RowReadAhead(source)
/// defer { rows.stop() }
/// var row = TableRow()
/// while var batch = try rows.next() {
///   for index in 0..<batch.count {
///     swap(&row, &batch.rows[index])  // a move: no copy of the row's text
///     print(row.line)
///     swap(&row, &batch.rows[index])
///   }
///   rows.recycle(&batch)
/// }
/// ```
package final class RowReadAhead: @unchecked Sendable {
  /// Rows read one after another, and how far into the file they go.
  package struct Batch {
    /// The rows; the first ``count`` hold this batch's.
    package var rows: [TableRow] = []
    package var count = 0
    /// The bytes of the file read once the last row was (progress).
    package var bytesRead = 0
    /// The bytes its rows hold (``size(of:)``).
    package var bytes = 0
  }

  /// The most rows and bytes a batch holds (at least one row; its rows' text and cells
  /// counted, ``size(of:)``): a wide table's batches are shorter, and a table of long texts'.
  package static let batchRows = 256
  package static let batchBytes = 1 << 20
  /// How many read batches may wait for the import, and how many bytes: beyond that, the
  /// reading waits. The rows in flight (those waiting, the batch being read, the one being laid
  /// out) so stay within a few megabytes, or three rows when a row is larger.
  package static let queued = 3
  package static let queuedBytes = 1 << 20
  /// A row whose storage grew past this is not kept for reading into again: a few long or wide
  /// rows leave nothing large behind them.
  package static let keptRowBytes = 1 << 16

  /// The bytes a row holds: its text and its cells.
  package static func size(of row: TableRow) -> Int {
    row.bytes.count + row.cells.count * MemoryLayout<TableCell>.stride
  }

  // Guarded by `condition`'s lock.
  private let condition = NSCondition()
  private var full: [Batch] = []
  private var fullBytes = 0
  private var spare: [Batch] = []
  private var finished = false
  private var failure: (any Error)?
  private var cancelled = false
  private var ended = false

  /// Starts reading `source`'s next rows on a new thread.
  package init(_ source: any TableSource) {
    nonisolated(unsafe) let source = source
    Thread { [self] in
      read(source)
      condition.lock()
      ended = true
      condition.broadcast()
      condition.unlock()
    }.start()
  }

  /// The reading thread's loop: fills batches until the rows end, a read fails, or the import
  /// stops it.
  private func read(_ source: any TableSource) {
    // Each row is read into `row`, moved in and out of the batch: reading into the array's
    // element through the protocol copied the row, and then its text on every write.
    var row = TableRow()
    while var batch = spareBatch() {
      batch.count = 0
      batch.bytes = 0
      var outcome: Result<Bool, any Error> = .success(true)
      while batch.count < Self.batchRows, batch.bytes < Self.batchBytes {
        if batch.count == batch.rows.count { batch.rows.append(TableRow()) }
        swap(&row, &batch.rows[batch.count])
        do {
          outcome = .success(try source.nextRow(into: &row))
        } catch {
          outcome = .failure(error)
        }
        batch.bytes += Self.size(of: row)
        swap(&row, &batch.rows[batch.count])
        guard case .success(true) = outcome else { break }
        batch.count += 1
      }
      batch.bytesRead = source.bytesRead
      condition.lock()
      // Moved, not copied: a copy left here would share the rows with the import's thread
      // until the end of the loop, and the first write to them would copy every row.
      if batch.count > 0 {
        fullBytes += batch.bytes
        full.append(consume batch)
      }
      switch outcome {
      case .success(true): break
      case .success(false): finished = true
      case .failure(let error): (finished, failure) = (true, error)
      }
      condition.broadcast()
      condition.unlock()
      if finished { return }
    }
  }

  /// A batch to fill, once fewer than ``queued`` wait; nil once stopped.
  private func spareBatch() -> Batch? {
    condition.lock()
    defer { condition.unlock() }
    while !full.isEmpty && (full.count >= Self.queued || fullBytes >= Self.queuedBytes)
      && !cancelled
    {
      condition.wait()
    }
    if cancelled { return nil }
    return spare.popLast() ?? Batch()
  }

  /// The next batch of rows, waiting for it; nil after the last.
  ///
  /// - Throws: The error that ended the rows, after the rows before it.
  package func next() throws -> Batch? {
    condition.lock()
    defer { condition.unlock() }
    while full.isEmpty && !finished { condition.wait() }
    if !full.isEmpty {
      condition.broadcast()
      fullBytes -= full[0].bytes
      return full.removeFirst()
    }
    if let failure { throw failure }
    return nil
  }

  /// Gives a batch back, for its rows' storage to be read into again.
  package func recycle(_ batch: inout Batch) {
    var used = Batch()
    swap(&used, &batch)
    for index in used.rows.indices {
      let row = used.rows[index]
      if row.bytes.capacity + row.cells.capacity * MemoryLayout<TableCell>.stride
        > Self.keptRowBytes
      {
        used.rows[index] = TableRow()
      }
    }
    condition.lock()
    spare.append(consume used)
    condition.unlock()
  }

  /// Stops the reading thread and waits until it has: the source is the caller's again.
  package func stop() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    while !ended { condition.wait() }
    condition.unlock()
  }
}
