import DairyImport
import DairyModel

/// One terminal chart laid out at a size that holds it: the frame's parts, drawn line by line.
package struct ChartFrame {
  package let chart: Chart
  package let years: ClosedRange<Int64>
  package let width: Int
  package let height: Int
  package let marks: ChartStyle.Marks
  package let color: Bool

  package var glyphs: ChartGlyphs { ChartGlyphs(marks) }

  package func lines() -> [String] {
    let legend = ChartLegend(chart: chart, arrow: glyphs.arrow)
    let budget = ChartLayout.legendBudget(height: height, panels: chart.panels.count)
    let legendLines = legend.lines(
      width: width, maxRows: Swift.min(legend.naturalRows(width: width), budget), color: color)
    let notes = chart.notes.map {
      NotesFooterView(notes: $0).lines(width: width, style: TextStyle(enabled: false))
    }
    let layout = ChartLayout(
      height: height, panels: chart.panels.count, legendRows: legendLines.count,
      notesWanted: notes?.count ?? 0)
    // A tick every other row or so: 4 on 5 rows, 8 on 14 and more.
    let scales = zip(chart.panels, layout.plotRows).map { panel, rows in
      ChartScale(
        dataLow: panel.low, dataHigh: panel.high, maxTicks: Swift.min(8, (rows + 1) / 2 + 1))
    }
    let labels = scales.map { ChartNumberFormat.ticks($0, limit: width / 3) }
    let labelWidth = Swift.min(width / 3, labels.joined().map(DisplayWidth.of).max() ?? 0)
    let plot = ChartPlot(
      columns: width - labelWidth - 1, labelWidth: labelWidth, years: years, marks: marks,
      color: color, time: chart.time)
    let style = TextStyle(enabled: color)
    var out = [style.bold(DisplayWidth.truncate(TextEscaping.visible(chart.title), to: width))]
    for (index, panel) in chart.panels.enumerated() {
      out.append(style.dim(DisplayWidth.truncate(TextEscaping.visible(panel.unit), to: width)))
      out += plot.panel(
        panel, of: chart, scale: scales[index], labels: labels[index],
        rows: layout.plotRows[index])
    }
    out.append(plot.yearLabels())
    out += legendLines
    out += Self.cut(notes ?? [], to: layout.notesRows, width: width).map(style.dim)
    return out
  }

  /// `lines` cut to `count`, the last kept line ending in "…" when some are dropped.
  package static func cut(_ lines: [String], to count: Int, width: Int) -> [String] {
    guard lines.count > count else { return lines }
    guard count > 0 else { return [] }
    var kept = Array(lines.prefix(count))
    kept[count - 1] = DisplayWidth.truncate(kept[count - 1] + " …", to: width)
    return kept
  }
}
