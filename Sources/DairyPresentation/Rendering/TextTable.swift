/// A table of text fitted to a width: each column as wide as its widest cell (or header), two
/// spaces between columns, cells cut to their column and padded to its alignment, trailing
/// spaces trimmed, each line cut to the width. When the lines are too wide, the table gives up
/// what ``fitting`` lists, in order, each step only while they still are; room a later step
/// frees goes back to the columns an earlier one cut. The one routine behind `dairy sections`,
/// `sections --stats` and `inspect`'s series.
///
/// ```swift
/// var table = TextTable(
///   columns: [.init("Section"), .init("Rows", alignment: .right)],
///   rows: [["Fluid milk, whole", "49"], ["Yogurt", "49"]])
/// table.fitting = [.shrink(0, toAtLeast: 8)]
/// let (header, rows) = table.lines(width: 16)
/// // header: "Section     Rows", rows: ["Fluid mil…    49", "Yogurt        49"]
/// ```
package struct TextTable {
  package enum Alignment: Sendable {
    case left, right
  }

  package struct Column: Sendable {
    package var header: String
    package var alignment: Alignment
    /// The narrowest the column is, however short its cells: it is padded to it.
    package var minimumWidth: Int
    /// The narrowest width at which the column is shown at all: below it, it is left out
    /// before anything is fitted.
    package var shownFrom: Int

    package init(
      _ header: String, alignment: Alignment = .left, minimumWidth: Int = 0, shownFrom: Int = 0
    ) {
      self.header = header
      self.alignment = alignment
      self.minimumWidth = minimumWidth
      self.shownFrom = shownFrom
    }
  }

  /// What a table gives up while its lines are wider than the width, column by index.
  package enum Fit {
    /// Cuts the column to at most `width`.
    case cap(Int, at: Int)
    /// Narrows the column by what is too wide, but to no less than `width` (a column narrower
    /// than that is widened to it).
    case shrink(Int, toAtLeast: Int)
    /// Shows the column's cells as `cells` gives them, one per row (a narrower drawing, such as
    /// a trend of fewer points), the column as wide as they need.
    case redraw(Int, with: () -> [String])
    /// Leaves the column out.
    case drop(Int)
    /// Leaves the column out unless column `other` can take what is too wide and stay at least
    /// `width` wide.
    case dropUnless(Int, shrinking: Int, to: Int)
  }

  package var columns: [Column]
  /// A cell per column in each row.
  package var rows: [[String]]
  package var fitting: [Fit] = []
  /// The spaces before each line, within the width.
  package var indent = 0

  package init(columns: [Column], rows: [[String]]) {
    self.columns = columns
    self.rows = rows
  }

  /// The header line and a line per row, fitted to `width`.
  package func lines(width: Int) -> (header: String, rows: [String]) {
    var rows = rows
    var widths = columns.indices.map { self.width(of: $0, in: rows) }
    var shown = columns.indices.filter { width >= columns[$0].shownFrom }
    let room = width - indent
    func excess() -> Int {
      shown.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) - room
    }
    for step in fitting where excess() > 0 {
      switch step {
      case .cap(let column, let cap):
        widths[column] = min(widths[column], cap)
      case .shrink(let column, let floor):
        widths[column] = min(widths[column], max(floor, widths[column] - excess()))
      case .redraw(let column, let cells):
        for (index, cell) in cells().enumerated() { rows[index][column] = cell }
        widths[column] = self.width(of: column, in: rows)
      case .drop(let column):
        shown.removeAll { $0 == column }
      case .dropUnless(let column, let other, let floor):
        if widths[other] - excess() < floor { shown.removeAll { $0 == column } }
      }
    }
    // A step may have cut a column that a later one made room for (a title shrunk before an
    // empty column was dropped): what is left goes back to the cut columns, in order, up to
    // their natural width, rather than stay blank at the end of the line.
    let natural = columns.indices.map { self.width(of: $0, in: rows) }
    for column in shown where excess() < 0 && widths[column] < natural[column] {
      widths[column] = min(natural[column], widths[column] - excess())
    }
    let margin = String(repeating: " ", count: indent)
    func line(_ cells: [String]) -> String {
      let text = shown.map { column in
        let cell = DisplayWidth.truncate(cells[column], to: widths[column])
        return columns[column].alignment == .right
          ? DisplayWidth.padLeft(cell, to: widths[column])
          : DisplayWidth.padRight(cell, to: widths[column])
      }.joined(separator: "  ").trimmingTrailingSpaces()
      // Narrower than the columns that never shrink (years, a long value): cut.
      return DisplayWidth.truncate(margin + text, to: width)
    }
    return (line(columns.map(\.header)), rows.map(line))
  }

  /// A column's natural width: its widest cell or its header, and at least its minimum.
  private func width(of column: Int, in rows: [[String]]) -> Int {
    let cells = rows.lazy.map { DisplayWidth.of($0[column]) }.max() ?? 0
    return max(columns[column].minimumWidth, DisplayWidth.of(columns[column].header), cells)
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
