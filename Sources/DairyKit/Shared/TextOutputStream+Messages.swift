import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

extension TextOutputStream {
  /// Writes one line for a person: an error, a warning, a notice, a note or a summary.
  ///
  /// Every message goes through here, whatever it names (a file, a `--db` path, a dataset, a
  /// search, a column, a sheet): its control characters, line breaks included, are shown escaped
  /// as data is (``TextEscaping/visible(_:)``), so that it stays one line that cannot move the
  /// cursor, clear the screen or write the clipboard. Text that is escaped already comes out the
  /// same (`\e` stays `\e`): the escapes are plain characters.
  ///
  /// ```swift
  /// var errors = ""
  /// errors.writeMessage("dairy: warning: milk\n.csv")  // "dairy: warning: milk\\n.csv\n"
  /// ```
  package mutating func writeMessage(_ line: String) {
    write(TextEscaping.visible(line) + "\n")
  }
}
