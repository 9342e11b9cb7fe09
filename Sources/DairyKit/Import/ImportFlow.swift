import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

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
    do {
      let location = try DatabaseLocation.resolve(flag: path)
      let database = try DairyDatabase.open(
        path: location.path, createFolder: location.isDefault)
      let progress = ProgressReporter(terminal: terminal)
      let summary = try database.importFiles(files, options: options, progress: progress.report)
      progress.finish()
      for warning in summary.warnings { errors.writeMessage("dairy: warning: \(warning)") }
      for line in summary.lines { output.writeMessage(line) }
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }
}
