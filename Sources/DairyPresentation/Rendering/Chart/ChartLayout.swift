import DairyImport
import DairyModel

/// How a terminal chart shares its height: a title line; per panel a unit line, its plot rows
/// and an axis line; a line of years; then the legend and the notes. The plot gets at least 60 %
/// of what the frame leaves, the legend and the notes what they need of the rest (the notes cut
/// short if need be), and the plot everything left over, so the chart fills the height exactly.
package struct ChartLayout: Sendable, Hashable {
  /// Plot rows per panel.
  package var plotRows: [Int]
  package var legendRows: Int
  package var notesRows: Int

  /// Title, year labels, and a unit line and an axis line per panel.
  package static func frameRows(panels: Int) -> Int { 2 + 2 * panels }

  /// The least height that draws `panels` panels: two plot rows each and a legend line.
  package static func minimumHeight(panels: Int) -> Int {
    frameRows(panels: panels) + 2 * panels + 1
  }

  /// Rows the legend may take, at most, of `height`.
  package static func legendBudget(height: Int, panels: Int) -> Int {
    let free = height - frameRows(panels: panels)
    return free - minimumPlotRows(free: free, panels: panels)
  }

  private static func minimumPlotRows(free: Int, panels: Int) -> Int {
    Swift.min(free - 1, Swift.max(2 * panels, (free * 3 + 4) / 5))
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
