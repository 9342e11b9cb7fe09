/// A row: the year and the amount, right-aligned in columns shared by the rows of a section.
///
/// ```swift
/// let columns = RowView.Columns(rows: rows, decimals: 1)
/// RowView(year: 1975, amount: 4.7, decimals: 1).line(columns: columns, width: 80)  // "  1975    4.7"
/// ```
public struct RowView: Sendable, Hashable {
  public var year: Int64
  public var amount: Double
  public var decimals: Int

  public init(year: Int64, amount: Double, decimals: Int) {
    self.year = year
    self.amount = amount
    self.decimals = decimals
  }

  /// Column widths that line up a set of rows.
  public struct Columns: Sendable, Hashable {
    public var year: Int
    public var amount: Int

    public init(year: Int, amount: Int) {
      self.year = year
      self.amount = amount
    }

    public init(rows: [Observation], decimals: Int) {
      year = rows.map { String($0.year).count }.max() ?? 4
      amount = max(
        6, rows.map { AmountFormat.string($0.amount, decimals: decimals).count }.max() ?? 0)
    }
  }

  public func line(columns: Columns, width: Int, style: TextStyle = TextStyle(enabled: false))
    -> String
  {
    let yearText = DisplayWidth.padLeft(String(year), to: columns.year)
    let amountText = DisplayWidth.padLeft(
      AmountFormat.string(amount, decimals: decimals), to: columns.amount)
    let plain = "  " + yearText + "  " + amountText
    if DisplayWidth.of(plain) > width { return DisplayWidth.truncate(plain, to: width) }
    return "  " + style.dim(yearText) + "  " + amountText
  }
}
