import DairyImport
import DairyModel

/// The series lines of `dairy inspect`'s table: where each series is (in a CSV file `col 3` or
/// `line 4`, in a workbook's sheet `column C` or `row 4`), its title (after its place, if it has
/// one: `California: Milk cows`), group, unit, footnote numbers, years (periods:
/// `2019-11–2020-11`), rows and missing cells. When the width runs out, the unit and group are
/// cut first, then the title down to 16 columns, then the footnote column goes (the footnotes
/// are listed under the table), then the unit and the group; the title takes what is left.
package enum InspectSeriesTable {
  package static let header = ["where", "title", "group", "unit", "fn", "years", "rows", "missing"]
  private static let rightAligned: Set<Int> = [6, 7]

  /// The lines of `series`, of a sheet when `inSheet`, fitted to `width`.
  package static func render(
    _ series: [Inspection.Series], inSheet: Bool = false, width: Int, style: TextStyle
  ) -> [String] {
    guard !series.isEmpty else { return ["  (no series)"] }
    var table = TextTable(
      columns: header.indices.map {
        TextTable.Column(header[$0], alignment: rightAligned.contains($0) ? .right : .left)
      },
      rows: series.map { cells($0, inSheet: inSheet) })
    table.indent = 2
    table.fitting = [
      .cap(3, at: 14), .cap(2, at: 16), .shrink(1, toAtLeast: 16), .cap(3, at: 12),
      .cap(2, at: 12), .drop(4), .cap(3, at: 8), .drop(3), .drop(2), .shrink(1, toAtLeast: 8),
    ]
    let lines = table.lines(width: width)
    return [style.dim(lines.header)] + lines.rows
  }

  private static func cells(_ series: Inspection.Series, inSheet: Bool) -> [String] {
    let place = place(series, inSheet: inSheet)
    let years =
      series.years.map {
        Period(frequency: series.frequency, key: $0.lowerBound).text + "–"
          + Period(frequency: series.frequency, key: $0.upperBound).text
      } ?? "–"
    return [
      place, TextEscaping.visible(series.place.map { "\($0): \(series.title)" } ?? series.title),
      TextEscaping.visible(series.group ?? ""),
      TextEscaping.visible(series.unit ?? ""),
      series.footnotes.map(\.description).joined(separator: ","), years,
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
