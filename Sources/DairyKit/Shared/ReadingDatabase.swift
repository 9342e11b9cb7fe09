import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// The database a reading command reads, with the notice of the first run's import, if there was
/// one.
///
/// ```swift
/// let reading = try ReadingDatabase.open(path: nil)  // the default location
/// reading.notice  // [] once there is data
/// ```
package struct ReadingDatabase: Sendable {
  package var database: DairyDatabase
  /// The lines that say the bundled table was imported, for standard error, each one safe line
  /// (the path is shown escaped); empty when it was not.
  package var notice: [String]

  package init(database: DairyDatabase, notice: [String] = []) {
    self.database = database
    self.notice = notice
  }

  /// Opens the database `--db` names (nil: `$DAIRY_DB`, else the default location, whose folders
  /// are created); with no data yet, imports the bundled table first.
  ///
  /// - Throws: ``DairyError`` when the database cannot be opened; `.busy` only when it cannot be
  ///   opened at all (a database locked after opening fails at its first read instead).
  package static func open(path flag: String?) throws -> ReadingDatabase {
    let location = try DatabaseLocation.resolve(flag: flag)
    let (database, bundled) = try DairyDatabase.openForReading(
      path: location.path, createFolder: location.isDefault
    ) { try $0.importBundledDataIfEmpty() }
    guard let summary = bundled else { return ReadingDatabase(database: database) }
    return ReadingDatabase(
      database: database,
      notice: [
        "dairy: no data yet in \(TextEscaping.visible(database.path)); imported the bundled USDA "
          + "table"
      ] + summary.lines)
  }

  /// Writes the notice, a line at a time.
  package func writeNotice(to errors: inout some TextOutputStream) {
    for line in notice { errors.writeMessage(line) }
  }
}
