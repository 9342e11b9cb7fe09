import DairyImport
import DairyModel

/// `dairy sections --stats`: a section a line with its trend in numbers: first and last value
/// (with their years), the change over the span, absolute and in percent, the compound annual
/// growth rate, and (when the width allows) the lowest and highest value with their years.
///
/// At 80 columns the table keeps the section, first, last, change, percent and CAGR; the min and
/// max columns join from ``fullWidth`` columns on. A figure that cannot be computed is `–` (no
/// CAGR for a series that is zero or negative anywhere, no percent from a zero).
///
/// ```swift
/// let lines = SectionsStatisticsRenderer.render(summaries, in: Viewport(width: 80))
/// ```
package enum SectionsStatisticsRenderer {
  package static let header = [
    "Section", "First", "Last", "Change", "Change %", "CAGR", "Min", "Max",
  ]
  /// The narrowest table with the min and max columns.
  package static let fullWidth = 110
  /// The narrowest the section column is cut to.
  package static let titleWidth = 12

  /// The table's lines, under each dataset's line (with its title and source, when `datasets`
  /// describe it, as in ``SectionsTableRenderer``).
  package static func render(
    _ summaries: [SectionSummary], datasets: [DatasetInfo] = [], in viewport: Viewport
  ) -> [String] {
    SectionsLayout.lines(summaries, datasets: datasets, in: viewport) { block in
      table(block.summaries)
    }
  }

  /// One dataset's table: the title shrinks to 12 columns at the least; min and max only from
  /// ``fullWidth`` on; the growth per period when a section is not annual.
  package static func table(_ summaries: [SectionSummary]) -> TextTable {
    // Sections that are not annual add their growth per period (a month, a quarter).
    let perPeriod = summaries.contains { $0.info.frequency != .annual }
    let names = header + (perPeriod ? [perPeriodHeader] : [])
    var table = TextTable(
      columns: names.indices.map { column in
        TextTable.Column(
          names[column], alignment: column == 0 ? .left : .right,
          minimumWidth: column == 0 ? titleWidth : 0,
          shownFrom: column > 5 && column < header.count ? fullWidth : 0)
      },
      rows: summaries.map { cells($0) + (perPeriod ? [periodGrowth($0)] : []) })
    table.fitting = [.shrink(0, toAtLeast: titleWidth)]
    return table
  }

  package static let perPeriodHeader = "Per period"

  /// The compound growth per period (`+0.12%/month`), `–` for an annual section.
  package static func periodGrowth(_ summary: SectionSummary) -> String {
    guard summary.info.frequency != .annual, let statistics = summary.statistics,
      let rate = statistics.periodGrowthRate
    else { return ChangeFormat.none }
    return ChangeFormat.percent(rate * 100) + "/" + summary.info.frequency.periodName
  }

  /// A section's cells, in the order of ``header``.
  package static func cells(_ summary: SectionSummary) -> [String] {
    // The place is the name the section stands under (``SectionsLayout``).
    let title = TextEscaping.visible(summary.info.title)
    guard let statistics = summary.statistics else {
      return [title] + Array(repeating: ChangeFormat.none, count: header.count - 1)
    }
    let decimals = summary.info.decimals
    func value(_ observation: Observation) -> String {
      AmountFormat.string(observation.amount, decimals: decimals)
        + " (\(summary.info.period(observation.year).text))"
    }
    return [
      title, value(statistics.first), value(statistics.last),
      ChangeFormat.signed(statistics.change, decimals: decimals),
      ChangeFormat.percent(statistics.percentChange),
      ChangeFormat.percent(statistics.growthRate.map { $0 * 100 }),
      value(statistics.min), value(statistics.max),
    ]
  }
}
