import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// `dairy export`, the whole command: every section and observation, losslessly, from one
/// consistent snapshot.
///
/// ```swift
/// var dump = ""
/// var errors = ""
/// let status = ExportFlow.run(format: .csv, database: "d.sqlite", output: &dump, errors: &errors)
/// ```
package enum ExportFlow {
  /// Writes the export to `output`; returns the exit status (errors on `errors`).
  ///
  /// - Parameters:
  ///   - database: `--db`; nil for the default location. With no data yet, the bundled tables
  ///     are imported first, as for every reading command.
  ///   - terminal: where standard output goes: on a terminal, control characters in the data are
  ///     shown escaped (``Terminal/shown(_:as:)``); a file or a pipe gets the exact bytes.
  ///   - dataset: `--dataset`: that dataset alone; nil for every one.
  package static func run(
    format: ExportFormat, database path: String?, dataset: String? = nil,
    terminal: Terminal = Terminal(),
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    do {
      let reading = try ReadingDatabase.open(path: path)
      reading.writeNotice(to: &errors)
      var shown = TerminalDocumentStream(
        base: output, terminal: terminal, as: format == .csv ? .text : .json)
      defer { output = shown.base }
      try format.write(reading.database, dataset: dataset, to: &shown)
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }
}
