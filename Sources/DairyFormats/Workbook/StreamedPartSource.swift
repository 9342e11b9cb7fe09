import DairyModel
import Foundation

/// A ZIP entry inflated on a thread of its own into a short queue of chunks, and read from the
/// queue: a worksheet of any size streams through a few chunks of memory. (ZIPFoundation's
/// inflate pushes chunks to a closure until the entry ends; the tokenizer pulls.)
///
/// The inflating thread holds the archive (and so its file) until it ends. Dropping the source
/// cancels the thread: it stops at its next chunk.
package final class StreamedPartSource: PartSource {
  /// The queue between the two threads, guarded by its condition's lock.
  private final class Channel: @unchecked Sendable {
    let condition = NSCondition()
    var chunks: [Data] = []
    var finished = false
    var failure: (any Error)?
    var cancelled = false
    static let capacity = 4

    /// Queues a chunk, waiting while the queue is full; throws once the reader has gone.
    func put(_ chunk: Data) throws {
      condition.lock()
      defer { condition.unlock() }
      while chunks.count >= Self.capacity && !cancelled { condition.wait() }
      if cancelled { throw CancellationError() }
      chunks.append(chunk)
      condition.broadcast()
    }

    /// The next chunk, waiting for it; nil at the end; the inflating error, if there was one.
    func take() throws -> Data? {
      condition.lock()
      defer { condition.unlock() }
      while chunks.isEmpty && !finished { condition.wait() }
      if !chunks.isEmpty {
        condition.broadcast()
        return chunks.removeFirst()
      }
      if let failure { throw failure }
      return nil
    }

    func finish(_ error: (any Error)?) {
      condition.lock()
      finished = true
      failure = error
      condition.broadcast()
      condition.unlock()
    }

    func cancel() {
      condition.lock()
      cancelled = true
      condition.broadcast()
      condition.unlock()
    }
  }

  private let channel = Channel()
  private var chunk = Data()
  private var offset = 0

  /// Starts inflating `entry` of `archive` on a new thread.
  package init(
    archive: ZipArchive, entry: ZipArchive.Entry, maxBytes: Int, limits: WorkbookLimits,
    at place: WorkbookLocation
  ) {
    let channel = self.channel
    let thread = Thread {
      do {
        try archive.inflate(entry, maxBytes: maxBytes, limits: limits, at: place) {
          try channel.put($0)
        }
        channel.finish(nil)
      } catch {
        channel.finish(error)
      }
    }
    thread.start()
  }

  deinit { channel.cancel() }

  package func failureOfTheRest() -> (any Error)? {
    do {
      while try channel.take() != nil {}
      return nil
    } catch {
      return error
    }
  }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while offset == chunk.count {
      guard let next = try channel.take() else { return 0 }
      chunk = next
      offset = 0
    }
    let count = min(buffer.count, chunk.count - offset)
    chunk.withUnsafeBytes {
      buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}

extension ZipArchive {
  /// Where to read `entry` from: its bytes, inflated now, when the directory states at most
  /// ``WorkbookLimits/inMemoryPartBytes``; else a stream inflated on another thread.
  package func source(
    of entry: Entry, maxBytes: Int, limits: WorkbookLimits, at place: WorkbookLocation
  ) throws -> PartSource {
    if entry.uncompressedSize <= limits.inMemoryPartBytes {
      return MemoryPartSource(try bytes(of: entry, maxBytes: maxBytes, limits: limits, at: place))
    }
    return StreamedPartSource(
      archive: self, entry: entry, maxBytes: maxBytes, limits: limits, at: place)
  }
}
