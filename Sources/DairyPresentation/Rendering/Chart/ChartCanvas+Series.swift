import DairyImport
import DairyModel

extension ChartCanvas {
  /// Draws `line`'s samples (sampled over `dotsWide` columns) against `scale`: each sample a
  /// vertical stroke from its lowest to its highest value, joined to the next sample unless years
  /// are missing in between; a point with no neighbour is drawn as a small block.
  package mutating func draw(_ samples: [ChartSample], of line: ChartLine, scale: ChartScale) {
    drawing(series: line.number) { pen in pen.draw(samples, of: line, scale: scale) }
  }

  /// Puts `line`'s mark on it every `spacing` dot columns from `offset`: without colour, that is
  /// how lines that share a panel are told apart.
  package mutating func mark(
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

extension ChartPen {
  /// Draws `samples` of `line` against `scale`, as ``ChartCanvas/draw(_:of:scale:)`` says.
  package func draw(_ samples: [ChartSample], of line: ChartLine, scale: ChartScale) {
    let top = Double(dotsHigh - 1)
    func y(_ amount: Double) -> Int {
      // The position is never negative, so adding a half and truncating rounds it.
      Int((1 - scale.fraction(line.plotted(amount))) * top + 0.5)
    }
    var joinsBefore = false
    for index in samples.indices {
      let sample = samples[index]
      let joinsAfter = index + 1 < samples.count && samples[index + 1].continues(sample)
      var (high, low) = (y(sample.high), y(sample.low))
      if joinsBefore {
        let before = samples[index - 1]
        if sample.column - before.column > 1 {
          self.line(
            from: (before.column, y(before.last.amount)),
            to: (sample.column, y(sample.first.amount)))
        } else if !Self.overlaps(before, sample) {
          // Next to the previous column, the join is two strokes, as a straight line would be:
          // the first half of the way in the previous column, the rest in this one's stroke.
          let (last, first) = (y(before.last.amount), y(sample.first.amount))
          let distance = first - last
          let split = last + distance / 2
          if split != last {
            vertical(x: before.column, from: Swift.min(last, split), to: Swift.max(last, split))
          }
          let rest = distance == 0 ? first : split + distance.signum()
          (high, low) = (Swift.min(high, rest), Swift.max(low, rest))
        }
      }
      if high == low && !joinsBefore && !joinsAfter {
        point(x: sample.column, y: low)
      } else {
        vertical(x: sample.column, from: high, to: low)
      }
      joinsBefore = joinsAfter
    }
  }

  /// Whether the join from `before` to the next column's `sample` lies within both columns'
  /// strokes: its ends are values of both columns' ranges, so (positions only falling as values
  /// rise) the join's two strokes are inside the two columns' strokes and add no dot. That is
  /// most joins of a long series, and it spares placing the two values.
  package static func overlaps(_ before: ChartSample, _ sample: ChartSample) -> Bool {
    let (last, first) = (before.last.amount, sample.first.amount)
    return before.low <= first && first <= before.high && sample.low <= last && last <= sample.high
  }
}
