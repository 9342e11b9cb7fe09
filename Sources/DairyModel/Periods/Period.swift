/// One period of a section: a year, a marketing year, a quarter, a month or a week, held as a
/// ``Frequency`` and an `Int64` key that reads as a number and sorts in time within its
/// frequency.
///
/// | Frequency | Key | ``text`` |
/// |---|---|---|
/// | annual | `2020` | `2020` |
/// | marketing year | `2019` | `2019/20` |
/// | quarterly | `20201` | `2020-Q1` |
/// | monthly | `202003` | `2020-03` |
/// | weekly | `20200307` (the week's last day) | `2020-03-07` |
///
/// ```swift
/// Period.month(3, of: 2020)?.key  // 202003
/// Period(frequency: .quarterly, key: 20201).text  // "2020-Q1"
/// Period(frequency: .marketingYear, key: 2019).text  // "2019/20"
/// ```
public struct Period: Sendable, Hashable, Comparable {
  public var frequency: Frequency
  public var key: Int64

  public init(frequency: Frequency, key: Int64) {
    self.frequency = frequency
    self.key = key
  }

  /// The calendar year `year`.
  public static func year(_ year: Int64) -> Period {
    Period(frequency: .annual, key: year)
  }

  /// The marketing year that begins in `year` (`2019/20`).
  public static func marketingYear(starting year: Int64) -> Period {
    Period(frequency: .marketingYear, key: year)
  }

  /// Quarter `quarter` (1–4) of `year`; nil for another quarter or a year out of 1–9999.
  public static func quarter(_ quarter: Int, of year: Int64) -> Period? {
    guard (1...4).contains(quarter), Self.years.contains(year) else { return nil }
    return Period(frequency: .quarterly, key: year * 10 + Int64(quarter))
  }

  /// Month `month` (1–12) of `year`; nil for another month or a year out of 1–9999.
  public static func month(_ month: Int, of year: Int64) -> Period? {
    guard (1...12).contains(month), Self.years.contains(year) else { return nil }
    return Period(frequency: .monthly, key: year * 100 + Int64(month))
  }

  /// The week that ends on the given date; nil for a date that does not exist.
  public static func weekEnding(year: Int64, month: Int, day: Int) -> Period? {
    guard Self.years.contains(year), (1...12).contains(month),
      (1...CalendarDay.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    return Period(frequency: .weekly, key: year * 10_000 + Int64(month) * 100 + Int64(day))
  }

  /// The years a sub-annual period may fall in.
  static let years: ClosedRange<Int64> = 1...9999

  /// The quarter (1–4) that months `first` through `last` (1–12) make, or nil when they are
  /// not one calendar quarter: every reader's `Jan-Mar`, `JAN THRU MAR`, `October-December`.
  ///
  /// ```swift
  /// Period.quarter(ofMonths: 10, through: 12)  // 4
  /// Period.quarter(ofMonths: 2, through: 4)  // nil
  /// ```
  public static func quarter(ofMonths first: Int, through last: Int) -> Int? {
    guard (1...12).contains(first), first % 3 == 1, last == first + 2 else { return nil }
    return first / 3 + 1
  }

  /// Whether `end`, written with two digits, is the year after `start` (`2019/20`, `1999/00`):
  /// a split year, a marketing year that begins in `start`.
  ///
  /// ```swift
  /// Period.splitYear(from: 2019, to: 20)  // true
  /// ```
  public static func splitYear(from start: Int64, to end: Int64) -> Bool {
    end == (start.addingSaturated(1) % 100 + 100) % 100
  }

  /// The period of `frequency` that ``text`` writes as `text` (`2020-Q1` for a quarter); nil for
  /// text of another form or a period that does not exist.
  ///
  /// ```swift
  /// Period(text: "2020-03", frequency: .monthly)?.key  // 202003
  /// ```
  public init?(text: String, frequency: Frequency) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    func number(_ part: Substring, digits: Int) -> Int? {
      part.count == digits && part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil
    }
    let found: Period?
    switch frequency {
    case .annual:
      found = Int64(text).map(Period.year)
    case .marketingYear:
      let halves = text.split(separator: "/", omittingEmptySubsequences: false)
      guard halves.count == 2, let start = Int64(halves[0]), Self.years.contains(start),
        let end = number(halves[1], digits: 2), Self.splitYear(from: start, to: Int64(end))
      else { return nil }
      found = Period.marketingYear(starting: start)
    case .quarterly:
      guard parts.count == 2, parts[1].first == "Q", let year = number(parts[0], digits: 4),
        let quarter = number(parts[1].dropFirst(), digits: 1)
      else { return nil }
      found = Period.quarter(quarter, of: Int64(year))
    case .monthly:
      guard parts.count == 2, let year = number(parts[0], digits: 4),
        let month = number(parts[1], digits: 2)
      else { return nil }
      found = Period.month(month, of: Int64(year))
    case .weekly:
      guard parts.count == 3, let year = number(parts[0], digits: 4),
        let month = number(parts[1], digits: 2), let day = number(parts[2], digits: 2)
      else { return nil }
      found = Period.weekEnding(year: Int64(year), month: month, day: day)
    }
    guard let found else { return nil }
    self = found
  }

