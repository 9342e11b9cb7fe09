import DairyModel

/// What a chart's horizontal axis counts: years, or the periods of one other frequency (months,
/// quarters, weeks) counted without gaps (``Period/ordinal``), so that the axis, its ticks and
/// the lines' breaks work as for years, and each position is written as its period (`2020-03`).
///
/// ```swift
/// let time = ChartTime(frequency: .monthly)
/// time.label(Period.month(3, of: 2020)!.ordinal)  // "2020-03"
/// ChartTime().label(1975)  // "1975"
/// ```
package struct ChartTime: Sendable, Hashable {
  package var frequency: Frequency = .annual
  /// A week of the chart, whose weekday every week's last day falls on (weekly charts only).
  package var reference: Period?

  package init(frequency: Frequency = .annual, reference: Period? = nil) {
    self.frequency = frequency
    self.reference = reference
  }

  /// True for years (calendar or marketing), whose positions are the keys themselves.
  package var isYearly: Bool { frequency == .annual || frequency == .marketingYear }

  /// The period at position `x`.
  package func period(_ x: Int64) -> Period {
    Period(frequency: frequency, ordinal: x, weekEndingLike: reference)
  }

  /// Position `x` as the axis and the legend write it.
  package func label(_ x: Int64) -> String {
    frequency == .annual ? String(x) : period(x).text
  }

  /// The period key at position `x` (the key itself for years).
  package func key(at x: Int64) -> Int64 {
    isYearly ? x : period(x).key
  }

  /// Position `x` as documents write a period (``PeriodKey``).
  package func periodKey(at x: Int64) -> PeriodKey {
    PeriodKey(key(at: x), frequency: frequency)
  }

  /// A point (its position and amount) as documents write an observation (``PeriodEntry``).
  package func entry(at point: Observation) -> PeriodEntry<Double> {
    PeriodEntry(key(at: point.year), frequency, "amount", point.amount)
  }

  /// The position of a row of a section of this frequency.
  package func position(ofKey key: Int64) -> Int64 {
    isYearly ? key : Period(frequency: frequency, key: key).ordinal
  }

  /// The steps between round ticks, smallest first: years as ``YearAxis/steps``; months by 1,
  /// 3, 6 and whole years; quarters by 1, 2 and whole years; weeks by 1, 2, 4, 13, 26 and 52
  /// weeks and more.
  package var steps: [Int64] {
    switch frequency {
    case .annual, .marketingYear: return YearAxis.steps
    case .monthly:
      return [1, 3, 6] + YearAxis.steps.prefix(while: { $0 <= Int64.max / 12 }).map { $0 * 12 }
    case .quarterly:
      return [1, 2] + YearAxis.steps.prefix(while: { $0 <= Int64.max / 4 }).map { $0 * 4 }
    case .weekly:
      return [1, 2, 4, 13, 26]
        + YearAxis.steps.prefix(while: { $0 <= Int64.max / 52 }).map { $0 * 52 }
    }
  }
}
