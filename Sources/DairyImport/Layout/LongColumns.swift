import DairyFormats
import DairyModel

/// The part each column of a long table plays once the whole table is read
/// (``LongColumnSurvey``), when two columns or more could name its series: what a person reading
/// a machine-readable table (ERS's `CommodityId, Category, Item, ItemId, Units, UnitsAbr,
/// Region, …, Year, Value, SurveyBaseYear`) takes each column for.
///
/// In this order:
/// - a column that holds one value on every row says nothing of a series (`Commodity`,
///   `Country`): left out;
/// - a column whose value is a function of the year (`SurveyBaseYear`: each year has one) does
///   not split a series: its values and their years become a dataset note;
/// - a column one-to-one with the unit column whose name says it is of the unit restates the
///   unit (`UnitsAbr`, `UnitsId`): left out (`Attribute`, one-to-one with the unit by chance,
///   still names the series);
/// - an ID column (its name ends in `Id`, `ID`, `_id` or `Code`, or it holds whole numbers
///   only) one-to-one with a text column is that column's ID (`ItemId`, `Order` for `Item`): it
///   stands for it in the section's key, and is left out of its title; an ID column that is not
///   one-to-one with any stays a name of the series;
/// - a text column one-to-one with an earlier one whose values each contain the other's or are
///   contained in them restates it (`Item2`: `Output per cow (pounds)` for `Output per cow`);
/// - a text column that is a function of another text column left, with fewer values
///   (`Category` of `Item`, `Region` of `State`), is the section's group (of an ID column
///   left, a text column stays a name: `Washington / 41067` and `Washington / 53075`);
/// - the columns left are the section's title, joined with ` / `.
///
/// The key is the group and title columns' values, in header order, each by its ID when it has
/// one (`1 / 220 / 10`), else by its text (`Northeast / Maine`).
///
/// ```swift
/// // Category,Item,ItemId,Region,Year,Value
/// let columns = LongColumns(survey, candidates: [0, 1, 2, 3], year: 4, unit: nil, header: h)
/// columns?.titles  // [1, 3]: "Milk sold / U.S. total"
/// columns?.groups  // [0]: "Gross value of production"
/// columns?.keys  // [0, 2, 3]
/// ```
package struct LongColumns: Sendable, Hashable {
  /// What a column is to the sections.
  package enum Part: Sendable, Hashable {
    case title
    case group
    /// The ID of the column given: its stand-in in the key.
    case id(of: Int)
    case constant
    case ofTheYear
    /// Restates the column given (the unit column, or an earlier text column).
    case repeats(Int)
  }

  /// The part of each column that could name the series.
  package var parts: [Int: Part] = [:]
  package var titles: [Int] = []
  package var groups: [Int] = []
  /// The columns whose values, joined, make a section's key.
  package var keys: [Int] = []
  /// Per column of the year: its values and the years of each (`SurveyBaseYear: Base survey of
  /// 2000 (2000–2004); …`).
  package var yearNotes: [String] = []

  /// The parts of `candidates` (the columns that could name the series), or nil when the survey
  /// changes nothing: fewer than two candidates, or none that varies.
  package init?(
    _ survey: LongColumnSurvey, candidates: [Int], year: Int, unit: Int?, header: HeaderColumns
  ) {
    let varying = candidates.filter { survey.distinct($0) > 1 }
    guard candidates.count >= 2, !varying.isEmpty else { return nil }
    for column in candidates where survey.distinct(column) <= 1 { parts[column] = .constant }
    var left = varying
    let ofTheYear = left.filter { survey.determines(year, $0) }
    if ofTheYear.count < left.count {
      for column in ofTheYear { parts[column] = .ofTheYear }
      left.removeAll { ofTheYear.contains($0) }
    }
    if let unit {
      for column in left
      where header.normalized[column].contains("unit") && survey.oneToOne(column, unit) {
        parts[column] = .repeats(unit)
      }
      left.removeAll { parts[$0] != nil }
    }
    let isID = { (column: Int) in
      Self.isIDName(header.names[column]) || survey.isIntegral(column)
    }
    let texts = left.filter { !isID($0) }
    for column in left where isID(column) {
      if let text = texts.first(where: { survey.oneToOne(column, $0) }) {
        parts[column] = .id(of: text)
      }
    }
    for (position, column) in texts.enumerated() {
      if let first = texts[..<position].first(where: {
        parts[$0] == nil && survey.oneToOne($0, column) && Self.restates(survey.pairs($0, column))
      }) {
        parts[column] = .repeats(first)
      }
    }
    left.removeAll { parts[$0] != nil }
    for column in left where !isID(column) {
      let finer = left.contains {
        $0 != column && !isID($0) && survey.determines($0, column)
          && survey.distinct(column) < survey.distinct($0)
      }
      if finer { parts[column] = .group }
    }
    groups = left.filter { parts[$0] == .group }
    titles = left.filter { parts[$0] == nil }
    guard !titles.isEmpty else { return nil }
    for column in titles { parts[column] = .title }
    keys = candidates.filter { parts[$0] == .title || parts[$0] == .group }.map { named in
      candidates.first { parts[$0] == .id(of: named) } ?? named
    }
    yearNotes = ofTheYear.filter { parts[$0] == .ofTheYear }.map { column in
      Self.yearNote(header.names[column], survey.pairs(year, column))
    }
  }

  /// Whether each pair's texts are one inside the other (`Milk sold`, `Output per cow
  /// (pounds)` for `Output per cow`), any case.
  private static func restates(_ pairs: [(String, String)]) -> Bool {
    pairs.allSatisfy { a, b in
      let (a, b) = (
        SuperscriptMarks.removingTrailing(from: a).lowercased(),
        SuperscriptMarks.removingTrailing(from: b).lowercased()
      )
      return a.contains(b) || b.contains(a)
    }
  }

  /// Whether a header names an ID: `id`, `code`, or a name that ends in one as its own word
  /// (`CommodityId`, `ItemID`, `state_id`, `FIPS Code`); not `paid`.
  package static func isIDName(_ name: String) -> Bool {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    for word in ["id", "code"] {
      if trimmed.lowercased() == word { return true }
      guard trimmed.count > word.count, trimmed.lowercased().hasSuffix(word) else { continue }
      let tail = trimmed.suffix(word.count)
      let before = trimmed.dropLast(word.count).last!
      if !before.isLetter && !before.isNumber { return true }
      if before.isLowercase && tail.first!.isUppercase { return true }
    }
    return false
  }

  /// `NAME: VALUE (2000–2004); VALUE (2005–2009)`: each value of a column of the year, with
  /// the runs of years it holds, in year order.
  private static func yearNote(_ name: String, _ pairs: [(String, String)]) -> String {
    var years: [String: [Int]] = [:]
    for (year, value) in pairs where !value.trimmingCharacters(in: .whitespaces).isEmpty {
      if let year = Int(year.trimmingCharacters(in: .whitespaces)) {
        years[value, default: []].append(year)
      }
    }
    let values = years.keys.sorted { years[$0]!.min()! < years[$1]!.min()! }
    let listed = values.map { value in
      "\(SectionFields.collapsingWhitespace(value)) (\(runs(years[value]!.sorted())))"
    }
    return "\(SectionFields.collapsingWhitespace(name)): " + listed.joined(separator: "; ")
  }

  /// `2000–2004, 2007`.
  private static func runs(_ years: [Int]) -> String {
    var runs: [ClosedRange<Int>] = []
    for year in years {
      if let last = runs.last, last.upperBound + 1 == year {
        runs[runs.count - 1] = last.lowerBound...year
      } else {
        runs.append(year...year)
      }
    }
    return runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
      .joined(separator: ", ")
  }
}
