import DairyImport
import DairyModel

/// A row of `show` and `browse` as the table shows it: the year, dimmed, and the amount with the
/// decimals the source used, each right-aligned in a column shared by the section's rows; the
/// marker the file wrote for the amount, if any, beside it (`0 -`, ``Page/Part/marks``); with
/// the change columns on (``Page/Part/showsChange``), the change from the previous year with
/// data, its percent, and `vs 1997` when that year is not the one before.
///
/// The one place a row becomes table text: `show`'s pages (``PageRenderer``) and the browse
/// screen both call it, so a column added here appears in both. (A row for machines, in JSON and
/// CSV, is ``PageRow``.)
///
/// ```swift
/// let columns = RowView.Columns(part, rows: part.section.rows.indices)
/// RowView(part, row: 0).line(columns: columns, width: 80, style: TextStyle(enabled: false))
/// // "  1975     247"
/// ```
package struct RowView: Sendable, Hashable {
  /// The cells' texts.
  package var year: String
  package var amount: String
  /// The marker the file wrote for the amount (`-` that represents zero), or "".
  package var mark = ""
  /// The change columns' texts; nil when they are off.
  package var change: String?
  package var percent: String?
  /// `vs 1997`, or "" when the previous year with data is the calendar year before.
  package var versus = ""

  /// Row `index` of `part` (the part, not only the row: a column may need the rows around it).
  package init(_ part: borrowing Page.Part, row index: Int) {
    let observation = part.section.rows[index]
    year = String(observation.year)
    let decimals = part.section.info.decimals
    amount = AmountFormat.string(observation.amount, decimals: decimals)
    if !part.marks.isEmpty { mark = part.marks[observation.year].map(TextEscaping.visible) ?? "" }
    guard part.showsChange else { return }
    let change = part.change(ofRow: index)
    self.change = ChangeFormat.signed(change?.change, decimals: decimals)
    percent = ChangeFormat.percent(change?.percentChange)
    versus = change?.comparedYear.map { "vs \($0)" } ?? ""
  }

  /// Column widths that line up a set of rows.
  package struct Columns: Sendable, Hashable {
    package var year = 4
    package var amount = 6
    /// The marks' column: 0 when no row has a mark.
    package var mark = 0
    package var change = 0
    package var percent = 0

    /// Widths that fit `rows` of `part`: the amounts as wide as the widest of them, at least 6
    /// columns; the years as wide as the section's widest year, which is its first or its last
    /// (`-10000` or `10000`), so that the column is the same on every page of the section and
    /// in browse before and after more rows load.
    package init(_ part: Page.Part, rows: Range<Int>) {
      guard !rows.isEmpty else { return }
      year =
        part.section.info.years.map { max("\($0.lowerBound)".count, "\($0.upperBound)".count) }
        ?? 0
      for index in rows {
        let row = RowView(part, row: index)
        year = max(year, row.year.count)
        amount = max(amount, row.amount.count)
        mark = max(mark, DisplayWidth.of(row.mark))
        change = max(change, row.change.map(DisplayWidth.of) ?? 0)
        percent = max(percent, row.percent.map(DisplayWidth.of) ?? 0)
      }
    }

    /// Widths that fit the rows of both.
    package func merged(with other: Columns) -> Columns {
      var merged = self
      merged.year = max(year, other.year)
      merged.amount = max(amount, other.amount)
      merged.mark = max(mark, other.mark)
      merged.change = max(change, other.change)
      merged.percent = max(percent, other.percent)
      return merged
    }
  }

  /// The row's line, cut with "…" if it is wider than `width`.
  package func line(columns: Columns, width: Int, style: TextStyle) -> String {
    let yearText = DisplayWidth.padLeft(year, to: columns.year)
    var rest = "  " + DisplayWidth.padLeft(amount, to: columns.amount)
    if columns.mark > 0 && (!mark.isEmpty || change != nil) {
      rest += " " + DisplayWidth.padRight(mark, to: columns.mark)
    }
    if let change, let percent {
      rest += "  " + DisplayWidth.padLeft(change, to: columns.change)
      rest += "  " + DisplayWidth.padLeft(percent, to: columns.percent)
      if !versus.isEmpty { rest += "  " + versus }
    }
    let plain = "  " + yearText + rest
    if DisplayWidth.of(plain) > width { return DisplayWidth.truncate(plain, to: width) }
    return "  " + style.dim(yearText) + rest
  }
}
