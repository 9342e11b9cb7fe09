import DairyModel
import GRDB
import GRDBSQLite

/// One `INSERT` of three-column rows prepared twice: for one row, and for ``size`` rows in one
/// statement, which the import's buffers use for all but their last few rows.
package struct BatchedInsert {
  package let one: Statement
  package let batch: Statement

  /// How many rows the batch statement inserts.
  package static let size = 128

  /// `prefix` is the statement up to `VALUES`, such as
  /// `INSERT INTO observation (sectionId, year, amount) VALUES `.
  package init(db: Database, prefix: String) throws {
    let row = "(?, ?, ?)"
    one = try db.makeStatement(sql: prefix + row)
    batch = try db.makeStatement(
      sql: prefix + Array(repeating: row, count: Self.size).joined(separator: ","))
  }

  /// The error of a statement that returned `code`, with the message of SQLite's `connection`.
  package static func error(_ code: Int32, _ connection: SQLiteConnection?) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
  }
}
