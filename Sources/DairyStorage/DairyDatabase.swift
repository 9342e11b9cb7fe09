import DairyModel
import Foundation
import GRDB

/// The dairy database: datasets of sections of yearly observations, in SQLite through GRDB.
///
/// It wraps any GRDB writer: a `DatabasePool` (WAL, so readers never wait for an import) for a file,
/// or a `DatabaseQueue` in memory for tests. The schema is made and kept up to date by a private
/// migrator when the database is opened.
///
/// ```swift
/// let database = try DairyDatabase.open(path: "/tmp/dairy.sqlite")
/// let summary = try database.importFiles(["milk.csv"])
/// ```
public struct DairyDatabase: Sendable {
  private let connection: DatabaseConnection
  /// Where the database lives, or ":memory:".
  public let path: String

  /// The GRDB writer; for a database that was locked when a reading command opened it, connecting
  /// now (see ``DatabaseConnection``).
  package var writer: any DatabaseWriter {
    get throws { try connection.writer() }
  }

  /// Wraps a GRDB writer and migrates its schema.
  ///
  /// - Throws: ``DairyError`` when the database is not a dairy database or was made by a newer
  ///   version of the tool; `.busy` when it needs migrating and another process holds its write
  ///   lock past the busy timeout.
  package init(_ writer: any DatabaseWriter, path: String = ":memory:") throws {
    connection = DatabaseConnection(writer)
    self.path = path
    try DatabaseFailure.map(path: path) {
      // Read first: a reader must not need the write lock that an import may be holding.
      let upToDate = try writer.read { db in try Self.isUpToDate(db, path: path) }
      if !upToDate { try Self.migrate(writer, path: path) }
    }
  }

  /// Wraps a connection whose schema the caller has checked (or checks when it connects).
  private init(checked connection: DatabaseConnection, path: String) {
    self.connection = connection
    self.path = path
  }

  /// An empty database in memory.
  public static func inMemory() throws -> DairyDatabase {
    try DairyDatabase(DatabaseQueue(configuration: makeConfiguration()))
  }

  /// Opens (creating it if need be) the database file at `path`, in WAL mode.
  ///
  /// Safe when several processes open a new file at once: one creates and migrates it, the others
  /// wait for it (up to the busy timeout) and then use it.
  ///
  /// - Parameter createFolder: create missing folders on the way (for the default location only:
  ///   a mistyped `--db` should fail, not scatter folders).
  /// - Throws: ``DairyError`` naming the path and what to do when the folder is missing or
  ///   read-only, the file is not SQLite, or the schema is newer than this tool.
  public static func open(path: String, createFolder: Bool = false) throws -> DairyDatabase {
    try DatabaseLocation.prepare(path: path, createFolder: createFolder)
    return try openPrepared(path: path)
  }

  private static func openPrepared(path: String) throws -> DairyDatabase {
    let pool = try DatabaseFailure.map(path: path) { try openPool(path: path) }
    return try DairyDatabase(pool, path: path)
  }

  /// A pool on `path`, in WAL mode.
  ///
  /// Switching a new file to WAL writes its header in rollback mode; SQLite answers "database is
  /// locked" at once, without waiting, to a connection that asks for WAL meanwhile (it holds a
  /// read lock and asks for the write lock, and waiting could deadlock). So on that answer the
  /// opening starts again, until the busy timeout has passed since the first try.
  private static func openPool(path: String) throws -> DatabasePool {
    let deadline = ContinuousClock.now + .seconds(busyTimeout)
    while true {
      do {
        return try DatabasePool(path: path, configuration: makeConfiguration())
      } catch let error as DatabaseError
        where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline
      {
        Thread.sleep(forTimeInterval: .random(in: 0.002...0.02))
      }
    }
  }

  /// Opens the database for a command that only reads, filling it first (`fill`, which imports
  /// the bundled USDA tables) when it is new (and `fillsNew`), or needs more of `bundle` (the
  /// shipped files' names, ``BundlePlan``).
  ///
  /// An existing, up-to-date database is opened read-only: no write lock, no write, no sync, so
  /// that `show` starts fast and works beside a running import. Anything else (a new file, a
  /// schema to migrate, no data yet, bundled tables it lacks) goes through
  /// ``open(path:createFolder:)``.
  ///
  /// A database locked by another process past the busy timeout is returned all the same: its
  /// first read fails as `.busy` (so that the command shows its retry state), and a later read
  /// connects once the lock is gone.
  ///
  /// - Returns: the database, and what `fill` returned when it ran.
  package static func openForReading<Filled>(
    path: String, createFolder: Bool = false, bundle: [String], fillsNew: Bool = true,
    fillingWith fill: (DairyDatabase) throws -> Filled?
  ) throws -> (DairyDatabase, bundledImport: Filled?) {
    try DatabaseLocation.prepare(path: path, createFolder: createFolder)
    if FileManager.default.fileExists(atPath: path) {
      do {
        if let queue = try readyQueue(path: path, bundle: bundle, fillsNew: fillsNew) {
          return (DairyDatabase(checked: DatabaseConnection(queue), path: path), nil)
        }
      } catch let error as DairyError where error.kind == .busy {
        let connection = DatabaseConnection(failedWith: error) {
          guard let queue = try readyQueue(path: path, bundle: bundle, fillsNew: fillsNew) else {
            throw DairyError(
              .busy,
              "\(path) was locked when this command started and now needs a first import or an "
                + "upgrade; run the command again")
          }
          return queue
        }
        return (DairyDatabase(checked: connection, path: path), nil)
      }
    }
    let database = try openPrepared(path: path)
    return (database, try fill(database))
  }

  /// The existing database at `path`, opened read-only, when it is a dairy database that is up to
  /// date, holds data and needs nothing of `bundle`; nil when it needs a write first.
  private static func readyQueue(path: String, bundle: [String], fillsNew: Bool) throws
    -> DatabaseQueue?
  {
    var configuration = makeConfiguration()
    configuration.readonly = true
    return try DatabaseFailure.map(path: path) {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      let ready = try queue.read { db in
        try isUpToDate(db, path: path)
          && bundlePlan(db, shipped: bundle, fillsNew: fillsNew).isEmpty
      }
      if ready { return queue }
      try queue.close()
      return nil
    }
  }

  /// How long, in seconds, a command waits for another process's lock before it reports `busy`.
  package static let busyTimeout = 3.0

  package static func makeConfiguration() -> Configuration {
    var configuration = Configuration()
    configuration.label = "dairy"
    configuration.busyMode = .timeout(busyTimeout)
    return configuration
  }
}
