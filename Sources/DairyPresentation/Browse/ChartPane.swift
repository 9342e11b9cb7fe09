import DairyImport
import DairyModel

/// The browse screen's chart pane: what it charts (the section under the top line, or every
/// section of the search), the series once they arrive, and the lines it draws.
///
/// It takes the lower third of the screen (at least ``minimumSharedHeight`` lines), or the whole screen (but the status line) on one
/// below ``fullScreenBelow`` lines, where a third would be too low for a chart.
package struct ChartPane: Sendable, Hashable {
  package enum Scope: Sendable, Hashable {
    /// The section under the top line; it follows scrolling.
    case topSection
    /// Every section of the current search.
    case search
  }

  package var scope: Scope
  /// The fetch the series come from (or are coming from).
  package var fetch: ChartFetch?
  /// The series, once they arrived.
  package var series: [ChartSeries]?
  /// Why the series could not be read.
  package var failure: String?

  /// Screens lower than this show the chart instead of the sections.
  package static let fullScreenBelow = 20

  /// The fewest lines the pane takes beside the sections: a rule, the title, the unit, five
  /// rows of plot, the year axis and a legend line. (A third of 24 lines left two rows of plot,
  /// too few to read a trend on.)
  package static let minimumSharedHeight = 11

  /// The lines the pane takes on a screen of `height` lines with `room` lines for content: the
  /// lower third, at least ``minimumSharedHeight``; the whole room below ``fullScreenBelow``.
  package static func height(screen height: Int, room: Int) -> Int {
    guard height >= fullScreenBelow else { return room }
    return max(ChartRenderer.minimumHeight(panels: 1), minimumSharedHeight, height / 3)
  }

  /// The least screen height, from `screen` on, whose pane gives a chart `lines` lines, when
  /// `chrome` lines of the screen are not content (the status line, the search line).
  package static func screenHeight(forChart lines: Int, from screen: Int, chrome: Int) -> Int {
    var rows = max(1, screen)
    while rows < Viewport.maximumHeight
      && height(screen: rows, room: max(0, rows - chrome)) - 1 < lines
    {
      rows += 1
    }
    return rows
  }

  /// The pane's lines: a rule, then the chart (or what is happening instead), exactly `height`.
  /// A chart whose panels do not all fit draws those that do and ends with a line naming the
  /// rest and the screen height they need (`screenRows` turns a chart's lines into it).
  package func lines(
    width: Int, height: Int, years: ClosedRange<Int64>?, color: Bool,
    screenRows: (Int) -> Int = { $0 + 1 }
  ) -> [String] {
    guard height > 0 else { return [] }
    let style = TextStyle(enabled: color)
    let rule = style.dim(String(repeating: "─", count: width))
    let chartHeight = height - 1
    var body: [String]
    if let series {
      let chartStyle = ChartStyle(years: years)
      var viewport = Viewport(width: width, height: chartHeight, color: color)
      var (lines, overflow) = ChartRenderer.draw(series, in: viewport, style: chartStyle)
      if overflow != nil && chartHeight > ChartRenderer.minimumHeight(panels: 1) {
        viewport.height = chartHeight - 1
        (lines, overflow) = ChartRenderer.draw(series, in: viewport, style: chartStyle)
      }
      body = lines
      if let overflow {
        let note = overflow.paneLine(screenRows: screenRows(overflow.neededHeight))
        body =
          Array(body.prefix(chartHeight - 1))
          + [style.dim(DisplayWidth.truncate(note, to: width))]
      }
    } else {
      let message = failure.map { "The chart could not be read: \($0) (c tries again)" }
      body = WordWrap.lines(message ?? "Loading the chart…", width: width)
    }
    body = Array(body.prefix(chartHeight))
    body += Array(repeating: "", count: chartHeight - body.count)
    return [rule] + body
  }
}
