import DairyImport
import DairyModel

/// The `dairy sections` table: one line per section under a line per dataset, with title, unit,
/// year span, row count, latest value and a sparkline, fitted to the width.
///
/// ```swift
/// let lines = SectionsTableRenderer.render(summaries, in: Viewport(width: 80))
/// ```
package enum SectionsTableRenderer {
  /// What `dairy sections` prints instead of a table when no section matches, with the search's
  /// control characters escaped.
  package static func emptyMessage(search: String?, place: String? = nil) -> String {
    EmptyState(search: search, place: place).message(for: .sections)
  }

  package static let header = ["Section", "Unit", "Years", "Rows", "Latest", "Trend"]
  package static let rightAligned: Set<Int> = [3, 4]

  /// - Parameter datasets: the datasets, whose title, source and last update show under their
  ///   name.
  package static func render(
    _ summaries: [SectionSummary], datasets: [DatasetInfo] = [], in viewport: Viewport
  ) -> [String] {
    guard !summaries.isEmpty else { return [] }
    var table = TextTable(
      columns: header.indices.map {
        TextTable.Column(header[$0], alignment: rightAligned.contains($0) ? .right : .left)
      },
      rows: summaries.map { cells($0, trendPoints: Trend.points) })
    // When the width runs out, in turn: long units are cut, the trend narrows, the title is cut
    // down to 24 columns, then the trend and the unit columns go; the title takes what is left.
    table.fitting = [
      .cap(1, at: 14),
      .redraw(5, with: { summaries.map { trend($0, points: 8) } }),
      .dropUnless(5, shrinking: 0, to: 24), .dropUnless(1, shrinking: 0, to: 24),
      .shrink(0, toAtLeast: 8),
    ]
    let lines = table.lines(width: viewport.width)
    return grouped(
      summaries, datasets: datasets, lines: lines.rows, header: lines.header, viewport: viewport)
  }

  /// A summary's cells, as the table's columns show them.
  private static func cells(_ summary: SectionSummary, trendPoints: Int) -> [String] {
    let info = summary.info
    let years =
      info.years.map { info.period($0.lowerBound).text + "–" + info.period($0.upperBound).text }
      ?? "–"
    let latest =
      summary.latest.map { AmountFormat.string($0.amount, decimals: info.decimals) } ?? "–"
    return [
      TextEscaping.visible(info.heading), TextEscaping.visible(info.unit ?? ""), years,
      Grouping.digits(info.observationCount), latest, trend(summary, points: trendPoints),
    ]
  }

  private static func trend(_ summary: SectionSummary, points: Int) -> String {
    Sparkline.render(Sparkline.resample(summary.trend, to: points))
  }

  /// The summaries' lines under a line per dataset and the column header.
  package static func grouped(
    _ summaries: [SectionSummary], datasets: [DatasetInfo], lines rows: [String], header: String,
    viewport: Viewport
  ) -> [String] {
    let style = TextStyle(enabled: viewport.color)
    var lines: [String] = []
    var dataset: String?
    for (summary, row) in zip(summaries, rows) {
      if summary.info.dataset != dataset {
        dataset = summary.info.dataset
        let count = summaries.filter { $0.info.dataset == dataset }.count
        if !lines.isEmpty { lines.append("") }
        let title =
          TextEscaping.visible(summary.info.dataset) + " (\(count) section\(count == 1 ? "" : "s"))"
        lines.append(style.bold(DisplayWidth.truncate(title, to: viewport.width)))
        lines += datasetLines(datasets.first { $0.name == dataset }, viewport: viewport)
        lines.append(style.dim(header))
      }
      lines.append(row)
    }
    return lines
  }
}
