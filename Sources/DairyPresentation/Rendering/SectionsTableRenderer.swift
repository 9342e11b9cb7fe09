import DairyImport
import DairyModel

/// The `dairy sections` table: one line per section under a line per dataset (and, about places,
/// under its place: ``SectionsLayout``), with title, group, unit, period span, row count, latest
/// value and a sparkline, fitted to the width.
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

  /// The table's columns, in order; a dataset's table has those its sections fill
  /// (``columns(for:)``).
  package enum Column: String, Sendable, CaseIterable {
    case section = "Section"
    case group = "Group"
    case unit = "Unit"
    case periods = "Years"
    case rows = "Rows"
    case latest = "Latest"
    case trend = "Trend"

    var isRightAligned: Bool { self == .rows || self == .latest }
  }

  /// The columns of a dataset's table: a group or unit column only when one of its sections has
  /// one.
  package static func columns(for summaries: [SectionSummary]) -> [Column] {
    Column.allCases.filter { column in
      switch column {
      case .group: summaries.contains { !($0.info.group ?? "").isEmpty }
      case .unit: summaries.contains { !($0.info.unit ?? "").isEmpty }
      default: true
      }
    }
  }

  /// What the periods column is called: `Years` for a dataset of annual sections, else
  /// `Periods`.
  package static func periodsHeader(for summaries: [SectionSummary]) -> String {
    summaries.allSatisfy { $0.info.frequency == .annual } ? "Years" : "Periods"
  }

  /// - Parameter datasets: the datasets, whose title, source and last update show under their
  ///   name.
  package static func render(
    _ summaries: [SectionSummary], datasets: [DatasetInfo] = [], in viewport: Viewport
  ) -> [String] {
    SectionsLayout.lines(summaries, datasets: datasets, in: viewport) { block in
      table(block.summaries)
    }
  }

  /// One dataset's table, with its fitting: when the width runs out, in turn, the trend
  /// narrows, a long group is cut to 20 columns, and goes rather than cut the title below 32 (or
  /// at all, when it is shorter), a long unit is cut to 14, the title is cut down to 32, then
  /// the trend and the unit go rather than cut the title below 24 (or at all, when it is
  /// shorter), and the title takes what is left. Each column is cut only as far as the width
  /// needs; a column no section fills is not there to take room from the titles and units.
  package static func table(_ summaries: [SectionSummary]) -> TextTable {
    let columns = columns(for: summaries)
    var table = TextTable(
      columns: columns.map { column in
        TextTable.Column(
          column == .periods ? periodsHeader(for: summaries) : column.rawValue,
          alignment: column.isRightAligned ? .right : .left)
      },
      rows: summaries.map { summary in
        let cells = cells(summary, trendPoints: Trend.points)
        return columns.map { cells[$0] ?? "" }
      })
    let at = { (column: Column) in columns.firstIndex(of: column) }
    let title = 0
    let titleWidth =
      summaries.map { DisplayWidth.of(TextEscaping.visible($0.info.title)) }.max() ?? 0
    var fitting: [TextTable.Fit?] = [
      at(.trend).map { trendColumn in
        .redraw(trendColumn, with: { summaries.map { trend($0, points: 8) } })
      },
      at(.group).map { .shrink($0, toAtLeast: 20) },
      at(.group).map { .dropUnless($0, shrinking: title, to: min(titleWidth, 32)) },
      at(.unit).map { .shrink($0, toAtLeast: 14) },
      .shrink(title, toAtLeast: 32),
    ]
    fitting += [
      at(.trend).map { .dropUnless($0, shrinking: title, to: min(titleWidth, 24)) },
      at(.unit).map { .dropUnless($0, shrinking: title, to: min(titleWidth, 24)) },
      .shrink(title, toAtLeast: 8),
    ]
    table.fitting = fitting.compactMap { $0 }
    return table
  }

  /// A summary's cells, by column.
  private static func cells(_ summary: SectionSummary, trendPoints: Int) -> [Column: String] {
    let info = summary.info
    let latest =
      summary.latest.map { AmountFormat.string($0.amount, decimals: info.decimals) } ?? "–"
    return [
      .section: TextEscaping.visible(info.title),
      .group: TextEscaping.visible(info.group ?? ""),
      .unit: TextEscaping.visible(info.unit ?? ""),
      .periods: span(info),
      .rows: Grouping.digits(info.observationCount),
      .latest: latest,
      .trend: trend(summary, points: trendPoints),
    ]
  }

  /// The first and last period with a value, `1975–2022`, one period alone (`2020-11`), or
  /// `–`.
  package static func span(_ info: SectionInfo) -> String {
    guard let years = info.years else { return "–" }
    return Period.span(from: info.period(years.lowerBound), to: info.period(years.upperBound))
  }

  private static func trend(_ summary: SectionSummary, points: Int) -> String {
    Sparkline.render(Sparkline.resample(summary.trend, to: points))
  }
}
