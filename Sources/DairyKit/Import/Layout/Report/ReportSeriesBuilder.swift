import Foundation

/// Collects the series of a report's blocks: one per key (the same caption path in a stacked
/// block is the same series, for more years), with its title, group, unit and footnotes; and
/// makes the titles unique at the end.
///
/// Keys encode where a series is, so that two different places never share one: years down,
/// the column's captions top to bottom joined with ` / `; years across, the row's name after its
/// groups' names, joined with ` / `, then ` | ` and the sub-column's caption when a year spans
/// several columns. A `\`, `/` or `|` inside a caption is escaped with a `\`.
struct ReportSeriesBuilder {
  /// The footnote numbers the notes block has.
  let known: Set<Int>
  var series: [ReportPlan.Series] = []
  private var index: [String: Int] = [:]
  /// The raw parts of each series' title, before titles are made unique.
  private var groups: [String?] = []
  /// Each footnote number a caption names, and where it is named first.
  private(set) var referenced: [Int: SourceLocation?] = [:]
  private(set) var referenceOrder: [Int] = []

  init(known: Set<Int>) {
    self.known = known
  }

  /// A key part with the separators escaped.
  static func escaped(_ part: String) -> String {
    var out = ""
    for character in part {
      if character == "\\" || character == "/" || character == "|" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// The caption of `raw`, noting the footnotes it names.
  mutating func caption(_ raw: String, at location: SourceLocation?) -> Caption {
    let caption = Caption(raw, footnotes: known)
    for number in caption.footnotes where referenced[number] == nil {
      referenced[number] = location
      referenceOrder.append(number)
    }
    return caption
  }

  /// The index of the series keyed `key`, added with `draft` the first time.
  mutating func add(
    key: String, title: String, group: String?, unit: String?, footnotes: [Int],
    column: Int?, line: Int?
  ) -> Int {
    if let existing = index[key] { return existing }
    var unit = unit
    var title = title
    if unit == nil {
      let (rest, parenthesis) = UnitText.splitUnit(from: title)
      if let parenthesis, !rest.isEmpty { (title, unit) = (rest, parenthesis) }
    }
    var seen: Set<Int> = []
    let draft = SectionDraft(key: key, title: title, unit: unit, group: group)
    series.append(
      ReportPlan.Series(
        draft: draft, footnotes: footnotes.filter { seen.insert($0).inserted }, column: column,
        line: line))
    groups.append(group)
    index[key] = series.count - 1
    return series.count - 1
  }

  /// Makes every title unique: a title that repeats becomes `TITLE (GROUP)`; one that still
  /// repeats (no group, or the same group) gets ` (2)`, ` (3)`, … from its second time on.
  mutating func qualifyTitles() {
    let counts = Dictionary(series.map { ($0.draft.title, 1) }, uniquingKeysWith: +)
    for position in series.indices where counts[series[position].draft.title]! > 1 {
      if let group = groups[position] {
        series[position].draft.title += " (\(group))"
      }
    }
    var seen: [String: Int] = [:]
    for position in series.indices {
      let title = series[position].draft.title
      seen[title, default: 0] += 1
      if seen[title]! > 1 { series[position].draft.title += " (\(seen[title]!))" }
    }
  }
}
