/// A row's change from the previous year with data: the difference, the percent change and, when
/// years are missing in between, which year it is compared with (`vs 1997`).
///
/// ```swift
/// let rows = [
///   Observation(year: 1996, amount: 10), Observation(year: 1997, amount: 11),
///   Observation(year: 1999, amount: 9.9),
/// ]
/// let changes = YearChange.changes(of: rows)
/// changes[1]?.change       // 1.0
/// changes[2]?.comparedYear // 1997: 1998 has no data
/// ```
package struct YearChange: Sendable, Hashable {
  /// The row's year.
  package var year: Int64
  /// The row's value.
  package var amount: Double
  /// The last earlier year with data, and its value.
  package var previous: Observation
  /// The section's frequency: what "the period before" is.
  package var frequency: Frequency

  package init(
    year: Int64, amount: Double, previous: Observation, frequency: Frequency = .annual
  ) {
    self.year = year
    self.amount = amount
    self.previous = previous
    self.frequency = frequency
  }

  /// The change of `row` from `previous`, in a section of `frequency`.
  package init(_ row: Observation, from previous: Observation, frequency: Frequency = .annual) {
    self.init(year: row.year, amount: row.amount, previous: previous, frequency: frequency)
  }

  /// `amount - previous.amount`; nil when the difference does not fit a double.
  package var change: Double? { SectionStatistics.difference(amount, previous.amount) }

  /// The change in percent of the previous value's size; nil when the previous value is zero or
  /// the figure does not fit a double.
  package var percentChange: Double? {
    SectionStatistics.percent(from: previous.amount, to: amount)
  }

  /// The period (key) compared with when it is not the period before (periods without data lie
  /// in between); nil when it is.
  package var comparedYear: Int64? {
    let ordinal = Period(frequency: frequency, key: year).ordinal
    let previousOrdinal = Period(frequency: frequency, key: previous.year).ordinal
    return previousOrdinal < ordinal && previousOrdinal == ordinal - 1 ? nil : previous.year
  }

  /// The change of each row (years ascending) from the row before it. The first row is compared
  /// with `before` (the section's last row ahead of the page, fetched separately) and has no
  /// change (nil) without it.
  package static func changes(
    of rows: [Observation], after before: Observation? = nil, frequency: Frequency = .annual
  ) -> [YearChange?] {
    var previous = before
    return rows.map { row in
      defer { previous = row }
      return previous.map { YearChange(row, from: $0, frequency: frequency) }
    }
  }
}
