import Dispatch
import Foundation

/// A SHA-256 computed on another thread while the caller goes on reading.
///
/// The import hashes every byte it reads for the imports log. A regular file is hashed by a
/// thread that reads the file itself (``hashFile(_:from:)``) at the lowest priority, so that
/// hashing takes only the cycles the import leaves: reading and laying out a Quick Stats
/// download keep both cores of a small machine busy, and the hash then runs beside the last
/// writes. Bytes that cannot be read again (a pipe's) are copied to a queue as they are read
/// (``update(_:)``); at most a few chunks wait at once, so memory stays flat.
///
/// ```swift
/// let digest = BackgroundDigest()
/// digest.update(chunk)
/// print(digest.hexDigest)  // waits for the chunks still queued
/// ```
package final class BackgroundDigest: @unchecked Sendable {
  private let queue = DispatchQueue(label: "dairy.sha256")
  private let slots = DispatchSemaphore(value: 4)
  /// Only touched on `queue`.
  private var hash = SHA256()

  /// Only touched by the caller's thread.
  private var isHashingAFile = false
  /// The thread hashing a file by itself, when one was started.
  private var fileHashing: FileHashing?

  package init() {}

  deinit {
    // A reading given up (a file's kind told from its first bytes) stops its hashing too.
    fileHashing?.cancel()
  }

  /// Hashes the file at `path` on the digest's thread, the first time it is called (and does
  /// nothing after): a workbook, whose parts are read out of order, is hashed beside its
  /// reading. A file that cannot be read hashes what was read of it (the import itself reports
  /// the failure to read it).
  ///
  /// ```swift
  /// let digest = BackgroundDigest()
  /// digest.hashFileOnce(at: "book.xlsx")
  /// print(digest.hexDigest)  // waits for the file to be hashed
  /// ```
  package func hashFileOnce(at path: String) {
    guard !isHashingAFile else { return }
    isHashingAFile = true
    queue.async {
      guard let handle = FileHandle(forReadingAtPath: path) else { return }
      defer { try? handle.close() }
      while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        chunk.withUnsafeBytes { self.hash.update($0) }
      }
    }
  }

  /// Hashes the regular file open as `descriptor` from byte `offset` to its end, the first
  /// time it is called (and does nothing after): a thread of its own reads it (with `pread`,
  /// leaving the descriptor's offset alone) at the lowest priority the system gives
  /// (`SCHED_IDLE`), and closes `descriptor` when done. ``bytesHashed`` tells how far it read,
  /// for the caller to compare with what it read itself: a file that changed meanwhile hashes
  /// other bytes.
  ///
  /// ```swift
  /// let digest = BackgroundDigest()
  /// digest.hashFile(dup(fd), from: 0)
  /// print(digest.hexDigest, digest.bytesHashed)  // wait for the file to be hashed
  /// ```
  package func hashFile(_ descriptor: Int32, from offset: Int) {
    guard !isHashingAFile else {
      close(descriptor)
      return
    }
    isHashingAFile = true
    let job = FileHashing()
    fileHashing = job
    Thread {
      job.run(descriptor, from: offset)
    }.start()
  }

  package func update(_ bytes: UnsafeRawBufferPointer) {
    let copy = [UInt8](bytes)
    slots.wait()
    queue.async {
      self.hash.update(copy)
      self.slots.signal()
    }
  }

  /// The digest of everything passed to `update` so far, or of the file being hashed (waiting
  /// until it is).
  package var hexDigest: String {
    if let fileHashing { return fileHashing.result().digest }
    return queue.sync { hash.hexDigest }
  }

  /// How many bytes of the file ``hashFile(_:from:)`` read (waiting until it has); nil when
  /// the digest is of the bytes given to ``update(_:)``.
  package var bytesHashed: Int? {
    fileHashing?.result().bytes
  }
}

/// The hashing of one file by a thread of its own (``BackgroundDigest/hashFile(_:from:)``).
private final class FileHashing: @unchecked Sendable {
  private static let readSize = 1 << 20
  // Guarded by `condition`'s lock.
  private let condition = NSCondition()
  private var done: (digest: String, bytes: Int)?
  private var cancelled = false

  func cancel() {
    condition.lock()
    cancelled = true
    condition.unlock()
  }

  private var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  /// The digest and the bytes hashed, once the file is.
  func result() -> (digest: String, bytes: Int) {
    condition.lock()
    defer { condition.unlock() }
    while done == nil { condition.wait() }
    return done!
  }

  /// On the hashing thread: reads and hashes the file to its end (or to a read error).
  func run(_ descriptor: Int32, from offset: Int) {
    #if os(Linux)
      // SCHED_IDLE (5): run only when a core has nothing else to do. Lowering one's own
      // priority needs no privilege; should it fail, the hash runs as any thread does.
      var parameter = sched_param()
      _ = pthread_setschedparam(pthread_self(), 5, &parameter)
    #endif
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.readSize, alignment: 64)
    defer {
      buffer.deallocate()
      close(descriptor)
    }
    var hash = SHA256()
    var at = offset
    while !isCancelled {
      let got = pread(descriptor, buffer, Self.readSize, off_t(at))
      if got < 0 && errno == EINTR { continue }
      // A read error ends the hash short: the caller's count of bytes read then differs.
      guard got > 0 else { break }
      hash.update(UnsafeRawBufferPointer(start: buffer, count: got))
      at += got
    }
    condition.lock()
    done = (hash.hexDigest, at - offset)
    condition.broadcast()
    condition.unlock()
  }
}
