extension ChartCanvas {
  /// Draws `line`'s samples (sampled over `dotsWide` columns) against `scale`: each sample a
  /// vertical stroke from its lowest to its highest value, joined to the next sample unless years
  /// are missing in between; a point with no neighbour is drawn as a small block.
  mutating func draw(_ samples: [ChartSample], of line: ChartLine, scale: ChartScale) {
    let top = Double(dotsHigh - 1)
    func y(_ amount: Double) -> Int {
      Int(((1 - scale.fraction(line.plotted(amount))) * top).rounded())
    }
    for (index, sample) in samples.enumerated() {
      let joinsBefore = index > 0 && sample.continues(samples[index - 1])
      let joinsAfter = index + 1 < samples.count && samples[index + 1].continues(sample)
      if joinsBefore {
        let previous = samples[index - 1]
        self.line(
          from: (previous.column, y(previous.last.amount)),
          to: (sample.column, y(sample.first.amount)),
          series: line.number)
      }
      let (low, high) = (y(sample.low), y(sample.high))
      if low == high && !joinsBefore && !joinsAfter {
        point(x: sample.column, y: low, series: line.number)
      } else {
        self.line(from: (sample.column, high), to: (sample.column, low), series: line.number)
      }
    }
  }

  /// Puts `line`'s mark on it every `spacing` dot columns from `offset`: without colour, that is
  /// how lines that share a panel are told apart.
  mutating func mark(
    _ samples: [ChartSample], of line: ChartLine, scale: ChartScale, offset: Int, spacing: Int
  ) {
    let top = Double(dotsHigh - 1)
    var next = offset
    for sample in samples where sample.column >= next {
      let y = Int(((1 - scale.fraction(line.plotted(sample.last.amount))) * top).rounded())
      label(x: sample.column, y: y, mark: ChartPalette.mark(line.number), series: line.number)
      next = sample.column + Swift.max(1, spacing)
    }
  }
}
