/// An end of the range of periods a reading command shows (`--since`, `--until`): a year
/// (`2020`), a quarter (`2020-Q1`), a month (`2020-03`) or a day (`2020-03-07`), which each
/// section reads in its own frequency. `--since 2020-03` shows an annual section from 2020, a
/// quarterly one from 2020-Q1, a monthly one from 2020-03, a weekly one from the week ending on
/// 2020-03-01 or later; `--until 2020-03` shows them up to 2020, 2020-Q1, 2020-03 and the week
/// ending on 2020-03-31 or earlier.
///
/// ```swift
/// let since = PeriodBound("2020-03")!
/// since.lowerKey(for: .quarterly)  // 20201
/// PeriodBound("2020-Q2")!.upperKey(for: .monthly)  // 202006
/// ```
public struct PeriodBound: Sendable, Hashable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The first and last day the bound covers (all of 2020 for `2020`).
  package var first: CalendarDay
  package var last: CalendarDay
  /// The bound as written back (`2020`, `2020-Q1`, `2020-03`, `2020-03-07`).
  public let description: String

  /// The year `year`.
  public init(year: Int64) {
    self.init(
      first: CalendarDay(year: year, month: 1, day: 1),
      last: CalendarDay(year: year, month: 12, day: 31), description: String(year))
  }

  private init(first: CalendarDay, last: CalendarDay, description: String) {
    self.first = first
    self.last = last
    self.description = description
  }

  public init(integerLiteral year: Int64) {
    self.init(year: year)
  }

  /// Reads `2020`, `2019/20` (the year it begins), `2020-Q1` (also `2020Q1`, `2020-q1`),
  /// `2020-03`, `2020-03-07`; nil for
  /// anything else, or a month, quarter or day that does not exist.
  public init?(_ text: String) {
    // A marketing year as written (`2019/20`): the year it begins.
    if let slash = text.firstIndex(of: "/") {
      guard let start = Int64(text[..<slash]),
        Period(text: text, frequency: .marketingYear) != nil
      else { return nil }
      self.init(year: start)
      return
    }
    let parts = text.uppercased().split(separator: "-", omittingEmptySubsequences: false)
    func number(_ part: Substring, digits: ClosedRange<Int>) -> Int64? {
      guard digits.contains(part.count), part.allSatisfy(\.isASCII), let value = Int64(part),
        value >= 0
      else { return nil }
      return value
    }
    if parts.count == 1, let quarterAt = parts[0].firstIndex(of: "Q") {
      self.init(String(parts[0][..<quarterAt]) + "-" + String(parts[0][quarterAt...]))
      return
    }
    guard let year = number(parts[0], digits: 1...4), year >= 1 || parts.count == 1 else {
      // A year alone may be any integer a year column holds (`-500`, `10000`).
      guard parts.count == 1 || (parts.count == 2 && parts[0].isEmpty),
        let year = Int64(text)
      else { return nil }
      self.init(year: year)
      return
    }
    switch parts.count {
    case 1:
      self.init(year: year)
    case 2 where parts[1].first == "Q":
      guard let quarter = number(parts[1].dropFirst(), digits: 1...1), (1...4).contains(quarter)
      else { return nil }
      let month = Int(quarter - 1) * 3 + 1
      self.init(
        first: CalendarDay(year: year, month: month, day: 1),
        last: CalendarDay(
          year: year, month: month + 2, day: CalendarDay.days(inMonth: month + 2, of: year)),
        description: "\(year)-Q\(quarter)")
    case 2:
      guard let month = number(parts[1], digits: 1...2), (1...12).contains(month) else {
        return nil
      }
      self.init(
        first: CalendarDay(year: year, month: Int(month), day: 1),
        last: CalendarDay(
          year: year, month: Int(month), day: CalendarDay.days(inMonth: Int(month), of: year)),
        description: Period.month(Int(month), of: year)!.text)
    case 3:
      guard let month = number(parts[1], digits: 1...2), let day = number(parts[2], digits: 1...2),
        let week = Period.weekEnding(year: year, month: Int(month), day: Int(day))
      else { return nil }
      self.init(
        first: CalendarDay(key: week.key), last: CalendarDay(key: week.key),
        description: week.text)
    default:
      return nil
    }
  }

  /// The calendar year the bound starts in.
  public var year: Int64 { first.year }

  /// The key of the first period of `frequency` that ends on or after the bound's first day.
  public func lowerKey(for frequency: Frequency) -> Int64 {
    key(of: first, in: frequency)
  }

  /// The key of the last period of `frequency` that begins on or before the bound's last day (a
  /// week: that ends on or before it).
  public func upperKey(for frequency: Frequency) -> Int64 {
    key(of: last, in: frequency)
  }

  /// A bound far outside the calendar (`--since -9223372036854775808`) is before or after every
  /// key: `Int64.min` or `Int64.max` for a frequency whose periods have years 1–9999 only, a
  /// saturated year for a year or a marketing year.
  private func key(of day: CalendarDay, in frequency: Frequency) -> Int64 {
    if frequency != .annual && frequency != .marketingYear && !Period.years.contains(day.year) {
      return day.year < Period.years.lowerBound ? .min : .max
    }
    switch frequency {
    case .annual, .marketingYear: return day.year
    case .quarterly: return day.year * 10 + Int64((day.month - 1) / 3 + 1)
    case .monthly: return day.year * 100 + Int64(day.month)
    case .weekly: return day.key
    }
  }
}
