import DairyImport
import DairyModel

/// Where the parts of an SVG chart go, in pixels: the title, the panels stacked with their plot
/// areas, the years, the legend (one entry a row), the notes and the source line. The height
/// given is the least the image takes: panels get what the rest leaves, at least 120 px each.
package struct ChartSVGLayout: Sendable, Hashable {
  package static let margin = 16.0
  package static let titleHeight = 34.0
  package static let unitHeight = 26.0
  package static let panelGap = 16.0
  package static let yearsHeight = 24.0
  package static let legendRow = 18.0
  package static let notesRow = 16.0
  package static let sourceHeight = 24.0
  /// An estimate of a 12 px character's width, for label widths and wrapping.
  package static let characterWidth = 7.0
  package static let minimumWidth = 320
  package static let minimumPanelHeight = 120.0

  package struct Panel: Sendable, Hashable {
    /// The top and height of the plot area.
    package var top: Double
    package var height: Double
    package var scale: ChartScale
    package var labels: [String]
  }

  package var width: Double
  package var height: Double
  package var plotLeft: Double
  package var plotRight: Double
  package var panels: [Panel]
  package var axis: YearAxis?
  package var legendTop: Double
  package var notes: [String]
  package var notesTop: Double
  package var sourceBaseline: Double

  package init(chart: Chart, legendRows: Int, width: Int, height: Int) {
    let m = Self.margin
    self.width = Double(Swift.max(Self.minimumWidth, width))
    let perLine = Int((self.width - 2 * m) / (Self.characterWidth - 0.4))
    notes =
      chart.notes.map { WordWrap.lines("Notes: " + TextEscaping.visible($0), width: perLine) }
      ?? []
    let count = Double(Swift.max(1, chart.panels.count))
    let frame =
      2 * m + Self.titleHeight + count * (Self.unitHeight + Self.panelGap) + Self.yearsHeight
      + Double(legendRows) * Self.legendRow + Double(notes.count) * Self.notesRow
      + Self.sourceHeight
    let plots = Swift.max(count * Self.minimumPanelHeight, Double(Swift.max(0, height)) - frame)
    self.height = frame + plots
    let panelHeight = plots / count
    var top = m + Self.titleHeight
    var panels: [Panel] = []
    for panel in chart.panels {
      let scale = ChartScale(
        dataLow: panel.low, dataHigh: panel.high, maxTicks: Swift.min(8, Int(panelHeight / 24) + 1))
      top += Self.unitHeight
      panels.append(
        Panel(
          top: top, height: panelHeight, scale: scale,
          labels: ChartNumberFormat.ticks(scale, limit: 24)))
      top += panelHeight + Self.panelGap
    }
    self.panels = panels
    let widest = panels.flatMap(\.labels).map { Double(DisplayWidth.of($0)) }.max() ?? 1
    plotLeft = m + widest * Self.characterWidth + 10
    plotRight = self.width - m - 2 * Self.characterWidth
    let yearTicks = Swift.min(12, Int((plotRight - plotLeft) / 48))
    axis = chart.years.map { YearAxis(years: $0, maxTicks: yearTicks, time: chart.time) }
    legendTop = top - Self.panelGap + Self.yearsHeight
    notesTop = legendTop + Double(legendRows) * Self.legendRow
    sourceBaseline = notesTop + Double(notes.count) * Self.notesRow + Self.sourceHeight - 6
  }

  package var plotWidth: Double { plotRight - plotLeft }

  /// The x of `year`.
  package func x(_ year: Int64) -> Double { plotLeft + (axis?.fraction(year) ?? 0.5) * plotWidth }

  /// The y of a plotted value in `panel`.
  package func y(_ value: Double, in panel: Panel) -> Double {
    panel.top + (1 - panel.scale.fraction(value)) * panel.height
  }
}
