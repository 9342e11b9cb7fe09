import DairyImport
import DairyModel

/// A chart as a standalone SVG image, for a report: the same chart as ``ChartRenderer`` draws in
/// a terminal (title, panels by unit, round ticks, legend, notes), plus a source line, with one
/// path for each unbroken run of years and a circle for a lone point. Text is XML-escaped, and
/// control characters are shown as visible escapes as in the terminal.
///
/// `width` is at least 320 px; `height` is the least the image takes (it grows for the legend
/// and notes, keeping 120 px for each panel).
///
/// ```swift
/// let butter = ChartSeries(
///   title: "Butter", unit: "lb per person", dataset: "Dairy products",
///   points: [Observation(year: 1975, amount: 4.7), Observation(year: 2022, amount: 6.0)])
/// let svg = ChartSVG.render([butter], width: 800, height: 480)
/// svg.hasPrefix("<?xml")  // true
/// ```
package enum ChartSVG {
  package static func render(
    _ series: [ChartSeries], width: Int = 800, height: Int = 480, style: ChartStyle = ChartStyle()
  ) -> String {
    let chart = Chart(series: series, style: style)
    let legend = ChartLegend(chart: chart, arrow: "→")
    let layout = ChartSVGLayout(
      chart: chart, legendRows: legend.entries.count, width: width, height: height)
    let w = XMLText.number(layout.width)
    let h = XMLText.number(layout.height)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\""
    out += " viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Verdana, sans-serif\""
    out += " font-size=\"12\">\n"
    out += "<title>\(XMLText.escaped(chart.title))</title>\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    for (row, line) in layout.title.enumerated() {
      let y = ChartSVGLayout.margin + 20 + Double(row) * ChartSVGLayout.titleLine
      out += text(line, x: ChartSVGLayout.margin, y: y, "title")
    }
    if chart.years == nil {
      let top = layout.panels.first.map { $0.top } ?? layout.legendTop
      let lines = SVGText.lines(
        chart.emptyMessage, width: layout.textWidth, size: ChartSVGLayout.textSize, limit: 6)
      for (row, line) in lines.enumerated() {
        let y = top + 16 + Double(row) * ChartSVGLayout.notesRow
        out += text(line, x: ChartSVGLayout.margin, y: y, "empty")
      }
    }
    for (panel, place) in zip(chart.panels, layout.panels) {
      out += panelSVG(panel, of: chart, at: place, layout: layout)
    }
    out += yearsSVG(layout)
    out += legendSVG(legend, layout: layout)
    for (row, line) in layout.notes.enumerated() {
      let y = layout.notesTop + Double(row) * ChartSVGLayout.notesRow + 12
      out += text(line, x: ChartSVGLayout.margin, y: y, "notes", fill: "#555555")
    }
    let sourceTop =
      layout.sourceBaseline - Double(layout.source.count - 1) * ChartSVGLayout.notesRow
    for (row, line) in layout.source.enumerated() {
      let y = sourceTop + Double(row) * ChartSVGLayout.notesRow
      out += text(line, x: ChartSVGLayout.margin, y: y, "source", fill: "#666666")
    }
    return out + "</svg>\n"
  }

  /// A `<text>` element; `content` is escaped here.
  package static func text(
    _ content: String, x: Double, y: Double, _ kind: String, anchor: String? = nil,
    fill: String = "#222222"
  ) -> String {
    var out = "<text class=\"\(kind)\" x=\"\(XMLText.number(x))\" y=\"\(XMLText.number(y))\""
    if let anchor { out += " text-anchor=\"\(anchor)\"" }
    if kind == "title" { out += " font-size=\"18\" font-weight=\"bold\"" }
    return out + " fill=\"\(fill)\">\(XMLText.escaped(content))</text>\n"
  }

  package static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String)
    -> String
  {
    "<line x1=\"\(XMLText.number(x1))\" y1=\"\(XMLText.number(y1))\" x2=\"\(XMLText.number(x2))\""
      + " y2=\"\(XMLText.number(y2))\" stroke=\"\(stroke)\"/>\n"
  }
}
