import DairyModel
import Foundation
import GRDB

/// Turns SQLite's errors into one-line ``DairyError``s that say what to do.
package enum DatabaseFailure {
  package static func map<T>(path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DairyError {
      throw error
    } catch let error as DatabaseError {
      throw describe(error, path: path)
    }
  }

  package static func describe(_ error: DatabaseError, path: String) -> DairyError {
    let detail = error.message ?? "\(error.resultCode)"
    switch error.resultCode {
    case .SQLITE_NOTADB:
      return DairyError(
        .database, "\(path) is not a SQLite database; pass another --db path or move the file away")
    case .SQLITE_CORRUPT:
      return DairyError(
        .database,
        "\(path) is damaged (\(detail)); restore it from a copy or pass another --db path")
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return DairyError(
        .busy, "\(path) is locked by another process (\(detail))")
    case .SQLITE_READONLY:
      if let folder = readOnlyFolder(of: path) {
        return DairyError(
          .database,
          "cannot use \(path): its folder \(folder) is read-only, and SQLite needs to create its -wal "
            + "and -shm files there; make the folder writable or pass another --db path")
      }
      return DairyError(
        .database, "\(path) is read-only (\(detail)); make it writable or pass another --db path")
    case .SQLITE_CANTOPEN:
      return DairyError(
        .database, "cannot open \(path) (\(detail)); check that its folder exists and is writable")
    case .SQLITE_FULL:
      return DairyError(.database, "\(path): the disk or database is full; nothing was changed")
    case .SQLITE_IOERR:
      return DairyError(.database, "\(path): input/output error (\(detail))")
    default:
      return DairyError(.database, "\(path): \(detail)")
    }
  }

  /// The database's folder when it is what makes the database read-only: SQLite creates the `-wal`
  /// and `-shm` files beside a WAL database, even to read it, and writes through them.
  private static func readOnlyFolder(of path: String) -> String? {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard access(folder, W_OK) != 0 else { return nil }
    let sidecarsWritable = access(path + "-wal", W_OK) == 0 && access(path + "-shm", W_OK) == 0
    return sidecarsWritable ? nil : folder
  }
}
