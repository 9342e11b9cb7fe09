import DairyFormats
import DairyModel
import Foundation

/// Periods as USDA tables and tidy files write them: a whole label (`2020-Q1`, `Jan 2020`,
/// `2019/20`, `2020-03-07`) or, under a year, a part of it (`Q2`, `JAN-MAR`, `2nd quarter`,
/// `March`, `Annual`). Each reads as a ``Label``, whose ``Label/key`` is the period key of
/// model.md: a year, the year a marketing year begins, `year × 10 + quarter`,
/// `year × 100 + month`, a week-ending date as `yyyymmdd`.
///
/// ```swift
/// PeriodText.label("2020 Q1")  // .quarter(2020, 1), key 20201
/// PeriodText.label("MY 2019/20")  // .marketingYear(2019), key 2019
/// PeriodText.label("Mar 2020")  // .month(2020, 3), key 202003
/// PeriodText.part("JAN-MAR")  // .quarter(1)
/// PeriodText.part("Annual")  // .annual
/// ```
package enum PeriodText {
  /// A whole period label.
  package enum Label: Hashable, Sendable {
    /// A plain year: annual, or a marketing year where the table says its years are.
    case year(Int64)
    /// A split year (`2019/20`), by the year it begins.
    case marketingYear(Int64)
    case quarter(Int64, Int)
    case month(Int64, Int)
    /// A date: a week's ending date, or a month's, as the table's dates tell (``Dates``).
    case date(Int64, Int, Int)

    /// The frequency it is of; nil for a date, which the table's other dates decide.
    package var frequency: Frequency? {
      switch self {
      case .year: .annual
      case .marketingYear: .marketingYear
      case .quarter: .quarterly
      case .month: .monthly
      case .date: nil
      }
    }

    /// The calendar year it falls in, or begins.
    package var year: Int64 {
      switch self {
      case .year(let year), .marketingYear(let year), .quarter(let year, _),
        .month(let year, _), .date(let year, _, _):
        year
      }
    }

    /// Its period key under `frequency` (a date's as a week's end, or as its month's).
    package func key(as frequency: Frequency) -> Int64 {
      switch self {
      case .year(let year), .marketingYear(let year): year
      case .quarter(let year, let quarter): year * 10 + Int64(quarter)
      case .month(let year, let month): year * 100 + Int64(month)
      case .date(let year, let month, let day):
        frequency == .monthly
          ? year * 100 + Int64(month) : year * 10_000 + Int64(month) * 100 + Int64(day)
      }
    }
  }

  /// A period within a year, as a row or a column under a year names it.
  package enum Part: Hashable, Sendable {
    case quarter(Int)
    case month(Int)
    /// The year as a whole: `Annual`, `Year`, `Total`, `Average`.
    case annual

    /// The label of this part of `year`.
    package func label(in year: Int64) -> Label {
      switch self {
      case .quarter(let quarter): .quarter(year, quarter)
      case .month(let month): .month(year, month)
      case .annual: .year(year)
      }
    }
  }

  /// The years a label may name.
  package static let years: ClosedRange<Int64> = 1000...2999

  // MARK: - Whole labels

  /// `text` read as a whole period label, or nil. A plain year reads as `.year`; `2011-12`,
  /// which is both December 2011 and the marketing year 2011/12, reads as the month unless
  /// `marketingYears` (the table's other labels are split years).
  package static func label(_ text: String, marketingYears: Bool = false) -> Label? {
    var words = PeriodWords(text)
    guard !words.isEmpty else { return nil }
    let splitPrefix = words.dropPrefix(["my", "marketing year", "fiscal year", "fy", "crop year"])
    if words.count == 1 {
      let word = words[0]
      if let year = fourDigitYear(word) { return splitPrefix ? .marketingYear(year) : .year(year) }
      if ReportCells.isSplitYear(word), let year = fourDigitYear(String(word.prefix(4))) {
        // `2011-12` is December 2011 as well: a month, unless the table's years are split
        let isMonth = !word.contains("/") && monthNumber(String(word.dropFirst(5))) != nil
        if !isMonth || marketingYears || splitPrefix { return .marketingYear(year) }
      }
      if splitPrefix { return nil }
      return joined(word)
    }
    if splitPrefix { return nil }
    // A year and a part, either way round: `2020 Q1`, `Q1 2020`, `Jan 2020`, `2020 January`.
    if let year = fourDigitYear(words[0]), let part = part(words.joined(from: 1)) {
      return part == .annual ? nil : part.label(in: year)
    }
    if let year = fourDigitYear(words[words.count - 1]),
      let part = part(words.joined(upTo: words.count - 1))
    {
      return part == .annual ? nil : part.label(in: year)
    }
    return nil
  }

  /// A label in a form machines write, read from its bytes without making a string: `2020`,
  /// `2020-03`, `2020-Q1`, `2020Q1`, `2019/20`, `2020-03-07`; nil for any other (which
  /// ``label(_:marketingYears:)`` reads).
  package static func isoLabel(_ bytes: UnsafeBufferPointer<UInt8>, marketingYears: Bool)
    -> Label?
  {
    func digit(_ index: Int) -> Int? {
      let byte = bytes[index]
      return byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        guard let digit = digit(index) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    guard bytes.count >= 4, let year = number(0..<4), years.contains(Int64(year)) else {
      return nil
    }
    let year64 = Int64(year)
    switch bytes.count {
    case 4:
      return .year(year64)
    case 6 where bytes[4] | 0x20 == 0x71:  // 2020Q1
      guard let quarter = digit(5), (1...4).contains(quarter) else { return nil }
      return .quarter(year64, quarter)
    case 7 where bytes[4] == 0x2D && bytes[5] | 0x20 == 0x71:  // 2020-Q1
      guard let quarter = digit(6), (1...4).contains(quarter) else { return nil }
      return .quarter(year64, quarter)
    case 7 where bytes[4] == 0x2D || bytes[4] == 0x2F:  // 2020-03, 2019/20
      guard let second = number(5..<7) else { return nil }
      let split = Period.splitYear(from: Int64(year), to: Int64(second))
      if split && (bytes[4] == 0x2F || marketingYears) { return .marketingYear(year64) }
      if (1...12).contains(second) { return .month(year64, second) }
      return split ? .marketingYear(year64) : nil
    case 10 where bytes[4] == 0x2D && bytes[7] == 0x2D:  // 2020-03-07
      guard let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
        (1...CalendarDay.days(inMonth: month, of: year64)).contains(day)
      else { return nil }
      return .date(year64, month, day)
    default:
      return nil
    }
  }

  /// A label written as one word: `2020-Q1`, `2020Q1`, `Q1-2020`, `2020-03`, `2020M03`,
  /// `03/2020`, `2020-03-07`, `3/7/2020`, `Jan-2020`.
  private static func joined(_ word: String) -> Label? {
    let lower = word.lowercased()
    if let date = date(lower) { return date }
    let pieces = lower.split(whereSeparator: { $0 == "-" || $0 == "/" })
      .map(String.init)
    if pieces.count == 2 {
      if let year = fourDigitYear(pieces[0]) {
        if let month = monthNumber(pieces[1]) { return .month(year, month) }
        if let part = part(pieces[1]), part != .annual { return part.label(in: year) }
      }
      if let year = fourDigitYear(pieces[1]) {
        if let month = monthNumber(pieces[0]) { return .month(year, month) }
        if let part = part(pieces[0]), part != .annual { return part.label(in: year) }
      }
      return nil
    }
    // `2020Q1`, `2020M03`, `Q12020`
    guard lower.count >= 6 else { return nil }
    let head = String(lower.prefix(4))
    if let year = fourDigitYear(head) {
      let rest = String(lower.dropFirst(4))
      if rest.hasPrefix("m"), let month = monthNumber(String(rest.dropFirst())) {
        return .month(year, month)
      }
      if let part = part(rest), case .quarter = part { return part.label(in: year) }
    }
    if let year = fourDigitYear(String(lower.suffix(4))),
      case .quarter? = part(
        String(lower.dropLast(4)))
    {
      return part(String(lower.dropLast(4)))!.label(in: year)
    }
    return nil
  }

  /// A month's number written as digits (`03`, `3`).
  private static func monthNumber(_ text: String) -> Int? {
    guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let month = Int(text), (1...12).contains(month)
    else { return nil }
    return month
  }

  /// A date as ISO (`2020-03-07`, `2020/03/07`) or as Americans write it (`3/7/2020`).
  private static func date(_ text: String) -> Label? {
    let pieces = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" })
    guard pieces.count == 3,
      pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let numbers = pieces.map { Int($0) ?? -1 }
    let (year, month, day): (Int, Int, Int)
    if pieces[0].count == 4 {
      (year, month, day) = (numbers[0], numbers[1], numbers[2])
    } else if pieces[2].count == 4, pieces[0].count <= 2, pieces[1].count <= 2 {
      (year, month, day) = (numbers[2], numbers[0], numbers[1])
    } else {
      return nil
    }
    guard years.contains(Int64(year)), (1...12).contains(month),
      (1...CalendarDay.days(inMonth: month, of: Int64(year))).contains(day)
    else { return nil }
    return .date(Int64(year), month, day)
  }

  private static func fourDigitYear(_ text: String) -> Int64? {
    guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int64(text),
      years.contains(year)
    else { return nil }
    return year
  }

  // MARK: - Parts of a year

  /// `text` read as a part of a year: a quarter (`Q1`, `1st quarter`, `Jan-Mar`, `I`), a month
  /// (`January`, `Jan.`, `Sept`), or the year as a whole (`Annual`, `Year`, `Total`,
  /// `Average`); nil for anything else.
  package static func part(_ text: String) -> Part? {
    let words = PeriodWords(text)
    guard !words.isEmpty, words.count <= 4 else { return nil }
    let joined = words.joined(from: 0)
    if let quarter = quarterNames[joined] { return .quarter(quarter) }
    if annualNames.contains(joined) { return .annual }
    if words.count == 1, let month = ReportDate.months[words[0]] { return .month(month) }
    // A quarter as its months: `Jan-Mar`, `January to March`, `Jan–Mar`
    var months = words.words.filter { $0 != "to" && $0 != "through" && $0 != "thru" }
    if months.count == 1 {
      months = months[0].split(whereSeparator: { $0 == "-" || $0 == "–" }).map(String.init)
    }
    if months.count == 2, let first = ReportDate.months[months[0]],
      let last = ReportDate.months[months[1]],
      let quarter = Period.quarter(ofMonths: first, through: last)
    {
      return .quarter(quarter)
    }
    return nil
  }

  private static let quarterNames: [String: Int] = {
    var names: [String: Int] = [:]
    let ordinals = ["1st", "2nd", "3rd", "4th"]
    let words = ["first", "second", "third", "fourth"]
    let romans = ["i", "ii", "iii", "iv"]
    for quarter in 1...4 {
      for name in [
        "q\(quarter)", "\(quarter)q", "qtr \(quarter)", "qtr\(quarter)", "quarter \(quarter)",
        "\(ordinals[quarter - 1]) quarter", "\(ordinals[quarter - 1]) qtr",
        "\(words[quarter - 1]) quarter", romans[quarter - 1], "q\(romans[quarter - 1])",
        "\(romans[quarter - 1]) quarter",
      ] {
        names[name] = quarter
      }
    }
    return names
  }()

  private static let annualNames: Set<String> = [
    "annual", "year", "total", "annual total", "year total", "total year", "calendar year",
    "yearly", "annual average", "average", "avg", "year average", "12 months", "12-month total",
    "jan-dec", "january-december", "jan dec",
  ]
}

/// The words of a period label, lowercased: white space and commas split them, and dots end
/// abbreviations (`Jan.`, `Qtr.`); footnote markers (`1/`) and estimate marks (`p`, `e`, `f`)
/// after the label are dropped.
struct PeriodWords {
  private(set) var words: [String]

  init(_ text: String) {
    var words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," })
      .map { String($0.hasSuffix(".") ? $0.dropLast() : $0) }
      .filter { !$0.isEmpty }
    while let last = words.last, words.count > 1,
      CaptionText.slashMarker(last) != nil || ReportCells.yearMarks.contains(last)
    {
      words.removeLast()
    }
    // `2024p`: an estimate mark glued to a year
    if words.count == 1, words[0].count == 5, let mark = words[0].last, "pef*".contains(mark),
      words[0].prefix(4).allSatisfy(\.isNumber)
    {
      words[0].removeLast()
    }
    self.words = words
  }

  var isEmpty: Bool { words.isEmpty }
  var count: Int { words.count }
  subscript(index: Int) -> String { words[index] }

  func joined(from start: Int) -> String { words[start...].joined(separator: " ") }
  func joined(upTo end: Int) -> String { words[..<end].joined(separator: " ") }

  /// Drops a leading phrase among `prefixes` (`MY`, `Marketing year`); whether it did.
  mutating func dropPrefix(_ prefixes: [String]) -> Bool {
    for prefix in prefixes {
      let parts = prefix.split(separator: " ").map(String.init)
      if words.count > parts.count, Array(words.prefix(parts.count)) == parts {
        words.removeFirst(parts.count)
        return true
      }
    }
    return false
  }
}
