import DairyImport
import DairyModel

/// `count` columns spread over a year axis as ``YearAxis/column(_:of:)`` places years, with the
/// first year past each: a series is cut into columns by comparing its years with these rather
/// than by placing every point. Worked out once a render, for all its series.
package struct AxisColumns: Sendable, Hashable {
  package let axis: YearAxis
  package let count: Int
  /// For each column `c` before the last year's, the first year of the axis whose column is
  /// after `c`: the years of column `c` are those before `ends[c]` and from `ends[c - 1]` on.
  package let ends: [Int64]
  /// Whether every column up to the last year's holds a year of the axis (the axis has as many
  /// years as columns, or more): then a series with no year missing has points in every column
  /// from its first year's to its last year's.
  package let everyColumnHasAYear: Bool

  package init(axis: YearAxis, count: Int) {
    self.axis = axis
    self.count = count
    let years = axis.years
    let last = count > 0 ? axis.column(years.upperBound, of: count) : 0
    var ends: [Int64] = []
    ends.reserveCapacity(last)
    if UInt64(bitPattern: years.upperBound &- years.lowerBound) < UInt64(Swift.max(0, count)) {
      // Fewer years than columns: each year placed.
      for year in years {
        let column = axis.column(year, of: count)
        while ends.count < column { ends.append(year) }
      }
    } else {
      // Where a column's years would end were there no rounding: a first guess, then a search.
      let first = Double(years.lowerBound)
      let perColumn = (Double(years.upperBound) - first) / Double(Swift.max(1, count - 1))
      var from = years.lowerBound
      for column in 0..<last {
        let guess = Self.year(
          first + (Double(column) + 0.5) * perColumn, in: from...years.upperBound)
        from = Self.firstYear(in: from...years.upperBound, near: guess) {
          axis.column($0, of: count) > column
        }
        ends.append(from)
      }
    }
    self.ends = ends
    // Column 0 holds the first year; column `c` the years from `ends[c - 1]` to `ends[c]`; the
    // last, the years from `ends[last - 1]` on.
    var increasing = ends.first.map { $0 > years.lowerBound } ?? true
    var index = 1
    while increasing && index < ends.count {
      increasing = ends[index] > ends[index - 1]
      index += 1
    }
    everyColumnHasAYear = increasing
  }

  /// The column of `year`.
  package func column(_ year: Int64) -> Int { axis.column(year, of: count) }

  /// `value` as a year of `years`: the nearest end when it lies outside.
  private static func year(_ value: Double, in years: ClosedRange<Int64>) -> Int64 {
    guard value > Double(years.lowerBound) else { return years.lowerBound }
    // Double(upperBound) may round up past Int64.max; below it, the conversion is exact enough.
    guard value < Double(years.upperBound) else { return years.upperBound }
    return Swift.max(years.lowerBound, Swift.min(years.upperBound, Int64(value)))
  }

  /// The first year of `years` that `isPast` (false before it, true from it on; true for the
  /// last year), searched from `guess` by doubling steps and then halving them, so that a good
  /// guess costs two or three tests. Distances are unsigned: any `Int64` years.
  package static func firstYear(
    in years: ClosedRange<Int64>, near guess: Int64, where isPast: (Int64) -> Bool
  ) -> Int64 {
    var low = years.lowerBound  // every year before `low` is not past
    var high = years.upperBound  // `high` is past
    var step: UInt64 = 1
    if isPast(guess) {
      high = guess
      while distance(low, high) > step {
        let probe = high &- Int64(bitPattern: step)
        guard isPast(probe) else {
          low = probe &+ 1
          break
        }
        high = probe
        step &*= 2
      }
    } else {
      low = guess &+ 1
      while distance(low, high) > step {
        let probe = low &+ Int64(bitPattern: step) &- 1
        guard !isPast(probe) else {
          high = probe
          break
        }
        low = probe &+ 1
        step &*= 2
      }
    }
    while low < high {
      let middle = low &+ Int64(bitPattern: distance(low, high) / 2)
      if isPast(middle) { high = middle } else { low = middle &+ 1 }
    }
    return low
  }

  /// `high - low` (`low <= high`), which may not fit an `Int64`.
  private static func distance(_ low: Int64, _ high: Int64) -> UInt64 {
    UInt64(bitPattern: high &- low)
  }
}
