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
  package static func emptyMessage(search: String?) -> String {
    EmptyState(search: search).message(for: .sections)
  }

  package static let header = ["Section", "Unit", "Years", "Rows", "Latest", "Trend"]
  package static let rightAligned: Set<Int> = [3, 4]

  /// - Parameter datasets: the datasets, whose title, source and last update show under their
  ///   name.
  package static func render(
    _ summaries: [SectionSummary], datasets: [DatasetInfo] = [], in viewport: Viewport
  ) -> [String] {
    guard !summaries.isEmpty else { return [] }
    var cells = Self.cells(summaries, trendPoints: Trend.points)
    var widths = Self.widths(cells)
    var shown = Array(header.indices)
    func total() -> Int { shown.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) }
    // When the width runs out, in turn: long units are cut, the trend narrows, the title is cut
    // down to 24 columns, then the trend and the unit columns go; the title takes what is left.
    if total() > viewport.width { widths[1] = min(widths[1], 14) }
    if total() > viewport.width {
      cells = Self.cells(summaries, trendPoints: 8)
      widths[5] = Self.widths(cells)[5]
    }
    for drop in [5, 1] where total() > viewport.width && widths[0] - (total() - viewport.width) < 24
    {
      shown.removeAll { $0 == drop }
    }
    if total() > viewport.width { widths[0] = max(8, widths[0] - (total() - viewport.width)) }

    func line(_ cells: [String]) -> String {
      let line = shown.map { column in
        let cell = DisplayWidth.truncate(cells[column], to: widths[column])
        return rightAligned.contains(column)
          ? DisplayWidth.padLeft(cell, to: widths[column])
          : DisplayWidth.padRight(cell, to: widths[column])
      }.joined(separator: "  ").trimmingTrailingSpaces()
      // Narrower than the columns that never shrink (years, rows, a long latest value): cut.
      return DisplayWidth.truncate(line, to: viewport.width)
    }
    return grouped(
      summaries, datasets: datasets, lines: cells.map(line), header: line(header),
      viewport: viewport)
  }

  /// Each summary's cells, as the table's columns show them.
  private static func cells(_ summaries: [SectionSummary], trendPoints: Int) -> [[String]] {
    summaries.map { summary in
      let info = summary.info
      let years = info.years.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "–"
      let latest =
        summary.latest.map { AmountFormat.string($0.amount, decimals: info.decimals) } ?? "–"
      return [
        TextEscaping.visible(info.title), TextEscaping.visible(info.unit ?? ""), years,
        Grouping.digits(info.observationCount), latest,
        Sparkline.render(Sparkline.resample(summary.trend, to: trendPoints)),
      ]
    }
  }

  /// Each column's width: its widest cell, or its header.
  private static func widths(_ cells: [[String]]) -> [Int] {
    header.indices.map { column in
      max(DisplayWidth.of(header[column]), cells.map { DisplayWidth.of($0[column]) }.max() ?? 0)
    }
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

extension String {
  /// The text without trailing spaces (bytes, not characters: charts run this for every line
  /// they draw).
  func trimmingTrailingSpaces() -> String {
    let bytes = utf8
    var end = bytes.endIndex
    while end > bytes.startIndex && bytes[bytes.index(before: end)] == 0x20 {
      end = bytes.index(before: end)
    }
    return end == bytes.endIndex ? self : String(self[..<end])
  }
}
