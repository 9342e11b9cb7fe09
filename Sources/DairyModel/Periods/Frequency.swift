/// How often a section's rows come: each row is one period of its section's frequency.
///
/// An observation is keyed by an `Int64` *period key* under its section's frequency (a
/// ``Period``): the year for an annual section, so that an annual table, and a database written
/// before sections had frequencies, read exactly as they always did.
///
/// ```swift
/// Frequency(rawValue: "monthly")  // .monthly
/// Frequency.quarterly.periodName  // "quarter"
/// ```
public enum Frequency: String, CaseIterable, Sendable, Hashable {
  /// One row a calendar year (key: the year, `2020`).
  case annual
  /// One row a marketing (or fiscal) year, written `2019/20` (key: the year it begins, `2019`).
  case marketingYear = "marketing-year"
  /// One row a quarter (key: year × 10 + quarter, `20201`).
  case quarterly
  /// One row a month (key: year × 100 + month, `202003`).
  case monthly
  /// One row a week, named by the date it ends (key: that date as yyyymmdd, `20200307`).
  case weekly

  /// The word a row's change is "per": `year`, `quarter`, `month`, `week`.
  public var periodName: String {
    switch self {
    case .annual, .marketingYear: "year"
    case .quarterly: "quarter"
    case .monthly: "month"
    case .weekly: "week"
    }
  }

  /// How the frequency is written in a listing: `annual`, `marketing year`, `quarterly`, ….
  public var text: String {
    switch self {
    case .marketingYear: "marketing year"
    default: rawValue
    }
  }
}
