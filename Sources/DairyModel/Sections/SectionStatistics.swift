import Foundation

/// A section's trend over a year range, in numbers: where it started and ended, how much it
/// changed, how fast it grew on average each year, and its lowest and highest values.
///
/// Arithmetic never overflows into infinity or traps: a figure that a double cannot hold (the
/// change from `-1e308` to `1e308`) is nil rather than wrong.
///
/// ```swift
/// let rows = [Observation(year: 1975, amount: 2.0), Observation(year: 2022, amount: 13.9)]
/// let yogurt = SectionStatistics(rows: rows)!
/// yogurt.change         // ≈ 11.9
/// yogurt.percentChange  // ≈ 595 (%)
/// yogurt.growthRate     // 0.0421… (4.2 % a year)
/// ```
package struct SectionStatistics: Sendable, Hashable {
  /// The first year in range with a value, and that value.
  package var first: Observation
  /// The last year in range with a value, and that value.
  package var last: Observation
  /// The lowest value (its earliest year when it occurs more than once).
  package var min: Observation
  /// The highest value (its earliest year when it occurs more than once).
  package var max: Observation
  /// How many years in range have a value.
  package var count: Int
  /// The section's frequency: what the rows' keys are (``Period``).
  package var frequency: Frequency = .annual

  /// The statistics of `rows` (years ascending, as a ``Section`` holds them) within `years`;
  /// nil when no row is in range.
  /// - Parameter frequency: the section's: what the rows' keys are, and so what a span is.
  package init?(
    rows: [Observation], years: ClosedRange<Int64>? = nil, frequency: Frequency = .annual
  ) {
    let inRange = years.map { range in rows.filter { range.contains($0.year) } } ?? rows
    guard var first = inRange.first else { return nil }
    var last = first
    var low = first
    var high = first
    for row in inRange.dropFirst() {
      if row.year < first.year { first = row }
      if row.year >= last.year { last = row }
      if row.amount < low.amount || (row.amount == low.amount && row.year < low.year) { low = row }
      if row.amount > high.amount || (row.amount == high.amount && row.year < high.year) {
        high = row
      }
    }
    self.init(first: first, last: last, min: low, max: high, count: inRange.count)
    self.frequency = frequency
  }

  package init(
    first: Observation, last: Observation, min: Observation, max: Observation, count: Int
  ) {
    self.first = first
    self.last = last
    self.min = min
    self.max = max
    self.count = count
  }

  /// The years from the first value to the last (0 for one year; 0.25 from one quarter to the
  /// next).
  package var span: Double {
    guard frequency != .annual && frequency != .marketingYear else {
      return Double(last.year) - Double(first.year)
    }
    return Period(frequency: frequency, key: last.year).time
      - Period(frequency: frequency, key: first.year).time
  }

  /// The periods from the first value to the last (the span in months for a monthly section).
  package var periods: Double {
    Double(
      Period(frequency: frequency, key: last.year).ordinal
        .subtractingSaturated(Period(frequency: frequency, key: first.year).ordinal))
  }

  /// The compound growth rate per period (a month for a monthly section), as ``growthRate``
  /// is per year; nil where it is.
  package var periodGrowthRate: Double? {
    guard periods > 0, min.amount > 0 else { return nil }
    let rate = expm1((log(last.amount) - log(first.amount)) / periods)
    return rate.isFinite ? rate : nil
  }

  /// `last - first`; nil when the difference does not fit a double.
  package var change: Double? { Self.difference(last.amount, first.amount) }

  /// The change as a percentage of the first value's size (so a rise from -10 to -5 is +50 %);
  /// nil when the first value is zero or the figure does not fit a double.
  package var percentChange: Double? { Self.percent(from: first.amount, to: last.amount) }

  /// The compound annual growth rate, `(last / first)^(1 / years) - 1` (0.05 for 5 % a year).
  /// Nil when it would mislead or cannot be computed: a value in range is zero or negative (the
  /// series starts at zero, ends at zero, or crosses it), the span is 0 years, or the rate does
  /// not fit a double.
  package var growthRate: Double? {
    guard span > 0, min.amount > 0 else { return nil }
    // In logarithms, so that a ratio such as 1e308 / 1e-308 never overflows on the way.
    let rate = expm1((log(last.amount) - log(first.amount)) / span)
    return rate.isFinite ? rate : nil
  }

  /// `a - b`, or nil when it overflows.
  package static func difference(_ a: Double, _ b: Double) -> Double? {
    let result = a - b
    return result.isFinite ? result : nil
  }

  /// The change from `old` to `new` in percent of `old`'s size; nil for `old` zero or overflow.
  package static func percent(from old: Double, to new: Double) -> Double? {
    guard old != 0 else { return nil }
    // Halves for large values, as `new - old` may overflow where the ratio does not; small ones
    // (subnormals) are taken whole, as halving would lose their last bits.
    let ratio =
      Swift.max(new.magnitude, old.magnitude) > 1
      ? (new / 2 - old / 2) / old.magnitude * 2 : (new - old) / old.magnitude
    let result = ratio * 100
    return result.isFinite ? result : nil
  }
}
