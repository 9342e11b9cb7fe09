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
public enum ChartJSON {
  public static func render(_ series: [ChartSeries], style: ChartStyle = ChartStyle()) -> String {
    JSONOutput.string(ChartDocument(Chart(series: series, style: style)))
  }
}

/// The typed value behind ``ChartJSON``, written by the one JSON encoder (``JSONOutput``).
struct ChartDocument: Encodable {
  struct Years: Encodable {
    var from: Int64
    var to: Int64
  }

  struct Range: Encodable {
    var min: Double
    var max: Double
  }

  struct Panel: Encodable {
    var unit: String
    var range: Range
    var ticks: [Double]
    /// Positions in the document's `series`.
    var series: [Int]
  }

  struct Point: Encodable {
    var year: Int64
    var amount: Double
    /// The point rebased to 100 at the first year in range; only in index mode.
    var index: Double?

    private enum CodingKeys: String, CodingKey {
      case year, amount, index
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(year, forKey: .year)
      try container.encode(amount, forKey: .amount)
      try container.encodeIfPresent(index, forKey: .index)
    }
  }

  struct Series: Encodable {
    var title: String
    var unit: String?
    var dataset: String
    var notes: String?
    var mark: String
    var color: String
    /// `noData` (no point in range) or `notIndexable` (first value not above 0).
    var problem: String?
    var first: ObservationRecord?
    var last: ObservationRecord?
    var points: [Point]
  }

  var title: String
  var source: String?
  var notes: String?
  var index: Bool
  var years: Years?
  var yearTicks: [Int64]
  var panels: [Panel]
  var series: [Series]

  init(_ chart: Chart) {
    title = chart.title
    source = chart.source
    notes = chart.notes
    index = chart.index
    years = chart.years.map { Years(from: $0.lowerBound, to: $0.upperBound) }
    yearTicks = chart.years.map { YearAxis(years: $0, maxTicks: 12).ticks } ?? []
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
      first: line.first.map(ObservationRecord.init), last: line.last.map(ObservationRecord.init),
      points: plotted.map { point in
        Point(
          year: point.year, amount: point.amount,
          index: line.base == nil ? nil : line.plotted(point.amount))
      })
  }
}
