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
public enum ImportFlow {
  /// Imports `files`; the summary goes to `output`, warnings and errors to `errors`, and the
  /// progress bar (when standard error is a terminal) to standard error.
  ///
  /// - Parameter database: `--db`; nil for `$DAIRY_DB`, else the default location, whose
  ///   folders are created.
  public static func run(
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
      for warning in summary.warnings { errors.write("dairy: warning: \(warning)\n") }
      output.write(summary.description + "\n")
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }
}
