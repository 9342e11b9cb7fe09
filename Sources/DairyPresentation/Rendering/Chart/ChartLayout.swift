import DairyImport
import DairyModel

/// How a terminal chart shares its height: a title line; per panel a unit line, its plot rows
/// and an axis line; a line of years; then the legend and the notes. The plot gets at least 60 %
/// of what the frame leaves, the legend and the notes what they need of the rest (the notes cut
/// short if need be), and the plot everything left over, so the chart fills the height exactly.
///
/// A panel of several has at least ``minimumPanelRows`` plot rows, so that a trend can be read
/// in it; a chart alone may go down to ``minimumSingleRows``. The panels that do not fit at that
/// height are not drawn (``panelsThatFit(height:panels:)``): six units in 30 lines give four
/// panels of four rows or more, not six of two.
package struct ChartLayout: Sendable, Hashable {
  /// Plot rows per panel.
  package var plotRows: [Int]
  package var legendRows: Int
  package var notesRows: Int

  /// The fewest plot rows of a panel among several.
  package static let minimumPanelRows = 4
  /// The fewest plot rows of a chart of one panel.
  package static let minimumSingleRows = 2

  /// Title, year labels, and a unit line and an axis line per panel.
  package static func frameRows(panels: Int) -> Int { 2 + 2 * panels }

  /// The fewest plot rows, all panels together, of `panels` panels.
  package static func minimumPlotRows(panels: Int) -> Int {
    panels <= 1 ? minimumSingleRows : minimumPanelRows * panels
  }

  /// The least height that draws `panels` panels: their least plot rows and a legend line: 7
  /// for one, 15 for two, 21 for three.
  package static func minimumHeight(panels: Int) -> Int {
    frameRows(panels: panels) + minimumPlotRows(panels: panels) + 1
  }

  /// How many of `panels` panels (the first ones) a chart of `height` lines draws: all when
  /// they fit, else as many as fit; 0 when not even one does.
  package static func panelsThatFit(height: Int, panels: Int) -> Int {
    var count = Swift.max(0, panels)
    while count > 0 && minimumHeight(panels: count) > height { count -= 1 }
    return count
  }

  /// Rows the legend may take, at most, of `height`.
  package static func legendBudget(height: Int, panels: Int) -> Int {
    let free = height - frameRows(panels: panels)
    return free - minimumPlotRows(free: free, panels: panels)
  }

  private static func minimumPlotRows(free: Int, panels: Int) -> Int {
    Swift.min(free - 1, Swift.max(minimumPlotRows(panels: panels), (free * 3 + 4) / 5))
  }

  /// The layout, given the legend's lines (within `legendBudget`) and the lines the notes want.
  package init(height: Int, panels: Int, legendRows: Int, notesWanted: Int) {
    let free = height - Self.frameRows(panels: panels)
    let plotMinimum = Self.minimumPlotRows(free: free, panels: panels)
    self.legendRows = legendRows
    notesRows = Swift.max(0, Swift.min(notesWanted, free - plotMinimum - legendRows))
    let plot = free - legendRows - notesRows
    plotRows = (0..<panels).map { plot / panels + ($0 < plot % panels ? 1 : 0) }
  }
}
