import DairyModel

/// A calendar date (and time of day) that a workbook stores as a serial number of days.
///
/// Workbooks count days from an epoch: in the 1900 date system serial 1 is 1900-01-01, and
/// serial 60 is the fictitious 1900-02-29 that Lotus 1-2-3 had and Excel kept, so every later
/// serial is one day past the true count; in the 1904 system (old Mac workbooks,
/// ``Workbook/date1904``) serial 0 is 1904-01-01. The fraction is the time of day.
///
/// ```swift
/// let date = ExcelDate(serial: 43550, date1904: false)!
/// print(date)  // 2019-03-26
/// ExcelDate(serial: 60, date1904: false)!.day  // 29 (February 1900, as Excel shows it)
/// ```
package struct ExcelDate: Hashable, Sendable, CustomStringConvertible {
  package var year: Int
  /// 1 to 12.
  package var month: Int
  /// 1 to 31.
  package var day: Int
  /// Seconds since midnight, rounded to the nearest second: 0 for a plain date.
  package var secondOfDay: Int

  package init(year: Int, month: Int, day: Int, secondOfDay: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.secondOfDay = secondOfDay
  }

  /// The last serial Excel shows as a date: 9999-12-31 in the 1900 system.
  package static let lastSerial1900 = 2_958_465.0
  /// 1970-01-01 as a 1900-system serial.
  package static let unixEpoch1900 = 25569

  /// The date of `serial`, or nil when it is no date: negative, past 9999-12-31, not finite, or
  /// day 0 of the 1900 system (Excel's "1900-01-00", which pure times sit on).
  package init?(serial: Double, date1904: Bool) {
    let limit = date1904 ? Self.lastSerial1900 - 1462 : Self.lastSerial1900
    guard serial.isFinite, serial >= 0, serial < limit + 1 else { return nil }
    var days = Int(serial.rounded(.down))
    var seconds = Int(((serial - Double(days)) * 86_400).rounded())
    if seconds == 86_400 {
      days += 1
      seconds = 0
    }
    if date1904 {
      self.init(unixDays: days + Self.civilDays(year: 1904, month: 1, day: 1), second: seconds)
    } else if days == 60 {
      self.init(year: 1900, month: 2, day: 29, secondOfDay: seconds)
    } else if days == 0 {
      return nil
    } else {
      let shift = days < 60 ? 1 : 0
      self.init(unixDays: days - Self.unixEpoch1900 + shift, second: seconds)
    }
  }

  /// The serial of this date in a date system; the inverse of ``init(serial:date1904:)``.
  package func serial(date1904: Bool) -> Double {
    let unixDays = Self.civilDays(year: year, month: month, day: day)
    var days: Int
    if date1904 {
      days = unixDays - Self.civilDays(year: 1904, month: 1, day: 1)
    } else if year == 1900 && month == 2 && day == 29 {
      days = 60
    } else {
      days = unixDays + Self.unixEpoch1900
      if days <= 60 { days -= 1 }
    }
    return Double(days) + Double(secondOfDay) / 86_400
  }

  package var description: String {
    var text = Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    if secondOfDay != 0 {
      text += "T" + Self.padded(secondOfDay / 3600, 2) + ":" + Self.padded(secondOfDay / 60 % 60, 2)
      text += ":" + Self.padded(secondOfDay % 60, 2)
    }
    return text
  }

  private init(unixDays: Int, second: Int) {
    // Howard Hinnant's civil_from_days.
    let z = unixDays + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    self.init(
      year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day,
      secondOfDay: second)
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  package static func civilDays(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension ExcelDate {
  /// Reads the ISO 8601 text of a `t="d"` cell: `2019-03-26`, optionally with a time
  /// (`T10:20`, `T10:20:30`, `T10:20:30.5`) and a zone (`Z`, `+02:00`), which is ignored as
  /// Excel ignores it. Nil when it is not such a date or not a real calendar date.
  package init?(iso8601 text: String) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    var second = 0
    if bytes.count > 10 {
      guard bytes[10] == UInt8(ascii: "T"), bytes.count >= 16, bytes[13] == UInt8(ascii: ":"),
        let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60
      else { return nil }
      second = hour * 3600 + minute * 60
      var index = 16
      if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
        guard let seconds = number(17..<19), seconds < 60 else { return nil }
        second += seconds
        index = 19
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
          index += 1
          while index < bytes.count, number(index..<index + 1) != nil { index += 1 }
        }
      }
      let zone = bytes[index...]
      guard
        zone.isEmpty || zone == [UInt8(ascii: "Z")]
          || (zone.count == 6 && [43, 45].contains(zone.first!))
      else { return nil }
    }
    self.init(year: year, month: month, day: day, secondOfDay: second)
  }

  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
