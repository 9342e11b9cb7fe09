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
  var writer: any DatabaseWriter {
    get throws { try connection.writer() }
  }

  /// Wraps a GRDB writer and migrates its schema.
  ///
  /// - Throws: ``DairyError`` when the database is not a dairy database or was made by a newer
  ///   version of the tool.
  public init(_ writer: any DatabaseWriter, path: String = ":memory:") throws {
    connection = DatabaseConnection(writer)
    self.path = path
    try DatabaseFailure.map(path: path) {
      // Read first: a reader must not need the write lock that an import may be holding.
      let upToDate = try writer.read { db in
        try Self.checkSchema(db, path: path)
        return try Self.migrator.hasCompletedMigrations(db)
      }
      if !upToDate { try Self.migrator.migrate(writer) }
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
  /// - Parameter createFolder: create missing folders on the way (for the default location only:
  ///   a mistyped `--db` should fail, not scatter folders).
  /// - Throws: ``DairyError`` naming the path and what to do when the folder is missing or
  ///   read-only, the file is not SQLite, or the schema is newer than this tool.
  public static func open(path: String, createFolder: Bool = false) throws -> DairyDatabase {
    try DatabaseLocation.prepare(path: path, createFolder: createFolder)
    let pool = try DatabaseFailure.map(path: path) {
      try DatabasePool(path: path, configuration: makeConfiguration())
    }
    return try DairyDatabase(pool, path: path)
  }

  /// Opens the database for a command that only reads, importing the bundled USDA table first when
  /// it has no data yet.
  ///
  /// An existing, up-to-date database is opened read-only: no write lock, no write, no sync, so
  /// that `show` starts fast and works beside a running import. Anything else (a new file, a
  /// schema to migrate, no data yet) goes through ``open(path:createFolder:)``.
  ///
  /// A database locked by another process past the busy timeout is returned all the same: its
  /// first read fails as `.busy` (so that the command shows its retry state), and a later read
  /// connects once the lock is gone.
  ///
  /// - Returns: the database, and the summary of the bundled import when there was one.
  public static func openForReading(path: String, createFolder: Bool = false) throws
    -> (DairyDatabase, bundledImport: ImportSummary?)
  {
    if FileManager.default.fileExists(atPath: path) {
      do {
        if let queue = try readyQueue(path: path) {
          return (DairyDatabase(checked: DatabaseConnection(queue), path: path), nil)
        }
      } catch let error as DairyError where error.kind == .busy {
        let connection = DatabaseConnection(failedWith: error) {
          guard let queue = try readyQueue(path: path) else {
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
    let database = try open(path: path, createFolder: createFolder)
    return (database, try database.importBundledDataIfEmpty())
  }

  /// The existing database at `path`, opened read-only, when it is a dairy database that is up to
  /// date and holds data; nil when it needs a write first.
  private static func readyQueue(path: String) throws -> DatabaseQueue? {
    var configuration = makeConfiguration()
    configuration.readonly = true
    return try DatabaseFailure.map(path: path) {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      let ready = try queue.read { db in
        try checkSchema(db, path: path)
        guard try migrator.hasCompletedMigrations(db) else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM dataset)")!
      }
      if ready { return queue }
      try queue.close()
      return nil
    }
  }

  static func makeConfiguration() -> Configuration {
    var configuration = Configuration()
    configuration.label = "dairy"
    // Wait a few seconds for another process's write lock before reporting `busy`.
    configuration.busyMode = .timeout(3)
    return configuration
  }

  /// Refuses a database that is SQLite but not ours, or ours but newer than this tool.
  private static func checkSchema(_ db: Database, path: String) throws {
    // `_` is a LIKE wildcard: escaped, so that a table named like `sqlitebrowser_notes` counts.
    let tables = try String.fetchSet(
      db,
      sql:
        #"SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'"#
    )
    if !tables.isEmpty && !tables.contains("grdb_migrations") {
      throw DairyError(
        .database,
        "\(path) is a SQLite database but not a dairy database; pass another --db path")
    }
    if tables.contains("grdb_migrations") {
      let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
      let known = Set(migrator.migrations)
      if !applied.isSubset(of: known) {
        throw DairyError(
          .database,
          "\(path) was written by a newer version of dairy (schema \(applied.subtracting(known).sorted().joined(separator: ", "))); "
            + "upgrade dairy, or pass another --db path")
      }
    }
  }
}
