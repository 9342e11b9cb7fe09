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
    // Sections about places get a `Place` column after the title, so that a cut title never
    // hides which State a line is (a table without places is as it always was).
    let placed = summaries.contains { $0.info.place != nil }
    let at = { (column: Int) in placed && column >= 1 ? column + 1 : column }
    var names = header
    if placed { names.insert("Place", at: 1) }
    var table = TextTable(
      columns: names.indices.map { column in
        let right = rightAligned.contains(placed && column >= 1 ? column - 1 : column)
        return TextTable.Column(names[column], alignment: right ? .right : .left)
      },
      rows: summaries.map { summary in
        var row = cells(summary, trendPoints: Trend.points)
        if placed { row.insert(TextEscaping.visible(summary.info.place ?? ""), at: 1) }
        return row
      })
    // When the width runs out, in turn: long places and units are cut, the trend narrows, the
    // title is cut down to 24 columns, then the trend and the unit columns go; the title takes
    // what is left.
    table.fitting =
      (placed ? [.cap(1, at: 18)] : []) + [
        .cap(at(1), at: 14),
        .redraw(at(5), with: { summaries.map { trend($0, points: 8) } }),
        .dropUnless(at(5), shrinking: 0, to: 24), .dropUnless(at(1), shrinking: 0, to: 24),
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
      TextEscaping.visible(info.title), TextEscaping.visible(info.unit ?? ""), years,
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
