import DairyImport
import DairyModel

/// What a key does on the browse screen. ``BrowseKeyBindings`` says which key does what.
package enum BrowseAction: Sendable, Hashable {
  case lineDown, lineUp
  /// Three lines, as a turn of the mouse wheel.
  case wheelDown, wheelUp
  /// A screenful less one line, so that the last line read stays in view.
  case screenDown, screenUp
  case halfScreenDown, halfScreenUp
  /// The top; the bottom of the data, loading the rest (`G`).
  case top, bottom
  /// Esc while browsing: stops `G`'s loading; else clears the search, back to where it began;
  /// else quits.
  case back
  /// Opens the search line (search titles as you type).
  case openSearch
  /// Closes the search line, keeping its filter.
  case keepSearch
  /// Closes the search line and clears its filter.
  case clearSearch
  /// In the search line: deletes the last character, or all the text.
  case deleteBackward, clearSearchText
  /// Tries the failed load again.
  case retry
  /// Takes in the earlier years the `completedWithHistory` footer offers.
  case widenRange
  /// Opens the chart pane on the section under the top line, or closes it.
  case toggleChart
  /// Opens the chart pane on every section of the search.
  case chartSearch
  case closeChart
  /// Shows or hides the change from the previous year in the rows.
  case toggleChange
  case showHelp
  case redraw
  /// Stops the process as Ctrl-Z does in a shell.
  case suspend
  case quit

  /// True for the actions that pull the content further down (at the end: the bounce).
  package var scrollsDown: Bool {
    switch self {
    case .lineDown, .wheelDown, .screenDown, .halfScreenDown: true
    default: false
    }
  }
}
