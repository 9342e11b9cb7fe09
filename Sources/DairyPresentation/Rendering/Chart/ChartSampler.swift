import DairyImport
import DairyModel

/// A series reduced to at most one sample per column: the first, last, lowest and highest value
/// of the points that fall in it, so that no peak is ever dropped. The work follows the number of
/// columns, not of points: a long series is cut into columns by comparing years with each
/// column's end (``AxisColumns``), and each column's extremes come from the series'
/// ``RangeExtremes``.
package struct ChartSample: Sendable, Hashable {
  package var column: Int
  package var first: Observation
  package var last: Observation
  package var low: Double
  package var high: Double

  /// Whether the line runs on from `previous` to this sample: no year is missing in between.
  package func continues(_ previous: ChartSample) -> Bool {
    previous.last.year < first.year && previous.last.year == first.year - 1
  }
}

package enum ChartSampler {
  /// The samples of `line` over `columns`, in column order. A column's points are found by
  /// comparing years with the column's end: where no year is missing that is one subtraction.
  package static func samples(of line: ChartLine, columns: AxisColumns) -> [ChartSample] {
    guard line.isDrawn, columns.count > 0 else { return [] }
    let points = line.series.points
    let (lower, upper) = (line.range.lowerBound, line.range.upperBound)
    let ends = columns.ends
    // With no year missing, the point of a year is found by subtraction.
    let (first, last) = (points[lower].year, points[upper - 1].year)
    let dense = last.subtractingReportingOverflow(first) == (Int64(upper - 1 - lower), false)
    var samples: [ChartSample] = []
    samples.reserveCapacity(Swift.min(line.range.count, columns.count))
    var start = lower
    var here = columns.column(first)
    while start < upper {
      let year = points[start].year
      if here < ends.count && ends[here] <= year {
        here += 1
        // Past the next column too: across missing years, or a series sparser than the columns.
        if here < ends.count && ends[here] <= year { here = columns.column(year) }
      }
      var end = upper
      if here < ends.count && ends[here] <= last {
        end =
          dense
          ? lower + Int(ends[here] - first)
          : firstIndex(points, past: start, to: upper, year: ends[here])
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

  /// The first index after `start` (and up to `upper`) whose year is `year` or later, where
  /// `points[start]` is before `year`. Years only grow, by one at least, so the index lies at
  /// most as many places on as there are years to go: exactly there when none is missing.
  private static func firstIndex(
    _ points: [Observation], past start: Int, to upper: Int, year: Int64
  ) -> Int {
    if start + 1 == upper || points[start + 1].year >= year { return start + 1 }
    let (years, overflow) = year.subtractingReportingOverflow(points[start].year)
    guard !overflow, years < upper - start else { return search(points, start + 1, upper, year) }
    let guess = start + Int(years)
    if points[guess - 1].year < year { return guess }
    return search(points, start + 1, guess - 1, year)
  }

  /// The first index in `low..<high` whose year is `year` or later, else `high`.
  private static func search(_ points: [Observation], _ low: Int, _ high: Int, _ year: Int64) -> Int
  {
    var low = low
    var high = high
    while low < high {
      let middle = low + (high - low) / 2
      if points[middle].year >= year { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
