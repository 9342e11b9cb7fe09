/// A series reduced to at most one sample per column: the first, last, lowest and highest value
/// of the points that fall in it, so that no peak is ever dropped. The work follows the number of
/// columns, not of points: a long series is cut into columns by binary search, and each column's
/// extremes come from the series' ``RangeExtremes``.
struct ChartSample: Sendable, Hashable {
  var column: Int
  var first: Observation
  var last: Observation
  var low: Double
  var high: Double

  /// Whether the line runs on from `previous` to this sample: no year is missing in between.
  func continues(_ previous: ChartSample) -> Bool {
    previous.last.year < first.year && previous.last.year == first.year - 1
  }
}

enum ChartSampler {
  /// The samples of `line` over `columns` columns spanning `axis`, in column order.
  static func samples(of line: ChartLine, axis: YearAxis, columns: Int) -> [ChartSample] {
    guard line.isDrawn, columns > 0 else { return [] }
    let points = line.series.points
    let upper = line.range.upperBound
    let first = Double(axis.years.lowerBound)
    let span = Double(axis.years.upperBound) - first
    var samples: [ChartSample] = []
    samples.reserveCapacity(Swift.min(line.range.count, columns))
    var start = line.range.lowerBound
    // Up to a few points a column: walk them. More: jump from column to column.
    let walk = line.range.count <= 4 * columns
    while start < upper {
      let here = axis.column(points[start].year, of: columns)
      var end = start + 1
      if walk {
        while end < upper && axis.column(points[end].year, of: columns) == here { end += 1 }
      } else {
        // The first year past this column, by arithmetic; then a search on years alone, and a
        // step either way where rounding disagrees with `column`.
        let past = first + (Double(here) + 0.5) * span / Double(columns - 1)
        end = gallop(points, from: start, to: upper) { Double($0.year) >= past }
        while end < upper && axis.column(points[end].year, of: columns) <= here { end += 1 }
        while end > start + 1 && axis.column(points[end - 1].year, of: columns) > here {
          end -= 1
        }
      }
      let (low, high) =
        end - start == 1
        ? (points[start].amount, points[start].amount)
        : line.series.extremes.extremes(in: start..<end)
      samples.append(
        ChartSample(
          column: here, first: points[start], last: points[end - 1], low: low, high: high))
      start = end
    }
    return samples
  }

  /// The first index from `start` on whose point `isPast` (false before, true after), found by
  /// doubling steps and then halving them: the cost follows the distance, not the series.
  private static func gallop(
    _ points: [Observation], from start: Int, to upper: Int, isPast: (Observation) -> Bool
  ) -> Int {
    var low = start
    var step = 1
    var high = Swift.min(upper, start + step)
    while high < upper && !isPast(points[high]) {
      low = high
      step *= 2
      high = Swift.min(upper, high + step)
    }
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(points[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
