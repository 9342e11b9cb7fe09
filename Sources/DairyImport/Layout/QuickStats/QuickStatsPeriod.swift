import DairyFormats
import DairyModel

/// What a Quick Stats `Period` says, read once per distinct text: a year, a marketing year, a
/// month, a point in a month, a quarter, a week, or a forecast of a year.
///
/// | Period                              | reads as                         | key (with 2020)     |
/// |-------------------------------------|----------------------------------|---------------------|
/// | `YEAR`                              | the year                         | 2020                |
/// | `MARKETING YEAR`                    | the marketing year it begins     | 2020                |
/// | `JAN` … `DEC`                       | the month                        | 202001 … 202012     |
/// | `FIRST OF JAN`, `END OF DEC`        | the month, a series of its own   | 202001, 202012      |
/// | `JAN THRU MAR`, `FIRST QUARTER`, `Q1` | the quarter                    | 20201               |
/// | `WEEK #10`                          | the week, by its `Week Ending`   | 20200307            |
/// | `YEAR - AUG FORECAST`               | the year, a series of its own    | 2020                |
///
/// A series is one data item at one place and one *class* of period: a file that gives an
/// item's monthly values and its annual total gives two series.
///
/// ```swift
/// QuickStatsPeriod(text: "JAN THRU MAR")  // .quarter(1)
/// QuickStatsPeriod(text: "YEAR - AUG FORECAST")?.seriesClass  // "YEAR - AUG FORECAST"
/// ```
package enum QuickStatsPeriod: Sendable, Hashable {
  case year
  case marketingYear
  case month(Int)
  /// `FIRST OF JAN` (`first: true`) or `END OF DEC`: a point in time, read as its month.
  case pointInMonth(Int, first: Bool)
  case quarter(Int)
  case week
  /// `YEAR - AUG FORECAST`: the forecast of the year (or marketing year) made in a month.
  case forecast(marketingYear: Bool, month: Int)

  package static let months = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
  ]
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let ordinals = ["FIRST", "SECOND", "THIRD", "FOURTH"]
  static let shortOrdinals = ["1ST", "2ND", "3RD", "4TH"]

  /// The period `text` names, or nil when it is none of the forms above.
  package init?(text: String) {
    let words = text.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
      .map(String.init)
    let month = { (word: String) -> Int? in
      Self.months.firstIndex(of: String(word.prefix(3))).map { $0 + 1 }
        .flatMap { word.count == 3 || Self.monthNames[$0 - 1].uppercased() == word ? $0 : nil }
    }
    switch words.count {
    case 1:
      let word = words[0]
      if word == "YEAR" || word == "ANNUAL" {
        self = .year
      } else if let month = month(word) {
        self = .month(month)
      } else if word.count == 2, word.first == "Q", let q = Int(word.dropFirst()), 1...4 ~= q {
        self = .quarter(q)
      } else {
        return nil
      }
    case 2 where words == ["MARKETING", "YEAR"]:
      self = .marketingYear
    case 2 where words[0] == "WEEK" && words[1].first == "#" && Int(words[1].dropFirst()) != nil:
      self = .week
    case 2 where words[1] == "QUARTER" || words[1] == "QTR":
      guard
        let q = Self.ordinals.firstIndex(of: words[0])
          ?? Self.shortOrdinals.firstIndex(of: words[0])
      else { return nil }
      self = .quarter(q + 1)
    case 2 where words[0] == "QUARTER" || words[0] == "QTR":
      guard let q = Int(words[1]), 1...4 ~= q else { return nil }
      self = .quarter(q)
    case 3 where words[1] == "OF" && (words[0] == "FIRST" || words[0] == "END"):
      guard let month = month(words[2]) else { return nil }
      self = .pointInMonth(month, first: words[0] == "FIRST")
    case 3 where words[1] == "THRU":
      guard let first = month(words[0]), let last = month(words[2]),
        let quarter = Period.quarter(ofMonths: first, through: last)
      else { return nil }
      self = .quarter(quarter)
    case 4 where words[0] == "YEAR" && words[1] == "-" && words[3] == "FORECAST":
      guard let month = month(words[2]) else { return nil }
      self = .forecast(marketingYear: false, month: month)
    case 5
    where words[0...1] == ["MARKETING", "YEAR"] && words[2] == "-" && words[4] == "FORECAST":
      guard let month = month(words[3]) else { return nil }
      self = .forecast(marketingYear: true, month: month)
    default:
      return nil
    }
  }

  package var frequency: Frequency {
    switch self {
    case .year: .annual
    case .marketingYear: .marketingYear
    case .forecast(let marketingYear, _): marketingYear ? .marketingYear : .annual
    case .month, .pointInMonth: .monthly
    case .quarter: .quarterly
    case .week: .weekly
    }
  }

  /// What tells this period's series from another class's of the same item and place, in its
  /// key: its frequency, or the point in the month, or the forecast.
  package var seriesClass: String {
    switch self {
    case .pointInMonth(_, let first): first ? "FIRST OF MONTH" : "END OF MONTH"
    case .forecast(let marketingYear, let month):
      (marketingYear ? "MARKETING YEAR - " : "YEAR - ") + Self.months[month - 1] + " FORECAST"
    default: frequency.text.uppercased()
    }
  }

  /// What a title says of this class of period when it must be told from another of the same
  /// item, place and frequency: `first of the month`, `August forecast`; nil for the plain class
  /// of its frequency (`YEAR`, `JAN`, `JAN THRU MAR`, `WEEK #10`), which keeps its title.
  package var titleWords: String? {
    switch self {
    case .pointInMonth(_, let first): first ? "first of the month" : "end of the month"
    case .forecast(let marketingYear, let month):
      Self.monthNames[month - 1] + (marketingYear ? " forecast of the marketing year" : " forecast")
    default: nil
    }
  }

  /// The key of this period in `year`, under its frequency: a year (or the year a marketing
  /// year begins) as itself, a quarter as year × 10 + quarter, a month as year × 100 + month, a
  /// week as the date it ends, yyyymmdd (`weekEnding`, which a week needs). Built by
  /// ``Period``'s checking constructors: nil for a month, quarter or week whose year is out of
  /// 1–9999.
  package func key(year: Int64, weekEnding: (year: Int, month: Int, day: Int)?) -> Int64? {
    switch self {
    case .year, .marketingYear, .forecast: return year
    case .month(let month), .pointInMonth(let month, _): return Period.month(month, of: year)?.key
    case .quarter(let quarter): return Period.quarter(quarter, of: year)?.key
    case .week:
      guard let date = weekEnding else { return nil }
      return Period.weekEnding(year: Int64(date.year), month: date.month, day: date.day)?.key
    }
  }

  // MARK: - Week ending dates

  /// A `Week Ending` date as Quick Stats writes it (`2020-03-07`, maybe with a time after it)
  /// or a spreadsheet saves it again (`3/7/2020`, `2020/03/07`); nil when it is not a date.
  ///
  /// ```swift
  /// QuickStatsPeriod.weekEnding("2020-03-07 00:00:00.000")  // (2020, 3, 7)
  /// QuickStatsPeriod.weekEnding("3/7/2020")  // (2020, 3, 7)
  /// ```
  package static func weekEnding(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let date = text.split(separator: " ").first.map(String.init) ?? ""
    let parts = date.split(
      separator: date.contains("-") ? "-" : "/", omittingEmptySubsequences: false
    )
    .map { Int($0) }
    guard parts.count == 3, let a = parts[0], let b = parts[1], let c = parts[2] else {
      return nil
    }
    let (year, month, day) =
      date.split(separator: date.contains("-") ? "-" : "/")[0].count == 4
      ? (a, b, c) : (c, a, b)
    guard (1000...9999).contains(year), (1...12).contains(month),
      (1...CalendarDay.days(inMonth: month, of: Int64(year))).contains(day)
    else { return nil }
    return (year, month, day)
  }

}
