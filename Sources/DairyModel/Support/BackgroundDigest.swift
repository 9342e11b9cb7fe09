import Dispatch
import Foundation

/// A SHA-256 computed on another thread while the caller goes on reading.
///
/// The import hashes every byte it reads for the imports log; doing it beside the parser keeps it
/// off the import's critical path on a machine with two cores or more. At most a few chunks wait
/// at once, so memory stays flat.
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

  package init() {}

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

  package func update(_ bytes: UnsafeRawBufferPointer) {
    let copy = [UInt8](bytes)
    slots.wait()
    queue.async {
      self.hash.update(copy)
      self.slots.signal()
    }
  }

  /// The digest of everything passed to `update` so far.
  package var hexDigest: String {
    queue.sync { hash.hexDigest }
  }
}
