import DairyImport
import DairyModel

/// Where the parts of an SVG chart go, in pixels: the title, the panels stacked with their plot
/// areas, the years, the legend (one entry a row), the notes and the source line. The height
/// given is the least the image takes: panels get what the rest leaves, at least 120 px each.
///
/// No text runs past the image's width (``SVGText`` estimates it): the title wraps to two lines
/// and then ends in "…", as the source line does; a unit or a legend entry too long for one line
/// is shortened with "…"; the notes wrap.
package struct ChartSVGLayout: Sendable, Hashable {
  package static let margin = 16.0
  package static let titleHeight = 34.0
  /// The title's size, and the height of its second line.
  package static let titleSize = 18.0
  package static let titleLine = 22.0
  package static let textSize = 12.0
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
  /// The title in one or two lines, and the source line in one or two.
  package var title: [String]
  package var source: [String]
  package var notes: [String]
  package var notesTop: Double
  package var sourceBaseline: Double

  package init(chart: Chart, legendRows: Int, width: Int, height: Int) {
    let m = Self.margin
    self.width = Double(Swift.max(Self.minimumWidth, width))
    let textWidth = self.width - 2 * m
    title = SVGText.lines(
      TextEscaping.visible(chart.title), width: textWidth, size: Self.titleSize, bold: true,
      limit: 2)
    let sourceText = chart.source.map { "Source: " + $0 } ?? "Data: " + chart.title
    source = SVGText.lines(
      TextEscaping.visible(sourceText), width: textWidth, size: Self.textSize, limit: 2)
    notes =
      chart.notes.map {
        SVGText.lines("Notes: " + TextEscaping.visible($0), width: textWidth, size: Self.textSize)
      } ?? []
    let titleHeight = Self.titleHeight + Double(Swift.max(0, title.count - 1)) * Self.titleLine
    let sourceHeight = Self.sourceHeight + Double(Swift.max(0, source.count - 1)) * Self.notesRow
    let count = Double(Swift.max(1, chart.panels.count))
    let frame =
      2 * m + titleHeight + count * (Self.unitHeight + Self.panelGap) + Self.yearsHeight
      + Double(legendRows) * Self.legendRow + Double(notes.count) * Self.notesRow
      + sourceHeight
    let plots = Swift.max(count * Self.minimumPanelHeight, Double(Swift.max(0, height)) - frame)
    self.height = frame + plots
    let panelHeight = plots / count
    var top = m + titleHeight
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
    sourceBaseline = notesTop + Double(notes.count) * Self.notesRow + sourceHeight - 6
  }

  package var plotWidth: Double { plotRight - plotLeft }

  /// The width a line of text may take: the image's less its margins.
  package var textWidth: Double { width - 2 * Self.margin }

  /// The x of `year`.
  package func x(_ year: Int64) -> Double { plotLeft + (axis?.fraction(year) ?? 0.5) * plotWidth }

  /// The y of a plotted value in `panel`.
  package func y(_ value: Double, in panel: Panel) -> Double {
    panel.top + (1 - panel.scale.fraction(value)) * panel.height
  }
}
