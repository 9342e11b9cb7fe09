import DairyImport
import DairyModel

/// Draws line charts of sections in a terminal: a pure function from (series, viewport, style) to
/// exactly `viewport.height` lines (24 when it has none), none wider than `viewport.width`
/// columns. Lines are not padded with trailing spaces.
///
/// - Braille dots, 2 × 4 a character cell (`ChartStyle.Marks.ascii` for fonts without braille).
/// - A value axis with round ticks formatted like `dairy show`'s amounts, the unit as its title;
///   a year axis with round years, the first and the last year labelled.
/// - Each series its own Okabe–Ito colour and, without colour, its own mark on the line.
/// - Series of different units in panels stacked one above another, unless `ChartStyle.index`.
/// - Missing years break a line; a lone point is a dot; a long series is downsampled by lowest
///   and highest value per dot column, so that no peak is lost and the cost follows the width.
/// - The title is the dataset's; the legend gives each series' title, unit, first and last
///   value; the notes of a series charted alone follow, wrapped.
///
/// - Panels that do not fit at least ``ChartLayout/minimumPanelRows`` rows each are left out,
///   the first ones drawn (``draw(_:in:style:)`` says which are not: ``ChartOverflow``).
///
/// Below ``minimumWidth`` × ``minimumHeight(panels:)`` of one panel the chart is replaced by a
/// line saying so.
///
/// ```swift
/// let butter = ChartSeries(
///   title: "Butter", unit: "lb per person", dataset: "Dairy products",
///   points: [Observation(year: 1975, amount: 4.7), Observation(year: 2022, amount: 6.0)])
/// let lines = ChartRenderer.render([butter], in: Viewport(width: 80, height: 24))
/// lines.count  // 24
/// ```
package enum ChartRenderer {
  /// The narrowest chart drawn.
  package static let minimumWidth = 20

  /// The lowest chart drawn with `panels` panels (one per unit; 1 in index mode): 7 for one, 15
  /// for two.
  package static func minimumHeight(panels: Int) -> Int {
    ChartLayout.minimumHeight(panels: Swift.max(1, panels))
  }

  package static func render(
    _ series: [ChartSeries], in viewport: Viewport, style: ChartStyle = ChartStyle()
  ) -> [String] {
    draw(series, in: viewport, style: style).lines
  }

  /// The chart's lines, and the panels left out for want of height (``ChartOverflow``): the
  /// first panels that fit are drawn, each at least ``ChartLayout/minimumPanelRows`` rows high,
  /// rather than every panel squeezed to two rows.
  package static func draw(
    _ series: [ChartSeries], in viewport: Viewport, style: ChartStyle = ChartStyle()
  ) -> (lines: [String], overflow: ChartOverflow?) {
    let width = viewport.width
    let height = viewport.height ?? 24
    guard height > 0 else { return ([], nil) }
    var chart = Chart(series: series, style: style)
    guard chart.years != nil else {
      return (
        fitted(title: chart.title, message: chart.emptyMessage, width: width, height: height), nil
      )
    }
    guard width >= minimumWidth, height >= minimumHeight(panels: 1) else {
      let message =
        "Too small for this chart: it needs \(minimumWidth)×\(minimumHeight(panels: 1)),"
        + " this is \(width)×\(height)."
      return (fitted(title: chart.title, message: message, width: width, height: height), nil)
    }
    let overflow = ChartOverflow(chart: chart, height: height)
    if let overflow {
      chart = Chart(
        series: ChartOverflow.drawn(series, of: chart, panels: overflow.shown), style: style)
    }
    guard let years = chart.years else {
      let message = chart.emptyMessage
      return (fitted(title: chart.title, message: message, width: width, height: height), overflow)
    }
    let lines = ChartFrame(
      chart: chart, years: years, width: width, height: height, marks: style.marks,
      color: viewport.color
    ).lines()
    return (lines, overflow)
  }

  /// The title and a message, wrapped and cut to the viewport.
  private static func fitted(title: String, message: String, width: Int, height: Int) -> [String] {
    let text =
      [DisplayWidth.truncate(TextEscaping.visible(title), to: width)]
      + WordWrap.lines(message, width: width).map { DisplayWidth.truncate($0, to: width) }
    let lines = height < text.count ? Array(text.suffix(height)) : text
    return lines + Array(repeating: "", count: height - lines.count)
  }
}
