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
  /// (`SCHED_IDLE`), and `descriptor` is closed with the digest. Asked for the digest before the
  /// thread is done, the caller's thread takes the hash over from the last chunk the thread
  /// finished, without waiting for it, so that no other process's work can keep the digest
  /// waiting. ``fileHash`` tells how far the file was read, and ``fileChanged`` whether it was
  /// written to since, for the caller to compare with what it read itself: a file that changed
  /// may have given the two readings other bytes.
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
    let job = FileHashing(descriptor, from: offset)
    fileHashing = job
    Thread {
      job.run()
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

  /// What hashing a file by itself found (``hashFile(_:from:)``).
  package struct FileHash: Sendable {
    package var digest: String
    /// How many bytes of the file were read.
    package var bytes: Int
    /// The `errno` of a read that failed (the hash then ends short).
    package var readError: Int32?
  }

  /// Whether the file being hashed by itself was written to since hashing began (its size or
  /// times differ): asked once the caller's own reading is done too, it tells that the two
  /// readings may have read other bytes. False for a digest of bytes given to ``update(_:)``.
  package var fileChanged: Bool {
    fileHashing?.changedSinceStart() ?? false
  }

  /// What hashing the file found (waiting until it is hashed); nil when the digest is of the
  /// bytes given to ``update(_:)``.
  package var fileHash: FileHash? {
    fileHashing?.result()
  }

  /// How many bytes of the file ``hashFile(_:from:)`` read (waiting until it has); nil when
  /// the digest is of the bytes given to ``update(_:)``.
  package var bytesHashed: Int? {
    fileHash?.bytes
  }
}

/// The hashing of one file by a thread of its own (``BackgroundDigest/hashFile(_:from:)``).
///
/// The thread runs at idle priority, which another process's work may starve for as long as it
/// runs (a parallel build). It hashes each chunk into a copy of the hash and commits it (the
/// hash and how far it got) only while nobody has taken the hash over: whoever asks for the
/// result first takes the last committed hash at once and finishes it on its own thread at its
/// own priority, never waiting for the idle thread; the chunk that thread was on is dropped.
private final class FileHashing: @unchecked Sendable {
  private static let readSize = 1 << 18
  private let descriptor: Int32
  private let start: Int
  /// The file as it was when hashing began: a write since then changes its times or size.
  private let before: stat
  // Guarded by `condition`'s lock.
  private let condition = NSCondition()
  /// The hash of the file's bytes from `start` to `at`, as last committed.
  private var hash = SHA256()
  private var at: Int
  private var done: BackgroundDigest.FileHash?
  private var cancelled = false
  /// Set by the first caller of `result()`: the hashing thread commits nothing after it.
  private var takenOver = false

  init(_ descriptor: Int32, from offset: Int) {
    self.descriptor = descriptor
    start = offset
    at = offset
    var info = stat()
    _ = fstat(descriptor, &info)
    before = info
  }

  deinit {
    close(descriptor)
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.unlock()
  }

  /// What hashing found, once the file is hashed: by the caller from the last committed hash,
  /// when the hashing thread has not finished.
  func result() -> BackgroundDigest.FileHash {
    condition.lock()
    if takenOver {
      while done == nil { condition.wait() }
    }
    if let done {
      condition.unlock()
      return done
    }
    takenOver = true
    var (hash, at) = (self.hash, self.at)
    condition.unlock()
    let result = Self.hashRest(descriptor, &hash, &at, start: start) { _, _ in true }
    condition.lock()
    done = result
    condition.broadcast()
    condition.unlock()
    return result
  }

  /// On the hashing thread: reads and hashes the file to its end (or to a read error), unless
  /// cancelled or taken over first.
  func run() {
    #if os(Linux)
      // SCHED_IDLE (5): run only when a core has nothing else to do. Lowering one's own
      // priority needs no privilege; should it fail, the hash runs as any thread does.
      var parameter = sched_param()
      _ = pthread_setschedparam(pthread_self(), 5, &parameter)
    #endif
    condition.lock()
    var (hash, at) = (self.hash, self.at)
    let stop = takenOver || cancelled
    condition.unlock()
    if stop { return }
    let result = Self.hashRest(descriptor, &hash, &at, start: start) { hash, at in
      condition.lock()
      defer { condition.unlock() }
      guard !takenOver && !cancelled else { return false }
      (self.hash, self.at) = (hash, at)
      return true
    }
    condition.lock()
    if !takenOver && !cancelled {
      done = result
      condition.broadcast()
    }
    condition.unlock()
  }

  /// Hashes the file from `at` to its end (or to a read error) into `hash`, calling `commit`
  /// after each chunk; stops, with what is then a partial result, when `commit` says to.
  private static func hashRest(
    _ descriptor: Int32, _ hash: inout SHA256, _ at: inout Int, start: Int,
    commit: (SHA256, Int) -> Bool
  ) -> BackgroundDigest.FileHash {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: readSize, alignment: 64)
    defer { buffer.deallocate() }
    var readError: Int32?
    while true {
      let got = pread(descriptor, buffer, readSize, off_t(at))
      if got < 0 && errno == EINTR { continue }
      if got < 0 { readError = errno }
      guard got > 0 else { break }
      hash.update(UnsafeRawBufferPointer(start: buffer, count: got))
      at += got
      guard commit(hash, at) else { break }
    }
    return BackgroundDigest.FileHash(
      digest: hash.hexDigest, bytes: at - start, readError: readError)
  }

  /// Whether the file's size or times differ now from what they were when hashing began.
  func changedSinceStart() -> Bool {
    var now = stat()
    return fstat(descriptor, &now) != 0 || now.st_size != before.st_size
      || now.st_mtim.tv_sec != before.st_mtim.tv_sec
      || now.st_mtim.tv_nsec != before.st_mtim.tv_nsec
      || now.st_ctim.tv_sec != before.st_ctim.tv_sec
      || now.st_ctim.tv_nsec != before.st_ctim.tv_nsec
  }
}
