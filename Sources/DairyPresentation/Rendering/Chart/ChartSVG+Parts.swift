import DairyImport
import DairyModel

extension ChartSVG {
  /// A panel: its unit, grid lines and value labels, axes, and a path for each run of years.
  package static func panelSVG(
    _ panel: Chart.Panel, of chart: Chart, at place: ChartSVGLayout.Panel, layout: ChartSVGLayout
  ) -> String {
    var out = "<g class=\"panel\">\n"
    let unit = SVGText.shortened(
      TextEscaping.visible(panel.unit), width: layout.textWidth, size: ChartSVGLayout.textSize)
    out += text(unit, x: ChartSVGLayout.margin, y: place.top - 14, "unit", fill: "#444444")
    for (tick, label) in zip(place.scale.ticks, place.labels) {
      let y = layout.y(tick, in: place)
      out += line(layout.plotLeft, y, layout.plotRight, y, stroke: "#e4e4e4")
      out += text(label, x: layout.plotLeft - 6, y: y + 4, "tick", anchor: "end", fill: "#444444")
    }
    let bottom = place.top + place.height
    out += line(layout.plotLeft, place.top, layout.plotLeft, bottom, stroke: "#888888")
    out += line(layout.plotLeft, bottom, layout.plotRight, bottom, stroke: "#888888")
    for year in layout.axis?.ticks ?? [] {
      out += line(layout.x(year), bottom, layout.x(year), bottom + 4, stroke: "#888888")
    }
    let columns = Swift.max(2, Int(layout.plotWidth))
    let dotColumns = layout.axis.map { AxisColumns(axis: $0, count: columns) }
    for number in panel.lines {
      let chartLine = chart.lines[number]
      guard let dotColumns else { continue }
      let samples = ChartSampler.samples(of: chartLine, columns: dotColumns)
      out += seriesSVG(samples, of: chartLine, columns: columns, at: place, layout: layout)
    }
    return out + "</g>\n"
  }

  /// One `<path>` for each run of samples without missing years; a circle for a lone point.
  package static func seriesSVG(
    _ samples: [ChartSample], of line: ChartLine, columns: Int, at place: ChartSVGLayout.Panel,
    layout: ChartSVGLayout
  ) -> String {
    let color = ChartPalette.color(line.number).hex
    let dash = ChartPalette.dashes(line.number).map { " stroke-dasharray=\"\($0)\"" } ?? ""
    func point(_ column: Int, _ amount: Double) -> String {
      let x = layout.plotLeft + Double(column) / Double(columns - 1) * layout.plotWidth
      return XMLText.number(x) + "," + XMLText.number(layout.y(line.plotted(amount), in: place))
    }
    var out = ""
    var run: [ChartSample] = []
    func flush() {
      guard let first = run.first else { return }
      if run.count == 1 && first.low == first.high {
        let xy = point(first.column, first.low).split(separator: ",")
        out +=
          "<circle class=\"series\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(color)\"/>\n"
      } else {
        var points: [String] = []
        for sample in run {
          for amount in [sample.first.amount, sample.low, sample.high, sample.last.amount] {
            let next = point(sample.column, amount)
            if points.last != next { points.append(next) }
          }
        }
        out += "<path class=\"series\" d=\"M" + points.joined(separator: " L") + "\" fill=\"none\""
        out += " stroke=\"\(color)\" stroke-width=\"2\" stroke-linejoin=\"round\"\(dash)/>\n"
      }
      run = []
    }
    for sample in samples {
      if let last = run.last, !sample.continues(last) { flush() }
      run.append(sample)
    }
    flush()
    return out
  }

  /// The year labels under the last panel: the first and last year, and round years between.
  package static func yearsSVG(_ layout: ChartSVGLayout) -> String {
    guard let axis = layout.axis, let last = layout.panels.last else { return "" }
    let y = last.top + last.height + 17
    var out = "<g class=\"years\">\n"
    var placed: [(Double, Double)] = []
    let ends =
      axis.years.lowerBound == axis.years.upperBound
      ? [axis.years.lowerBound] : [axis.years.lowerBound, axis.years.upperBound]
    for year in ends + axis.ticks {
      let x = layout.x(year)
      let half = Double(axis.time.label(year).count) * ChartSVGLayout.characterWidth / 2
      guard !placed.contains(where: { x - half < $0.1 + 6 && $0.0 - 6 < x + half }) else {
        continue
      }
      placed.append((x - half, x + half))
      out += text(axis.time.label(year), x: x, y: y, "year", anchor: "middle", fill: "#444444")
    }
    return out + "</g>\n"
  }

  /// One row an entry: a short stroke in the series' colour and dashes, and its text, shortened
  /// with "…" (the name first, the values kept) when it is wider than the image.
  package static func legendSVG(_ legend: ChartLegend, layout: ChartSVGLayout) -> String {
    var out = "<g class=\"legend\">\n"
    for (row, entry) in legend.entries.enumerated() {
      let y = layout.legendTop + Double(row) * ChartSVGLayout.legendRow + 12
      let x = ChartSVGLayout.margin
      let dash = ChartPalette.dashes(entry.series).map { " stroke-dasharray=\"\($0)\"" } ?? ""
      out += "<line x1=\"\(XMLText.number(x))\" y1=\"\(XMLText.number(y - 4))\""
      out += " x2=\"\(XMLText.number(x + 22))\" y2=\"\(XMLText.number(y - 4))\""
      out += " stroke=\"\(ChartPalette.color(entry.series).hex)\" stroke-width=\"3\"\(dash)/>\n"
      out += text(legendText(entry, width: layout.textWidth - 30), x: x + 30, y: y, "legend")
    }
    return out + "</g>\n"
  }

  /// An entry's text in `width` px: whole when it fits, else its name shortened before its
  /// values, else all of it shortened.
  package static func legendText(_ entry: ChartLegend.Entry, width: Double) -> String {
    let size = ChartSVGLayout.textSize
    let whole = entry.name + ": " + entry.values
    guard SVGText.width(whole, size: size) > width else { return whole }
    let room = width - SVGText.width(": " + entry.values, size: size)
    if room >= SVGText.width("Milk…", size: size) {
      return SVGText.shortened(entry.name, width: room, size: size) + ": " + entry.values
    }
    return SVGText.shortened(whole, width: width, size: size)
  }
}
