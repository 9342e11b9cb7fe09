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
    let chart = Chart(series: series, style: style)
    var out = "{\"title\":\(JSONText.string(chart.title)),"
    out += "\"source\":\(JSONText.optional(chart.source)),"
    out += "\"notes\":\(JSONText.optional(chart.notes)),\"index\":\(chart.index),"
    if let years = chart.years {
      out += "\"years\":{\"from\":\(years.lowerBound),\"to\":\(years.upperBound)},"
      let ticks = YearAxis(years: years, maxTicks: 12).ticks.map(String.init)
      out += "\"yearTicks\":[\(ticks.joined(separator: ","))],"
    } else {
      out += "\"years\":null,\"yearTicks\":[],"
    }
    out += "\n\"panels\":[" + chart.panels.map(panel).joined(separator: ",") + "],"
    out += "\n\"series\":[\n" + chart.lines.map(line).joined(separator: ",\n") + "\n]}\n"
    return out
  }

  private static func panel(_ panel: Chart.Panel) -> String {
    let scale = ChartScale(dataLow: panel.low, dataHigh: panel.high, maxTicks: 8)
    var out = "{\"unit\":\(JSONText.string(panel.unit)),"
    out +=
      "\"range\":{\"min\":\(JSONText.number(scale.low)),\"max\":\(JSONText.number(scale.high))},"
    out += "\"ticks\":[" + scale.ticks.map(JSONText.number).joined(separator: ",") + "],"
    return out + "\"series\":[" + panel.lines.map(String.init).joined(separator: ",") + "]}"
  }

  private static func line(_ line: ChartLine) -> String {
    let series = line.series
    var out = "{\"title\":\(JSONText.string(series.title)),"
    out += "\"unit\":\(JSONText.optional(series.unit)),"
    out += "\"dataset\":\(JSONText.string(series.dataset)),"
    out += "\"notes\":\(JSONText.optional(series.notes)),"
    out += "\"mark\":\(JSONText.string(String(ChartPalette.mark(line.number)))),"
    out += "\"color\":\"\(ChartPalette.color(line.number).hex)\","
    let problem: String
    switch line.problem {
    case nil: problem = "null"
    case .noData: problem = "\"noData\""
    case .notIndexable: problem = "\"notIndexable\""
    }
    out += "\"problem\":\(problem),"
    out += "\"first\":\(line.first.map(JSONText.row) ?? "null"),"
    out += "\"last\":\(line.last.map(JSONText.row) ?? "null"),\"points\":["
    let plotted = line.isDrawn ? series.points[line.range] : []
    out += plotted.map { point in
      guard line.base != nil else { return JSONText.row(point) }
      return String(JSONText.row(point).dropLast())
        + ",\"index\":\(JSONText.number(line.plotted(point.amount)))}"
    }.joined(separator: ",")
    return out + "]}"
  }
}
