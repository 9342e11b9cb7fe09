extension ChartCanvas {
  /// Draws `line`'s samples (sampled over `dotsWide` columns) against `scale`: each sample a
  /// vertical stroke from its lowest to its highest value, joined to the next sample unless years
  /// are missing in between; a point with no neighbour is drawn as a small block.
  mutating func draw(_ samples: [ChartSample], of line: ChartLine, scale: ChartScale) {
    let top = Double(dotsHigh - 1)
    func y(_ amount: Double) -> Int {
      // The position is never negative, so adding a half and truncating rounds it.
      Int((1 - scale.fraction(line.plotted(amount))) * top + 0.5)
    }
    var previous: (sample: ChartSample, y: Int)?
    for (index, sample) in samples.enumerated() {
      var (high, low) = (y(sample.high), y(sample.low))
      let joinsBefore = previous.map { sample.continues($0.sample) } ?? false
      let joinsAfter = index + 1 < samples.count && samples[index + 1].continues(sample)
      if let previous, joinsBefore {
        if sample.column - previous.sample.column <= 1 {
          // Next to the previous column, the join is two strokes, as a straight line would be:
          // the first half of the way in the previous column, the rest in this one's stroke.
          let first = y(sample.first.amount)
          let distance = first - previous.y
          let split = previous.y + distance / 2
          if split != previous.y {
            vertical(
              x: previous.sample.column, from: Swift.min(previous.y, split),
              to: Swift.max(previous.y, split), series: line.number)
          }
          let rest = distance == 0 ? first : split + distance.signum()
          (high, low) = (Swift.min(high, rest), Swift.max(low, rest))
        } else {
          self.line(
            from: (previous.sample.column, previous.y), to: (sample.column, y(sample.first.amount)),
            series: line.number)
        }
      }
      if high == low && !joinsBefore && !joinsAfter {
        point(x: sample.column, y: low, series: line.number)
      } else {
        vertical(x: sample.column, from: high, to: low, series: line.number)
      }
      previous = (sample, y(sample.last.amount))
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
