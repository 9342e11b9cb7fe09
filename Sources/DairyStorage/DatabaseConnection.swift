import DairyModel
import Foundation
import GRDB

/// The GRDB writer behind a ``DairyDatabase``: open from the start, or opened on first use.
///
/// A reading command that finds the database locked by another process (an exclusive lock, past
/// the busy timeout) cannot even connect: GRDB reads the schema when it opens a connection. It
/// still gets a database, whose first use reports that failure, so that `show` prints its retry
/// footer and `browse` its retry state; a later use connects, once the lock is gone.
package final class DatabaseConnection: @unchecked Sendable {
  private let lock = NSLock()
  private var opened: (any DatabaseWriter)?
  private var failure: DairyError?
  private let open: @Sendable () throws -> any DatabaseWriter

  package init(_ writer: any DatabaseWriter) {
    opened = writer
    open = { writer }
  }

  /// A connection whose first use throws `failure` (the caller has just waited for it), and whose
  /// later uses call `open` until it succeeds.
  package init(
    failedWith failure: DairyError, open: @escaping @Sendable () throws -> any DatabaseWriter
  ) {
    self.failure = failure
    self.open = open
  }

  package func writer() throws -> any DatabaseWriter {
    try lock.withLock {
      if let opened { return opened }
      if let failure {
        self.failure = nil
        throw failure
      }
      let writer = try open()
      opened = writer
      return writer
    }
  }
}
