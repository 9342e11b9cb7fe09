/// A day of the proleptic Gregorian calendar, for week-ending dates: no time zone, no
/// Foundation calendar.
///
/// ```swift
/// CalendarDay(year: 2020, month: 3, day: 7).adding(days: 7).key  // 20200314
/// CalendarDay.days(inMonth: 2, of: 2020)  // 29
/// ```
package struct CalendarDay: Sendable, Hashable, Comparable {
  package var year: Int64
  package var month: Int
  package var day: Int

  package init(year: Int64, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day a yyyymmdd key names (no check that it exists).
  package init(key: Int64) {
    year = key / 10_000
    month = Int(key / 100 % 100)
    day = Int(key % 100)
  }

  /// yyyymmdd.
  package var key: Int64 { year * 10_000 + Int64(month) * 100 + Int64(day) }

  package static func isLeap(_ year: Int64) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  package static func days(inMonth month: Int, of year: Int64) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The day's number in its year, 1 for January 1.
  package static func dayOfYear(month: Int, day: Int, year: Int64) -> Int {
    (1..<max(1, month)).reduce(day) { $0 + days(inMonth: $1, of: year) }
  }

  /// Days since 1970-01-01 (negative before), by the civil-from-days algorithm of H. Hinnant.
  package var daysSinceEpoch: Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `days` since 1970-01-01.
  package init(daysSinceEpoch days: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// The day `days` later (earlier when negative).
  package func adding(days: Int64) -> CalendarDay {
    CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// In time, for any year (a key would overflow past 9 × 10^14).
  package static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
