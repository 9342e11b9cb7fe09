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
    let scale = Double(columns - 1)
    func column(_ year: Int64) -> Int {
      Swift.min(Swift.max(Int((axis.fraction(year) * scale).rounded()), 0), columns - 1)
    }
    var samples: [ChartSample] = []
    samples.reserveCapacity(Swift.min(line.range.count, columns))
    var start = line.range.lowerBound
    // Few points: walk them. Many: jump from column to column.
    let walk = line.range.count <= 2 * columns
    while start < line.range.upperBound {
      let here = column(points[start].year)
      var end = start + 1
      if walk {
        while end < line.range.upperBound && column(points[end].year) == here { end += 1 }
      } else {
        end = line.series.firstIndex(in: start..<line.range.upperBound) { column($0.year) > here }
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
}
