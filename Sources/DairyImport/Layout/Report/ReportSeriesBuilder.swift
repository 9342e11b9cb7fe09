import DairyFormats
import DairyModel
import Foundation

/// Collects the series of a report's blocks: one per key (the same caption path in a stacked
/// block is the same series, for more years), with its title, group, unit and footnotes; and
/// makes the titles unique at the end.
///
/// Keys encode where a series is, so that two different places never share one: years down,
/// the column's captions top to bottom joined with ` / `; years across, the row's name after its
/// groups' names, joined with ` / `, then ` | ` and the sub-column's caption when a year spans
/// several columns. A `\`, `/` or `|` inside a caption is escaped with a `\`.
package struct ReportSeriesBuilder {
  /// The longest caption read: 4 KiB (real ones are under 300 bytes).
  package static let maxCaptionBytes = 4 << 10
  /// The footnotes the notes block has.
  package let known: Set<FootnoteMark>
  /// The first caption too long to read, if any: the table is refused with it.
  package private(set) var failure: DairyError?
  package var series: [ReportPlan.Series] = []
  private var index: [String: Int] = [:]
  /// The raw parts of each series' title, before titles are made unique.
  private var groups: [String?] = []
  /// Each footnote number a caption names, and where it is named first.
  package private(set) var referenced: [FootnoteMark: SourceLocation?] = [:]
  package private(set) var referenceOrder: [FootnoteMark] = []

  package init(known: Set<FootnoteMark>) {
    self.known = known
  }

  /// A key part with the separators escaped.
  package static func escaped(_ part: String) -> String {
    SectionKey.escaped(part)
  }

  /// The caption of `raw`, noting the footnotes it names and, for one named for the first
  /// time, where (found only then: a CSV cell's column is counted by reading its line again,
  /// which for each of a wide header's thousands of captions costs as much as the import).
  ///
  /// A caption longer than ``maxCaptionBytes`` is not read: the first is kept as ``failure``,
  /// for the survey to refuse the table with, and an empty caption stands in for it. (A caption
  /// spanning many columns is read for each, so its length would multiply; no real one comes
  /// near the limit.)
  package mutating func caption(_ raw: String, at location: @autoclosure () -> SourceLocation?)
    -> Caption
  {
    guard raw.utf8.count <= Self.maxCaptionBytes else {
      if failure == nil {
        failure = DairyError(
          .input, at: location(),
          "this caption is longer than \(Self.maxCaptionBytes >> 10) KiB "
            + "(\(Grouping.digits(raw.utf8.count)) bytes), the most a report's header cell, row "
            + "name or title line may hold")
      }
      return Caption(text: "", footnotes: [])
    }
    let caption = Caption(raw, footnotes: known)
    for number in caption.footnotes where referenced[number] == nil {
      referenced[number] = location()
      referenceOrder.append(number)
    }
    return caption
  }

  /// The index of the series keyed `key`, added with `draft` the first time.
  package mutating func add(
    key: String, title: String, group: String?, unit: String?, footnotes: [FootnoteMark],
    column: Int?, line: Int?
  ) -> Int {
    if let existing = index[key] { return existing }
    var unit = unit
    var title = title
    if unit == nil {
      let (rest, parenthesis) = UnitText.splitUnit(from: title)
      if let parenthesis, !rest.isEmpty { (title, unit) = (rest, parenthesis) }
    }
    var seen: Set<FootnoteMark> = []
    let draft = SectionFields(key: key, title: title, unit: unit, group: group)
    series.append(
      ReportPlan.Series(
        draft: draft, footnotes: footnotes.filter { seen.insert($0).inserted }, column: column,
        line: line))
    groups.append(group)
    index[key] = series.count - 1
    return series.count - 1
  }

  /// Makes every title unique, by the rule every layout follows (``SectionTitles``): a title
  /// that repeats becomes `TITLE (GROUP)`; one that still repeats gets ` (2)`, ` (3)`, … from
  /// its second time on.
  package mutating func qualifyTitles() {
    let titles = SectionTitles.distinct(
      series.map(\.draft.title), groups: groups,
      scopes: series.map { SectionTitles.scope(of: $0.draft) })
    for position in series.indices { series[position].draft.title = titles[position] }
  }
}
