import DairyImport
import DairyModel

/// A chart as JSON, for scripts and other plotting tools: what is plotted and the axes it is
/// plotted on, independent of any size.
///
/// `{"title","source","notes","index","years":{"from","to"},"yearTicks":[…],
///   "panels":[{"unit","range":{"min","max"},"ticks":[…],"series":[0,…]}],
///   "series":[{"title","unit","dataset","notes","mark","color","problem","first","last",
///              "points":[{"year","amount"(,"index")}]}]}`
///
/// Panels list their series by position in `series`; value ticks are round (at most 8), year
/// ticks at most 12. `points` are the series' points in the year range, every one (the terminal
/// and SVG downsample, JSON does not); in index mode each also has its `index`. `problem` is
/// `null`, `"noData"` (no point in range) or `"notIndexable"` (first value not above 0), and a
/// series with a problem has no points, `first` or `last`.
///
/// ```swift
/// let butter = ChartSeries(
///   title: "Butter", unit: "lb per person", dataset: "Dairy products",
///   points: [Observation(year: 1975, amount: 4.7)])
/// let json = ChartJSON.render([butter])
/// json.hasPrefix("{\"title\":\"Dairy products\"")  // true
/// ```
package enum ChartJSON {
  package static func render(_ series: [ChartSeries], style: ChartStyle = ChartStyle()) -> String {
    JSONOutput.string(ChartDocument(Chart(series: series, style: style)))
  }
}

/// The typed value behind ``ChartJSON``, written by the one JSON encoder (``JSONOutput``).
package struct ChartDocument: Encodable {
  package struct Years: Encodable {
    package var from: PeriodKey
    package var to: PeriodKey
  }

  package struct Range: Encodable {
    package var min: Double
    package var max: Double
  }

  package struct Panel: Encodable {
    package var unit: String
    package var range: Range
    package var ticks: [Double]
    /// Positions in the document's `series`.
    package var series: [Int]
  }

  package struct Point: Encodable {
    package var year: Int64
    package var amount: Double
    /// The point rebased to 100 at the first year in range; only in index mode.
    package var index: Double?
    /// What ``year`` is: a year, or a position written as its period (`"period":"2020-03"`).
    package var time = ChartTime()

    private enum CodingKeys: String, CodingKey {
      case year, period, amount, index
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if time.frequency == .annual {
        try container.encode(year, forKey: .year)
      } else {
        try container.encode(time.label(year), forKey: .period)
      }
      try container.encode(amount, forKey: .amount)
      try container.encodeIfPresent(index, forKey: .index)
    }
  }

  package struct Series: Encodable {
    package var title: String
    package var unit: String?
    package var dataset: String
    package var notes: String?
    package var mark: String
    package var color: String
    /// `noData` (no point in range) or `notIndexable` (first value not above 0).
    package var problem: String?
    /// The first and last point in range: its year (or period) and amount.
    package var first: PeriodEntry<Double>?
    package var last: PeriodEntry<Double>?
    package var points: [Point]
  }

  package var title: String
  package var source: String?
  package var notes: String?
  package var index: Bool
  package var years: Years?
  package var yearTicks: [PeriodKey]
  package var panels: [Panel]
  package var series: [Series]

  package init(_ chart: Chart) {
    title = chart.title
    source = chart.source
    notes = chart.notes
    index = chart.index
    let time = chart.time
    years = chart.years.map {
      Years(
        from: time.periodKey(at: $0.lowerBound), to: time.periodKey(at: $0.upperBound))
    }
    yearTicks = (chart.years.map { YearAxis(years: $0, maxTicks: 12, time: time).ticks } ?? [])
      .map(time.periodKey(at:))
    panels = chart.panels.map { panel in
      let scale = ChartScale(dataLow: panel.low, dataHigh: panel.high, maxTicks: 8)
      return Panel(
        unit: panel.unit, range: Range(min: scale.low, max: scale.high), ticks: scale.ticks,
        series: panel.lines)
    }
    series = chart.lines.map(Self.series)
  }

  private static func series(_ line: ChartLine) -> Series {
    let problem: String? =
      switch line.problem {
      case nil: nil
      case .noData: "noData"
      case .notIndexable: "notIndexable"
      }
    let plotted = line.isDrawn ? Array(line.series.points[line.range]) : []
    return Series(
      title: line.series.title, unit: line.series.unit, dataset: line.series.dataset,
      notes: line.series.notes, mark: String(ChartPalette.mark(line.number)),
      color: ChartPalette.color(line.number).hex, problem: problem,
      first: line.first.map { line.series.time.entry(at: $0) },
      last: line.last.map { line.series.time.entry(at: $0) },
      points: plotted.map { point in
        Point(
          year: point.year, amount: point.amount,
          index: line.base == nil ? nil : line.plotted(point.amount), time: line.series.time)
      })
  }
}
