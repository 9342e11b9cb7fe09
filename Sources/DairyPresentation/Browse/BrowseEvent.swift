import DairyImport
import DairyModel

/// What happens to the browse screen: a key, a page that arrived or failed, a new window size, or
/// the clock ticking (for the spinner and the bounce's spring back).
package enum BrowseEvent: Sendable, Hashable {
  case key(BrowseKey)
  case pageLoaded(BrowseFetch, Page)
  case pageFailed(BrowseFetch, DairyError)
  /// The chart pane's series arrived, or could not be read.
  case chartLoaded(ChartFetch, [ChartSeries])
  case chartFailed(ChartFetch, DairyError)
  case resized(width: Int, height: Int)
  case tick
}

/// A page fetch the screen asked for. The generation tells a result for the current search from a
/// stale one: a new search or year range starts a new generation.
package struct BrowseFetch: Sendable, Hashable {
  package var generation: Int
  package var request: PageRequest

  package init(generation: Int, request: PageRequest) {
    self.generation = generation
    self.request = request
  }
}

/// What the screen asks of the world around it after an event.
package enum BrowseEffect: Sendable, Hashable {
  /// Fetch this page, off the main loop, and send back `pageLoaded` or `pageFailed`.
  case fetch(BrowseFetch)
  /// Read the chart pane's series, off the main loop, and send back `chartLoaded` or
  /// `chartFailed`.
  case fetchChart(ChartFetch)
  /// Leave the screen.
  case quit
  /// Stop the process as Ctrl-Z does in a shell, restoring the terminal first.
  case suspend
  /// Repaint every line (Ctrl-L).
  case redraw
}
