import DairyImport
import DairyModel

/// The panels a terminal chart had no room for: a panel a unit, each at least
/// ``ChartLayout/minimumPanelRows`` rows high, the first ones drawn and the rest named here, with
/// the height that would draw them all. `dairy chart` writes ``notice`` on standard error; the
/// browse screen's chart pane ends with ``paneLine``.
///
/// ```swift
/// let overflow = ChartOverflow(chart: chart, height: 24)  // nil when every panel fits
/// overflow?.notice
/// // dairy: drew 3 of 6 panels (one a unit; at 24 lines a panel has at least 4 rows); left out:
/// // dollars per cwt ("Average price paid for milk", "Dairy ration value"); …; --height 39
/// // draws them all, --index draws every section on one axis, or name fewer sections
/// ```
package struct ChartOverflow: Sendable, Hashable {
  /// A panel left out: its unit and the titles of its series.
  package struct Panel: Sendable, Hashable {
    package var unit: String
    package var titles: [String]
  }

  /// How many panels are drawn (the first ones).
  package var shown: Int
  package var leftOut: [Panel]
  /// The height the chart has, and the least that draws every panel.
  package var height: Int
  package var neededHeight: Int

  /// The panels `chart` cannot draw in `height` lines; nil when all fit.
  package init?(chart: Chart, height: Int) {
    let count = chart.panels.count
    let fit = ChartLayout.panelsThatFit(height: height, panels: count)
    guard fit < count else { return nil }
    shown = fit
    self.height = height
    neededHeight = ChartLayout.minimumHeight(panels: count)
    leftOut = chart.panels.dropFirst(fit).map { panel in
      Panel(unit: panel.unit, titles: panel.lines.map { chart.lines[$0].series.title })
    }
  }

  /// The series of the panels drawn, in the chart's order.
  package static func drawn(_ series: [ChartSeries], of chart: Chart, panels: Int) -> [ChartSeries]
  {
    let kept = Set(chart.panels.prefix(panels).flatMap(\.lines))
    return chart.lines.filter { kept.contains($0.number) }.map(\.series)
  }

  /// The left-out panels, each as `unit ("title", "title" and 2 more)`, the first `limit` of
  /// them, separated by semicolons (titles hold commas).
  package func named(limit: Int = 6) -> String {
    var names = leftOut.prefix(limit).map { panel in
      let titles = panel.titles.prefix(2).map { "\"" + TextEscaping.visible($0) + "\"" }
      let more = panel.titles.count > 2 ? " and \(panel.titles.count - 2) more" : ""
      return TextEscaping.visible(panel.unit) + " (" + titles.joined(separator: ", ") + more + ")"
    }
    if leftOut.count > limit { names.append("and \(leftOut.count - limit) more panels") }
    return names.joined(separator: "; ")
  }

  /// What `dairy chart` says on standard error: which panels are left out, why, and what
  /// draws them.
  package var notice: String {
    let total = shown + leftOut.count
    return "dairy: drew \(shown) of \(total) panels (one a unit; at \(height) lines a panel has at "
      + "least \(ChartLayout.minimumPanelRows) rows); left out: \(named()); --height "
      + "\(neededHeight) draws them all, --index draws every section on one axis, or name fewer "
      + "sections (--section or a search)"
  }

  /// The line the browse pane ends with: how many panels are left out and how tall the chart
  /// would have to be, in `screenRows` (the screen height that gives the chart its height).
  package func paneLine(screenRows: Int) -> String {
    let count = leftOut.count
    return "… \(count) more panel\(count == 1 ? "" : "s"): make the terminal taller (needs "
      + "\(screenRows) rows) or narrow the search; \(named(limit: 2))"
  }
}
