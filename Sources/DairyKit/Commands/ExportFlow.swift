/// `dairy export`, the whole command: every section and observation, losslessly, from one
/// consistent snapshot.
///
/// ```swift
/// var dump = ""
/// var errors = ""
/// let status = ExportFlow.run(format: .csv, database: "d.sqlite", output: &dump, errors: &errors)
/// ```
public enum ExportFlow {
  /// Writes the export to `output`; returns the exit status (errors on `errors`).
  ///
  /// - Parameter database: `--db`; nil for the default location. With no data yet, the bundled
  ///   table is imported first, as for every reading command.
  public static func run(
    format: ExportFormat, database path: String?,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    do {
      let reading = try ReadingDatabase.open(path: path)
      reading.writeNotice(to: &errors)
      try format.write(reading.database, to: &output)
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }
}
