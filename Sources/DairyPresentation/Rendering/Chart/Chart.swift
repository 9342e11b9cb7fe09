import DairyImport
import DairyModel

/// A chart resolved from its series and style, before any drawing: the lines over the years in
/// range, grouped into panels of one unit each (one panel for all in index mode), with the title,
/// source and notes. The terminal, SVG and JSON renderers all draw this.
package struct Chart: Sendable, Hashable {
  /// Series of one unit, sharing a value axis.
  package struct Panel: Sendable, Hashable {
    /// What the axis measures (the unit, or the index's description).
    package var unit: String
    /// Indices into `lines`.
    package var lines: [Int]
    /// The lowest and highest plotted value (and zero, with `ChartStyle.zero`).
    package var low: Double
    package var high: Double
  }

  package var title: String
  package var source: String?
  /// The notes of the one series charted; nil with several.
  package var notes: String?
  package var index: Bool
  package var lines: [ChartLine]
  package var panels: [Panel]
  /// The years from the first point drawn to the last; nil when nothing is drawn.
  package var years: ClosedRange<Int64>?
  /// The years asked for (`--since`, `--until`); nil for all.
  package var yearRange: ClosedRange<Int64>?
  /// What the positions in ``years`` are: the first series' (a chart holds series of one
  /// frequency).
  package var time: ChartTime

  package static let indexUnit = "index, first year in range = 100"
  package static let noUnit = "(no unit)"

  package init(series: [ChartSeries], style: ChartStyle) {
    title = Self.joined(series.map(\.dataset), separator: " · ") ?? "Chart"
    source = Self.joined(series.compactMap(\.source), separator: "; ")
    notes = series.count == 1 ? series[0].notes.flatMap { $0.isEmpty ? nil : $0 } : nil
    index = style.index
    yearRange = style.years
    time = series.first?.time ?? ChartTime()
    lines = series.enumerated().map { number, series in
      ChartLine(series: series, number: number, years: style.years, index: style.index)
    }
    panels = []
    var first: Int64?
    var last: Int64?
    for (number, line) in lines.enumerated() {
      guard let low = line.low, let high = line.high, let start = line.first, let end = line.last
      else { continue }
      first = Swift.min(first ?? start.year, start.year)
      last = Swift.max(last ?? end.year, end.year)
      let unit = style.index ? Self.indexUnit : Self.unit(of: line.series)
      if let panel = panels.firstIndex(where: { Self.sameUnit($0.unit, unit) }) {
        panels[panel].lines.append(number)
        panels[panel].low = Swift.min(panels[panel].low, low)
        panels[panel].high = Swift.max(panels[panel].high, high)
      } else {
        panels.append(Panel(unit: unit, lines: [number], low: low, high: high))
      }
    }
    if let first, let last { years = first...last }
    if style.zero {
      for number in panels.indices {
        panels[number].low = Swift.min(panels[number].low, 0)
        panels[number].high = Swift.max(panels[number].high, 0)
      }
    }
  }

  /// The unit a series' panel is titled by: its own, or ``noUnit``.
  private static func unit(of series: ChartSeries) -> String {
    guard let unit = series.unit, !unit.allSatisfy(\.isWhitespace) else {
      return noUnit
    }
    return unit
  }

  /// Whether two units are one, as tables write them: `Pounds` and `pounds `, `lb  per person`
  /// and `lb per person` share a panel.
  package static func sameUnit(_ one: String, _ other: String) -> Bool {
    func key(_ unit: String) -> String {
      unit.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    return key(one) == key(other)
  }

  /// Why nothing is drawn, when nothing is: no series, no point in the year range, or (with
  /// `--index`) no series whose first value in range is above 0, which an index needs; the text
  /// chart and the SVG say the same.
  package var emptyMessage: String {
    guard !lines.isEmpty else { return "No series to chart." }
    let range =
      yearRange.map { " in \(time.label($0.lowerBound))–\(time.label($0.upperBound))" } ?? ""
    let unindexable = lines.compactMap { line -> String? in
      guard case .notIndexable(let first) = line.problem else { return nil }
      return "\(line.series.title) starts at \(ChartNumberFormat.amount(first, of: line.series))"
    }
    guard !unindexable.isEmpty else { return "No data to chart" + range + "." }
    return "Nothing to chart as an index" + range + ": an index needs a first value above 0, and "
      + unindexable.joined(separator: ", ") + "; chart without --index, or from a later year "
      + "with --since."
  }

  /// The distinct non-empty texts, in order, joined; nil when there are none.
  private static func joined(_ texts: [String], separator: String) -> String? {
    var seen: [String] = []
    for text in texts where !text.isEmpty && !seen.contains(text) { seen.append(text) }
    return seen.isEmpty ? nil : seen.joined(separator: separator)
  }
}
