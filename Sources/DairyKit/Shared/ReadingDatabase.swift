import DairyData
import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// The database a reading command reads, with the notice of the first run's import, if there was
/// one.
///
/// ```swift
/// let reading = try ReadingDatabase.open(path: nil)  // the default location
/// reading.notice  // [] once there is data
/// ```
package struct ReadingDatabase: Sendable {
  package var database: DairyDatabase
  /// The lines that say the bundled tables were imported, for standard error, each one safe line
  /// (the path is shown escaped); empty when they were not.
  package var notice: [String]

  package init(database: DairyDatabase, notice: [String] = []) {
    self.database = database
    self.notice = notice
  }

  /// Opens the database `--db` names (nil: `$DAIRY_DB`, else the default location). Only the
  /// default location is made (with its folders) and filled with the bundled tables when it is
  /// new; a `--db` path or `$DAIRY_DB` must name a database that exists
  /// (``requireExisting(_:)``). A database that was given the bundled tables by an older dairy
  /// gets the tables this one adds (``DairyDatabase/importBundledData(fillsNew:)``).
  ///
  /// - Throws: ``DairyError`` when the database cannot be opened or (`--db`, `$DAIRY_DB`) does
  ///   not exist; `.busy` only when it cannot be opened at all (a database locked after opening
  ///   fails at its first read instead).
  package static func open(path flag: String?) throws -> ReadingDatabase {
    try open(at: DatabaseLocation.resolve(flag: flag), fromEnvironment: flag == nil)
  }

  /// Opens the database at `location` as ``open(path:)`` does.
  package static func open(at location: DatabaseLocation, fromEnvironment: Bool = false) throws
    -> ReadingDatabase
  {
    try requireExisting(location, fromEnvironment: fromEnvironment)
    let (database, bundled) = try DairyDatabase.openForReading(
      path: location.path, createFolder: location.isDefault, bundle: BundledData.files,
      fillsNew: location.isDefault
    ) { try $0.importBundledData(fillsNew: location.isDefault) }
    guard let bundled else { return ReadingDatabase(database: database) }
    return ReadingDatabase(database: database, notice: notice(bundled, path: database.path))
  }

  /// Refuses a location that is not the default one (`--db`, `$DAIRY_DB`) where nothing exists:
  /// a typo must not make a database. It checks before anything is opened, so that nothing is
  /// left behind (no file, no `-wal` or `-shm`, no folder).
  ///
  /// ```
  /// dairy: error: no database at big.sqlit; make one with `dairy init --db big.sqlit` (the
  /// bundled USDA tables) or `dairy import FILE --db big.sqlit` (your file)
  /// ```
  ///
  /// - Throws: ``DairyError`` (`.database`, exit 74).
  package static func requireExisting(_ location: DatabaseLocation, fromEnvironment: Bool = false)
    throws
  {
    guard !location.isDefault else { return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) { return }
    let path = ShellCommand.quoted(location.path)
    let from = fromEnvironment ? " ($DAIRY_DB)" : ""
    throw DairyError(
      .database,
      "no database at \(location.path)\(from); make one with `dairy init --db \(path)` (the "
        + "bundled USDA tables) or `dairy import FILE --db \(path)` (your file)")
  }

  /// The lines that say what `bundled` did to the database at `path`: what it imported, in one
  /// line and its totals, and a line for each file it passed over.
  ///
  /// ```
  /// dairy: no data yet in new.sqlite; imported the bundled USDA tables (dairy sections lists them)
  /// imported 6 datasets: 277 sections, 15,100 observations, 90 missing cells in 0.21 s
  /// ```
  static func notice(_ bundled: BundleImport, path: String) -> [String] {
    let path = TextEscaping.visible(path)
    var lines: [String] = []
    if let summary = bundled.summary {
      let names = summary.datasets.map { TextEscaping.visible($0.name) }
      lines.append(
        bundled.plan.isFirstRun
          ? "dairy: no data yet in \(path); imported the bundled USDA tables (dairy sections "
            + "lists them)"
          : "dairy: this dairy ships more USDA tables; imported \(names.joined(separator: ", ")) "
            + "into \(path)")
      let time = String(format: "in %.2f s", summary.seconds)
      lines.append(
        "imported \(plural(summary.datasets.count, "dataset")): "
          + "\(plural(summary.sections, "section")), "
          + "\(plural(summary.observations, "observation")), "
          + "\(plural(summary.missing, "missing cell")) \(time)")
    }
    for kept in bundled.plan.kept {
      let names = kept.datasets.map(TextEscaping.visible).joined(separator: ", ")
      lines.append(
        "dairy: kept your own \(names) in \(path); the bundled "
          + "\(TextEscaping.visible(kept.file)) was not imported over it")
    }
    return lines
  }

  /// Writes the notice, a line at a time.
  package func writeNotice(to errors: inout some TextOutputStream) {
    for line in notice { errors.writeMessage(line) }
  }
}
