import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// `dairy import`, the whole command: the files into the database in one transaction, the
/// progress bar on a terminal, then the warnings and the summary.
///
/// ```swift
/// var summary = ""
/// var errors = ""
/// let status = ImportFlow.run(
///   ["milk.csv"], options: ImportOptions(), database: "d.sqlite", terminal: .current(),
///   output: &summary, errors: &errors)
/// ```
package enum ImportFlow {
  /// Imports `files`; the summary goes to `output`, warnings and errors to `errors`, and the
  /// progress bar (when standard error is a terminal) to standard error.
  ///
  /// - Parameter database: `--db`; nil for `$DAIRY_DB`, else the default location, whose
  ///   folders are created.
  package static func run(
    _ files: [String], options: ImportOptions, database path: String?, terminal: Terminal,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    // A database this import makes at a `--db` path goes again when the import fails.
    var made: String?
    do {
      let location = try DatabaseLocation.resolve(flag: path)
      if !location.isDefault && !FileManager.default.fileExists(atPath: location.path) {
        made = location.path
      }
      let summary = try importing(
        files.map(ImportRun.readingStandardInput), options: options, into: location,
        terminal: terminal)
      for warning in summary.warnings { errors.writeMessage("dairy: warning: \(warning)") }
      for line in replacedLines(summary.replaced, files: files.count) { errors.writeMessage(line) }
      for line in summary.lines { output.writeMessage(line) }
      return 0
    } catch {
      if let made { DatabaseLocation.removeMade(path: made) }
      return DairyError.report(error, to: &errors)
    }
  }

  /// Opens the database at `location` and imports `files`; the database is closed when this
  /// returns or throws.
  private static func importing(
    _ files: [String], options: ImportOptions, into location: DatabaseLocation,
    terminal: Terminal
  ) throws -> ImportSummary {
    let database = try DairyDatabase.open(path: location.path, createFolder: location.isDefault)
    let progress = ProgressReporter(terminal: terminal)
    // Cleared before an error is written too.
    defer { progress.finish() }
    return try database.importFiles(files, options: options, progress: progress.report)
  }

  /// What `--replace` replaced, a line a dataset, for standard error before the summary: what
  /// it held and where from, and (a warning then) what it had that the new files lack.
  ///
  /// ```
  /// dairy: warning: replaced dataset milk: 13 sections from milk.xlsx, imported 2026-11-27
  /// 10:02; dropped its title, source and contact, which the new file lacks
  /// ```
  package static func replacedLines(_ replaced: [DatasetReplacement], files: Int) -> [String] {
    replaced.map { dataset in
      guard let dropped = dataset.droppedText else {
        return "dairy: replaced dataset \(dataset.line)"
      }
      return "dairy: warning: replaced dataset \(dataset.line); dropped \(dropped), which the new "
        + (files == 1 ? "file lacks" : "files lack")
    }
  }
}
