import DairyImport
import DairyModel

/// The plot area of a terminal chart: panels of value labels, an axis and a canvas, over a shared
/// year axis whose labels go under the last panel.
package struct ChartPlot {
  /// Canvas columns.
  package let columns: Int
  package let labelWidth: Int
  package let axis: YearAxis
  package let marks: ChartStyle.Marks
  package let color: Bool
  package let glyphs: ChartGlyphs
  /// The canvas's dot columns over the axis, shared by every series drawn.
  package let dotColumns: AxisColumns

  package init(
    columns: Int, labelWidth: Int, years: ClosedRange<Int64>, marks: ChartStyle.Marks, color: Bool,
    time: ChartTime = ChartTime()
  ) {
    self.columns = columns
    self.labelWidth = labelWidth
    self.marks = marks
    self.color = color
    glyphs = ChartGlyphs(marks)
    let yearWidth = Swift.max(
      time.label(years.lowerBound).count, time.label(years.upperBound).count)
    // Round years every few labels' widths, and at most a dozen: every 5 or 10 years on the
    // USDA span at 80 columns and more.
    axis = YearAxis(years: years, maxTicks: Swift.min(12, columns / (yearWidth + 2)), time: time)
    dotColumns = AxisColumns(axis: axis, count: columns * (marks == .braille ? 2 : 1))
  }

  private var dotsAcross: Int { marks == .braille ? 2 : 1 }
  private var dotsDown: Int { marks == .braille ? 4 : 1 }

  /// The cell column of `year`, as the canvas places it.
  package func column(of year: Int64) -> Int {
    axis.column(year, of: columns * dotsAcross) / dotsAcross
  }

  /// A panel's plot rows and its axis line.
  package func panel(
    _ panel: Chart.Panel, of chart: Chart, scale: ChartScale, labels: [String], rows: Int
  ) -> [String] {
    var canvas = ChartCanvas(columns: columns, rows: rows, marks: marks)
    // Without colour, braille lines look alike: each carries its mark now and then, the lines'
    // marks staggered; with many lines, each once, spread over the width.
    let count = panel.lines.count
    let marked = !color && marks == .braille && count > 1
    var spacing = Swift.max(8, Swift.min(24, columns / 4))
    if count * 4 > spacing { spacing = columns }
    let every = spacing * dotsAcross
    func offset(_ position: Int) -> Int { (2 * position + 1) * every / (2 * count) }
    // Each marked line's samples at the columns its marks may go on.
    var marking: [[ChartSample]] = []
    marking.reserveCapacity(marked ? count : 0)
    for (position, number) in panel.lines.enumerated() {
      let line = chart.lines[number]
      // A long line with no year missing is drawn in one pass, without samples.
      if marks == .braille, let trace = DenseTrace(line, columns: dotColumns, scale: scale) {
        canvas.drawing(series: line.number) { pen in pen.draw(trace, scale: scale) }
        if marked { marking.append(trace.samples(from: offset(position), every: every)) }
      } else {
        let samples = ChartSampler.samples(of: line, columns: dotColumns)
        canvas.draw(samples, of: line, scale: scale)
        if marked { marking.append(samples) }
      }
    }
    for (position, (number, samples)) in zip(panel.lines, marking).enumerated() {
      canvas.mark(
        samples, of: chart.lines[number], scale: scale, offset: offset(position), spacing: every)
    }
    var tickLabels: [Int: String] = [:]
    for (tick, label) in zip(scale.ticks, labels) {
      let dot = Int(((1 - scale.fraction(tick)) * Double(rows * dotsDown - 1)).rounded())
      if tickLabels[dot / dotsDown] == nil { tickLabels[dot / dotsDown] = label }
    }
    let style = TextStyle(enabled: color)
    var lines = (0..<rows).map { row in
      let label = DisplayWidth.truncate(tickLabels[row] ?? "", to: labelWidth)
      return style.dim(
        DisplayWidth.padLeft(label, to: labelWidth)
          + (tickLabels[row] == nil ? glyphs.vertical : glyphs.tick))
        + canvas.line(row, color: color)
    }
    var rule = Array(repeating: glyphs.horizontal, count: columns)
    for year in axis.ticks + [axis.years.lowerBound, axis.years.upperBound] {
      rule[column(of: year)] = glyphs.yearTick
    }
    lines.append(
      style.dim(String(repeating: " ", count: labelWidth) + glyphs.corner + String(rule)))
    return lines
  }

  /// The years under the axis: the first at the left, the last at the right, round years
  /// centred on their ticks where they do not crowd another label.
  package func yearLabels() -> String {
    var line = Array(repeating: Character(" "), count: columns)
    var taken: [Range<Int>] = []
    func place(_ text: String, at start: Int) {
      let range = start..<(start + text.count)
      guard range.lowerBound >= 0, range.upperBound <= columns,
        !taken.contains(where: {
          $0.lowerBound <= range.upperBound && range.lowerBound <= $0.upperBound
        })
      else { return }
      taken.append(range)
      for (offset, character) in text.enumerated() { line[start + offset] = character }
    }
    let first = axis.time.label(axis.years.lowerBound)
    let last = axis.time.label(axis.years.upperBound)
    if axis.years.lowerBound == axis.years.upperBound {
      place(
        first,
        at: Swift.max(
          0, Swift.min(columns - first.count, column(of: axis.years.lowerBound) - first.count / 2)))
    } else {
      place(first, at: 0)
      place(last, at: columns - last.count)
    }
    for year in axis.ticks {
      let text = axis.time.label(year)
      place(text, at: column(of: year) - text.count / 2)
    }
    let text = String(repeating: " ", count: labelWidth + 1) + String(line)
    return TextStyle(enabled: color).dim(text.trimmingTrailingSpaces())
  }
}
