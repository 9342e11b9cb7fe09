/// A row of `show` and `browse` as the table shows it: the year, dimmed, and the amount with the
/// decimals the source used, each right-aligned in a column shared by the section's rows.
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
struct RowView: Sendable, Hashable {
  /// The cells' texts.
  var year: String
  var amount: String

  /// Row `index` of `part` (the part, not only the row: a column may need the rows around it).
  init(_ part: borrowing Page.Part, row index: Int) {
    let observation = part.section.rows[index]
    year = String(observation.year)
    amount = AmountFormat.string(observation.amount, decimals: part.section.info.decimals)
  }

  /// Column widths that line up a set of rows.
  struct Columns: Sendable, Hashable {
    var year = 4
    var amount = 6

    /// Widths that fit `rows` of `part`: each column as wide as its widest cell, amounts at least
    /// 6 columns.
    init(_ part: Page.Part, rows: Range<Int>) {
      guard !rows.isEmpty else { return }
      year = 0
      for index in rows {
        let row = RowView(part, row: index)
        year = max(year, row.year.count)
        amount = max(amount, row.amount.count)
      }
    }

    /// Widths that fit the rows of both.
    func merged(with other: Columns) -> Columns {
      var merged = self
      merged.year = max(year, other.year)
      merged.amount = max(amount, other.amount)
      return merged
    }
  }

  /// The row's line, cut with "…" if it is wider than `width`.
  func line(columns: Columns, width: Int, style: TextStyle) -> String {
    let yearText = DisplayWidth.padLeft(year, to: columns.year)
    let amountText = DisplayWidth.padLeft(amount, to: columns.amount)
    let plain = "  " + yearText + "  " + amountText
    if DisplayWidth.of(plain) > width { return DisplayWidth.truncate(plain, to: width) }
    return "  " + style.dim(yearText) + "  " + amountText
  }
}
