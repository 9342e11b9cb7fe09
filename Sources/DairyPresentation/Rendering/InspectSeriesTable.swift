import DairyImport
import DairyModel

/// The series lines of `dairy inspect`'s table: where each series is (in a CSV file `col 3` or
/// `line 4`, in a workbook's sheet `column C` or `row 4`), its title, group, unit, footnote
/// numbers, years, rows and missing cells. When the width runs out, the unit and group
/// are cut first, then the title down to 16 columns, then the group, unit and footnote columns
/// go; the title takes what is left.
package enum InspectSeriesTable {
  package static let header = ["where", "title", "group", "unit", "fn", "years", "rows", "missing"]
  private static let rightAligned: Set<Int> = [6, 7]

  /// The lines of `series`, of a sheet when `inSheet`, fitted to `width`.
  package static func render(
    _ series: [Inspection.Series], inSheet: Bool = false, width: Int, style: TextStyle
  ) -> [String] {
    guard !series.isEmpty else { return ["  (no series)"] }
    let cells = series.map { Self.cells($0, inSheet: inSheet) }
    var widths = header.indices.map { column in
      max(header[column].count, cells.map { DisplayWidth.of($0[column]) }.max() ?? 0)
    }
    var shown = Array(header.indices)
    let room = width - 2
    func total() -> Int { shown.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) }
    for (column, cap) in [(3, 14), (2, 16)] where total() > room {
      widths[column] = min(widths[column], cap)
    }
    if total() > room { widths[1] = max(16, widths[1] - (total() - room)) }
    for drop in [2, 3, 4] where total() > room {
      shown.removeAll { $0 == drop }
    }
    if total() > room { widths[1] = max(8, widths[1] - (total() - room)) }
    func line(_ cells: [String]) -> String {
      let text = shown.map { column in
        let cell = DisplayWidth.truncate(cells[column], to: widths[column])
        return rightAligned.contains(column)
          ? DisplayWidth.padLeft(cell, to: widths[column])
          : DisplayWidth.padRight(cell, to: widths[column])
      }.joined(separator: "  ").trimmingTrailingSpaces()
      return DisplayWidth.truncate("  " + text, to: width)
    }
    return [style.dim(line(header))] + cells.map(line)
  }

  private static func cells(_ series: Inspection.Series, inSheet: Bool) -> [String] {
    let place = place(series, inSheet: inSheet)
    let years = series.years.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "–"
    return [
      place, TextEscaping.visible(series.title), TextEscaping.visible(series.group ?? ""),
      TextEscaping.visible(series.unit ?? ""),
      series.footnotes.map(String.init).joined(separator: ","), years,
      Grouping.digits(series.count), Grouping.digits(series.missing),
    ]
  }

  /// Where `series` is, in the words of its file: a sheet's column letters and rows, a CSV
  /// file's column numbers and lines.
  package static func place(_ series: Inspection.Series, inSheet: Bool) -> String {
    if let column = series.column {
      return inSheet ? "column \(CellReference.columnName(column - 1))" : "col \(column)"
    }
    if let line = series.line { return inSheet ? "row \(line)" : "line \(line)" }
    return ""
  }
}
