import DairyModel
import GRDB

extension DairyDatabase {
  /// The table that records the migrations applied, one row per identifier. GRDB's
  /// `DatabaseMigrator` made it in databases written by earlier versions of dairy; the name and
  /// shape stay, so that those are read the same.
  package static let migrationsTable = "grdb_migrations"

  /// Brings the schema up to date, in one `BEGIN IMMEDIATE` transaction, so that processes
  /// racing on a new or older database migrate it once between them.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock first (waiting for it up to the busy timeout), and
  /// only then is the schema read again: a process that waited finds what the one before it did
  /// and applies only what is still missing, usually nothing. (GRDB's `DatabaseMigrator` decides
  /// what to run before it takes the lock, and runs each migration in a transaction of its own,
  /// so two processes could both run the first one: "table dataset already exists".) A reader
  /// sees the whole schema or none of it.
  ///
  /// - Throws: ``DairyError`` when the database is not a dairy database, is newer than this tool
  ///   or lacks a table; `.busy` when another process holds the write lock past the timeout.
  package static func migrate(_ writer: any DatabaseWriter, path: String) throws {
    try writer.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        if try isUpToDate(db, path: path) { return .commit }
        try db.execute(
          sql:
            "CREATE TABLE IF NOT EXISTS \(migrationsTable) (identifier TEXT NOT NULL PRIMARY KEY)"
        )
        let applied = try appliedMigrations(db)
        for migration in migrations where !applied.contains(migration.identifier) {
          try db.execute(sql: migration.sql)
          try db.execute(
            sql: "INSERT INTO \(migrationsTable) (identifier) VALUES (?)",
            arguments: [migration.identifier])
        }
        return .commit
      }
    }
  }

  /// Whether every migration is applied (a read, that needs no lock).
  ///
  /// - Throws: ``DairyError`` when the database is SQLite but not a dairy database, was written by
  ///   a newer version of the tool, or lacks one of its tables or views.
  package static func isUpToDate(_ db: Database, path: String) throws -> Bool {
    let objects = try Set(
      Row.fetchAll(
        db,
        sql: """
          SELECT type, name FROM sqlite_master
          WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
          """
      ).map { row -> String in "\(row[0] as String) \(row[1] as String)" })
    if objects.isEmpty { return false }
    guard objects.contains("table \(migrationsTable)") else {
      throw DairyError(
        .database,
        "\(path) is a SQLite database but not a dairy database; pass another --db path")
    }
    let applied = try appliedMigrations(db)
    let unknown = applied.subtracting(migrations.map(\.identifier))
    if !unknown.isEmpty {
      throw DairyError(
        .database,
        "\(path) was written by a newer version of dairy (schema "
          + "\(unknown.sorted().joined(separator: ", "))); upgrade dairy, or pass another --db path"
      )
    }
    guard migrations.allSatisfy({ applied.contains($0.identifier) }) else { return false }
    if let (type, name) = schemaObjects.first(where: { !objects.contains("\($0) \($1)") }) {
      throw DairyError(
        .database,
        "\(path) is a dairy database, but its \(type) \(name) is missing; restore the file from "
          + "a copy, or move it away and run dairy again to start a new one")
    }
    return true
  }

  private static func appliedMigrations(_ db: Database) throws -> Set<String> {
    try String.fetchSet(db, sql: "SELECT identifier FROM \(migrationsTable)")
  }
}
