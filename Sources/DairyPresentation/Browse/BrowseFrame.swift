import DairyImport
import DairyModel

/// One screen of the browse view: exactly `height` lines, none wider than the screen, and where
/// the cursor goes (on the search line while it is open; hidden otherwise).
package struct BrowseFrame: Sendable, Hashable {
  package var lines: [String]
  /// Line and column, from 0, of the visible cursor; nil to hide it.
  package var cursor: Cursor?

  package struct Cursor: Sendable, Hashable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
  }

  package init(lines: [String], cursor: Cursor? = nil) {
    self.lines = lines
    self.cursor = cursor
  }
}
