import GRDB

extension TestSupport {
  /// Another process's view of the database: a connection holding an exclusive lock on it until
  /// `COMMIT` is executed on the returned queue.
  package static func holdExclusiveLock(on path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true  // the lock outlives one database access
    let holder = try DatabaseQueue(path: path, configuration: configuration)
    try holder.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
      try db.execute(sql: "BEGIN EXCLUSIVE")
      _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM observation")
    }
    return holder
  }
}
