import DairyFormats
import DairyModel
import Foundation

/// The period a NASS report's column caption ends with, and the measure before it: the header's
/// stacked words joined (`November` over `2019` is `November 2019`).
///
/// The periods, at the end of the caption:
/// - a year: `2020` (annual);
/// - a marketing year, written split: `2019/20`, `2019/2020` (the year it begins);
/// - a quarter: `Jan-Mar 2020`, `January-March 2020`, `Oct.-Dec. 2019`, `Q1 2020`,
///   `1st quarter 2020`, `First quarter 2020`, `2020 Q1`;
/// - a month: `November 2019`, `Nov 2019`, `Sept. 2020`;
/// - a week, by the date it ends: `Week ending November 7, 2020`, or a date alone
///   (`November 7, 2020`).
///
/// ```swift
/// NASSPeriodText.read("November 2019")  // ("", 2019-11)
/// NASSPeriodText.read("Milk cows 2020")  // ("Milk cows", 2020)
/// NASSPeriodText.read("Jan-Mar 2020")  // ("", 2020-Q1)
/// NASSPeriodText.read("Product")  // nil
/// ```
package enum NASSPeriodText {
  /// The measure before the period (empty when the caption is only a period), and the period.
  package static func read(_ caption: String) -> (measure: String, period: Period)? {
    let words = caption.split(whereSeparator: \.isWhitespace).map(String.init)
    guard !words.isEmpty else { return nil }
    // The longest period at the end first: `Week ending November 7, 2020` before `2020`.
    for length in stride(from: min(words.count, 5), through: 1, by: -1) {
      let tail = Array(words.suffix(length))
      guard let period = period(tail) else { continue }
      let measure = words.dropLast(length).joined(separator: " ")
        .trimmingCharacters(in: CharacterSet(charactersIn: " ,:;-–—"))
      // Months before a year that are no period dairy keeps (`Feb-Apr 2020`) are not a measure.
      if let last = measure.split(separator: " ").last?.lowercased(),
        last.split(whereSeparator: { "-–—".contains($0) }).contains(where: {
          month(String($0)) != nil
        })
      {
        return nil
      }
      return (measure, period)
    }
    // A quarter written before its year's label (`2020 Q1`) or a year before the measure.
    return nil
  }

  /// The period `words` (all of them) spell, or nil.
  package static func period(_ words: [String]) -> Period? {
    let lowered = words.map {
      $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ","))
    }
    switch lowered.count {
    case 1:
      if let year = year(lowered[0]) { return .year(Int64(year)) }
      return marketingYear(lowered[0])
    case 2:
      if let year = year(lowered[1]) {
        if let month = month(lowered[0]) { return .month(month, of: Int64(year)) }
        if let quarter = quarter(lowered[0]) ?? monthRange(lowered[0]) {
          return .quarter(quarter, of: Int64(year))
        }
      }
      if let year = year(lowered[0]), let quarter = quarter(lowered[1]) {
        return .quarter(quarter, of: Int64(year))
      }
      return nil
    case 3:
      // `1st quarter 2020`, `Quarter 1 2020`, `November 7, 2020`.
      guard let year = year(lowered[2]) else { return nil }
      if lowered[1] == "quarter", let quarter = ordinal(lowered[0]) {
        return .quarter(quarter, of: Int64(year))
      }
      if lowered[0] == "quarter", let quarter = Int(lowered[1]), (1...4).contains(quarter) {
        return .quarter(quarter, of: Int64(year))
      }
      if let month = month(lowered[0]), let day = Int(lowered[1]) {
        return .weekEnding(year: Int64(year), month: month, day: day)
      }
      return nil
    case 5:
      // `Week ending November 7, 2020`.
      guard lowered[0] == "week", lowered[1] == "ending" else { return nil }
      return period(Array(words.suffix(3))).flatMap { $0.frequency == .weekly ? $0 : nil }
    default:
      return nil
    }
  }

  /// A month or a quarter named without its year (`January`, `Jan.`, `Jan-Mar`, `Q1`, `1st
  /// quarter`, `First quarter`): its frequency and which part of the year it is.
  ///
  /// ```swift
  /// NASSPeriodText.partOfYear("Jan-Mar")  // (.quarterly, 1)
  /// NASSPeriodText.partOfYear("Sept.")  // (.monthly, 9)
  /// ```
  package static func partOfYear(_ text: String) -> (frequency: Frequency, part: Int)? {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    switch words.count {
    case 1:
      if let month = month(words[0]) { return (.monthly, month) }
      if let quarter = quarter(words[0]) ?? monthRange(words[0]) { return (.quarterly, quarter) }
    case 2:
      if words[1] == "quarter", let quarter = ordinal(words[0]) { return (.quarterly, quarter) }
      if words[0] == "quarter", let quarter = Int(words[1]), (1...4).contains(quarter) {
        return (.quarterly, quarter)
      }
    default: break
    }
    return nil
  }

  /// A four-digit year from 1000 to 2999.
  private static func year(_ word: String) -> Int? {
    guard word.count == 4, word.allSatisfy(\.isASCII), let year = Int(word),
      (1000...2999).contains(year)
    else { return nil }
    return year
  }

  /// `2019/20` or `2019/2020`: the marketing year beginning in 2019.
  private static func marketingYear(_ word: String) -> Period? {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = year(String(parts[0])), let second = Int(parts[1]),
      parts[1].allSatisfy(\.isASCII),
      (parts[1].count == 2 && Period.splitYear(from: Int64(first), to: Int64(second)))
        || (parts[1].count == 4 && second == first + 1)
    else { return nil }
    return .marketingYear(starting: Int64(first))
  }

  /// The month a word names (`November`, `Nov`, `Nov.`, `Sept.`).
  private static func month(_ word: String) -> Int? {
    ReportDate.months[word.hasSuffix(".") ? String(word.dropLast()) : word]
  }

  /// `Q1` … `Q4`, `1Q` … `4Q`.
  private static func quarter(_ word: String) -> Int? {
    let digits = word.filter(\.isNumber)
    guard digits.count == 1, word.count == 2, word.contains("q"), let quarter = Int(digits),
      (1...4).contains(quarter)
    else { return nil }
    return quarter
  }

  /// `1st` … `4th`, `first` … `fourth`.
  private static func ordinal(_ word: String) -> Int? {
    ["1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "first": 1, "second": 2, "third": 3, "fourth": 4][
      word]
  }

  /// A range of months that is a calendar quarter (`jan-mar`, `october-december`,
  /// `oct.-dec.`): its quarter.
  private static func monthRange(_ word: String) -> Int? {
    let parts = word.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "—" })
    guard parts.count == 2, let first = month(String(parts[0])),
      let last = month(String(parts[1]))
    else { return nil }
    return Period.quarter(ofMonths: first, through: last)
  }

  /// The periods a table's title names, in order, a year after a month taking that month
  /// (`November 2019 and 2020`: November 2019, November 2020).
  ///
  /// ```swift
  /// NASSPeriodText.periods(inTitle: "Milk Production: November 2019 and 2020")
  /// // [2019-11, 2020-11]
  /// ```
  package static func periods(inTitle title: String) -> [Period] {
    let words = title.split(whereSeparator: { $0.isWhitespace || $0 == ":" }).map(String.init)
    var periods: [Period] = []
    var index = 0
    while index < words.count {
      var found: (Period, Int)?
      for length in stride(from: min(words.count - index, 5), through: 1, by: -1) {
        if let period = period(Array(words[index..<index + length])) {
          found = (period, length)
          break
        }
      }
      guard let (period, length) = found else {
        index += 1
        continue
      }
      if period.frequency == .annual, let last = periods.last, last.frequency == .monthly,
        let month = Period.month(last.part, of: period.key)
      {
        periods.append(month)
      } else {
        periods.append(period)
      }
      index += length
    }
    return periods
  }
}
