import DairyImport
import DairyModel

/// The bytes that turn what the terminal shows into the next frame: only the lines that changed
/// are rewritten, inside a synchronized update so that the terminal never shows half a frame.
///
/// Pure: it compares two frames and returns text, so it is tested without a terminal.
///
/// ```swift
/// let bytes = FrameDiff.update(from: previous, to: frame)  // "" when nothing changed
/// ```
package enum FrameDiff {
  /// What to write to go from `previous` (nil: the screen is unknown, repaint it all) to `frame`.
  package static func update(from previous: BrowseFrame?, to frame: BrowseFrame) -> String {
    if let previous, previous == frame { return "" }
    var out = "\u{1B}[?2026h\u{1B}[?25l"
    var old = previous?.lines ?? []
    if old.count != frame.lines.count {
      out += "\u{1B}[H\u{1B}[2J"
      old = Array(repeating: "", count: frame.lines.count)
    }
    for (index, line) in frame.lines.enumerated() where old[index] != line {
      // Erase first, then write: a line that fills the last column leaves the cursor waiting to
      // wrap, and an erase after it would take the last character with it.
      out += "\u{1B}[\(index + 1);1H\u{1B}[2K" + line
    }
    if let cursor = frame.cursor {
      out += "\u{1B}[\(cursor.line + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    return out + "\u{1B}[?2026l"
  }
}
