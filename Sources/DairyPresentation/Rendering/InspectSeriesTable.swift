import DairyImport
import DairyModel

/// The series lines of `dairy inspect`'s table: where each series is (in a CSV file `col 3` or
/// `line 4`, in a workbook's sheet `column C` or `row 4`), its title, group, unit, footnote
/// numbers, years (or periods: `2020-Q1–2021-Q4`), rows and missing cells. When the width runs
/// out, the columns that no series fills (group, unit, footnotes) go first, then the unit and
/// group are cut, then the title down to 16 columns, then the footnote column goes (the
/// footnotes are listed under the table), then the unit and the group; the title takes what is
/// left.
package enum InspectSeriesTable {
  package static let header = ["where", "title", "group", "unit", "fn", "years", "rows", "missing"]
  private static let rightAligned: Set<Int> = [6, 7]

  /// The lines of `series`, of a sheet when `inSheet`, fitted to `width`. When a series has a
  /// place (a Quick Stats file's States), a `place` column follows `where`, cut like the group;
  /// the years of a series that is not annual are its periods (`2019-01–2020-08`).
  package static func render(
    _ series: [Inspection.Series], inSheet: Bool = false, width: Int, style: TextStyle
  ) -> [String] {
    guard !series.isEmpty else { return ["  (no series)"] }
    let placed = series.contains { $0.place != nil }
    // With places, every column after `where` moves one to the right.
    let at = { (column: Int) in placed && column >= 1 ? column + 1 : column }
    var names = header
    // Months, quarters or weeks are periods, not years.
    if series.contains(where: { $0.frequency != .annual }) { names[5] = "periods" }
    if placed { names.insert("place", at: 1) }
    let right = Set(rightAligned.map(at))
    var table = TextTable(
      columns: names.indices.map {
        TextTable.Column(names[$0], alignment: right.contains($0) ? .right : .left)
      },
      rows: series.map { line in
        var cells = cells(line, inSheet: inSheet)
        if placed { cells.insert(TextEscaping.visible(line.place ?? ""), at: 1) }
        return cells
      })
    table.indent = 2
    // A column no series fills (no group, no unit, no footnote) goes first: its header's width
    // is better given to the titles.
    let blank = [2, 3, 4].map(at).filter { column in
      table.rows.allSatisfy { $0[column].isEmpty }
    }
    table.fitting =
      blank.map { .drop($0) } + (placed ? [.cap(1, at: 20)] : []) + [
        .cap(at(3), at: 14), .cap(at(2), at: 16), .shrink(at(1), toAtLeast: 16),
        .cap(at(3), at: 12),
        .cap(at(2), at: 12), .drop(at(4)), .cap(at(3), at: 8), .drop(at(3)), .drop(at(2)),
        .shrink(at(1), toAtLeast: 8),
      ] + (placed ? [.cap(1, at: 12)] : [])
    let lines = table.lines(width: width)
    return [style.dim(lines.header)] + lines.rows
  }

  private static func cells(_ series: Inspection.Series, inSheet: Bool) -> [String] {
    let place = place(series, inSheet: inSheet)
    let years = series.periods ?? "–"
    return [
      place, TextEscaping.visible(series.title),
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
