import DairyData
import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// `dairy init`, the whole command: a new database at `--db PATH` (else `$DAIRY_DB`, else the
/// default location), holding the bundled USDA tables, or nothing with `--empty`. It makes
/// databases only: a path where something exists is refused (exit 73), whatever it is.
///
/// ```swift
/// var said = ""
/// var errors = ""
/// let status = InitFlow.run(
///   database: "new.sqlite", empty: false, output: &said, errors: &errors)  // 0
/// ```
package enum InitFlow {
  /// Makes the database and says what it holds on `output`; returns the exit status (errors on
  /// `errors`): 73 when the path exists, 74 when the database cannot be made there (no such
  /// folder, a read-only one).
  package static func run(
    database flag: String?, empty: Bool,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    // The database this makes goes again when it fails (a full disk), leaving the path free.
    var made: String?
    do {
      let location = try DatabaseLocation.resolve(flag: flag)
      if FileManager.default.fileExists(atPath: location.path) {
        throw DairyError(
          .exists,
          "\(location.path) exists already; dairy init makes a new database only: pass another "
            + "--db path, or move the file away")
      }
      made = location.path
      return try making(location, empty: empty, output: &output)
    } catch {
      if let made { DatabaseLocation.removeMade(path: made) }
      return DairyError.report(error, to: &errors)
    }
  }

  /// Makes the database at `location`; it is closed when this returns or throws.
  private static func making(
    _ location: DatabaseLocation, empty: Bool, output: inout some TextOutputStream
  ) throws -> Int32 {
    let database = try DairyDatabase.open(
      path: location.path, createFolder: location.isDefault)
    let path = TextEscaping.visible(location.path)
    if empty {
      try database.markMadeEmpty()
      output.writeMessage(
        "made \(path), empty: `dairy import FILE --db \(ShellCommand.quoted(location.path))` "
          + "fills it")
      return 0
    }
    let summary = try database.importBundledData()?.summary
    output.writeMessage(
      "made \(path) with the bundled USDA tables: "
        + "\(plural(summary?.datasets.count ?? 0, "dataset")), "
        + "\(plural(summary?.sections ?? 0, "section")), "
        + plural(summary?.observations ?? 0, "observation"))
    return 0
  }
}