  /// The calendar year the period falls in (for a marketing year, the year it begins).
  public var year: Int64 {
    switch frequency {
    case .annual, .marketingYear: key
    case .quarterly: key.floorDivided(by: 10)
    case .monthly: key.floorDivided(by: 100)
    case .weekly: key.floorDivided(by: 10_000)
    }
  }

  /// Which part of its year it is: the quarter (1–4), the month (1–12), the week's day of the
  /// year (1–366); 1 for a year.
  public var part: Int {
    switch frequency {
    case .annual, .marketingYear: return 1
    case .quarterly: return Int(key - year * 10)
    case .monthly: return Int(key - year * 100)
    case .weekly:
      let monthDay = Int(key - year * 10_000)
      return CalendarDay.dayOfYear(month: monthDay / 100, day: monthDay % 100, year: year)
    }
  }

  /// The periods from `first` to `last` as tables write them: `1975–2022`, `2020-03–2020-05`,
  /// or one period alone when they are the same (`2020-11`).
  ///
  /// ```swift
  /// Period.span(from: .year(2003), to: .year(2005))  // "2003–2005"
  /// Period.span(from: .year(2003), to: .year(2003))  // "2003"
  /// ```
  public static func span(from first: Period, to last: Period) -> String {
    let text = first.text
    return first == last ? text : text + "–" + last.text
  }

  /// The period as written in tables, exports and `--since`: `2020`, `2019/20`, `2020-Q1`,
  /// `2020-03`, `2020-03-07`.
  public var text: String {
    switch frequency {
    case .annual: return String(key)
    case .marketingYear:
      // Saturating, and never negative: a key at the ends of Int64 is written, not trapped on.
      let next = (key.addingSaturated(1) % 100 + 100) % 100
      return "\(key)/\(next < 10 ? "0" : "")\(next)"
    case .quarterly:
      return "\(Self.fourDigits(year))-Q\(part)"
    case .monthly: return "\(Self.fourDigits(year))-\(Self.twoDigits(part))"
    case .weekly:
      let monthDay = Int(key - year * 10_000)
      return "\(Self.fourDigits(year))-\(Self.twoDigits(monthDay / 100))-"
        + Self.twoDigits(monthDay % 100)
    }
  }

  /// A year of a sub-annual period (1–9999) with four digits at least, as ``init(text:frequency:)``
  /// reads it back (`0999-01`).
  private static func fourDigits(_ year: Int64) -> String {
    let digits = String(year)
    guard year >= 0, digits.count < 4 else { return digits }
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// The period's place on a time axis, in years: its year plus the fraction of the year before
  /// its middle (a month's middle for a month, a week's last day for a week).
  public var time: Double {
    switch frequency {
    case .annual, .marketingYear: Double(key)
    case .quarterly: Double(year) + (Double(part) - 0.5) / 4
    case .monthly: Double(year) + (Double(part) - 0.5) / 12
    case .weekly: Double(year) + (Double(part) - 0.5) / 365.25
    }
  }

  /// The same period one year earlier (for a week: the week 52 weeks earlier), for the change
  /// over a year.
  public var yearEarlier: Period {
    switch frequency {
    case .annual, .marketingYear: return Period(frequency: frequency, key: key - 1)
    case .quarterly: return Period(frequency: frequency, key: key - 10)
    case .monthly: return Period(frequency: frequency, key: key - 100)
    case .weekly:
      return Period(frequency: .weekly, key: CalendarDay(key: key).adding(days: -364).key)
    }
  }

  /// The period's number in a count of its frequency's periods with no gaps: the next period's
  /// is one more (a year's is the year, a month's year × 12 + month − 1, a week's the number of
  /// weeks since 1970 its last day falls in).
  public var ordinal: Int64 {
    switch frequency {
    case .annual, .marketingYear: return key
    case .quarterly: return year * 4 + Int64(part - 1)
    case .monthly: return year * 12 + Int64(part - 1)
    case .weekly: return CalendarDay(key: key).daysSinceEpoch.floorDivided(by: 7)
    }
  }

  /// The period of `frequency` whose ``ordinal`` is `ordinal`; a week ends on the weekday of
  /// `weekday` (any week's last day), so that week ordinals map back to real week-ending dates.
  public init(frequency: Frequency, ordinal: Int64, weekEndingLike weekday: Period? = nil) {
    self.frequency = frequency
    switch frequency {
    case .annual, .marketingYear: key = ordinal
    case .quarterly:
      key = ordinal.floorDivided(by: 4) * 10 + (ordinal - ordinal.floorDivided(by: 4) * 4) + 1
    case .monthly:
      key = ordinal.floorDivided(by: 12) * 100 + (ordinal - ordinal.floorDivided(by: 12) * 12) + 1
    case .weekly:
      let offset = weekday.map { CalendarDay(key: $0.key).daysSinceEpoch - $0.ordinal * 7 } ?? 0
      key = CalendarDay(daysSinceEpoch: ordinal * 7 + offset).key
    }
  }

  public static func < (lhs: Period, rhs: Period) -> Bool {
    lhs.time < rhs.time || (lhs.time == rhs.time && lhs.key < rhs.key)
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}

extension Int64 {
  /// Division rounding toward minus infinity (a key's year stays right for years before 1).
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
