/// How a layout reads one table, for `dairy inspect`: the rows of each block, where each series
/// comes from, the footnotes, and what it warns about. The import run adds what it learned (the
/// sections' titles, years and counts), so that inspect shows exactly what an import would do.
struct TableExplanation: Sendable, Hashable {
  /// What a run of rows is.
  enum Role: String, Sendable, CaseIterable {
    case title, header, unit, data, notes
  }

  /// A run of rows with one role, by line (a CSV file) or row (a sheet).
  struct Block: Sendable, Hashable {
    var role: Role
    var lines: ClosedRange<Int>
  }

  /// Where one series comes from.
  struct Series: Sendable, Hashable {
    var key: String
    /// The 1-based column of a years-down series, or nil.
    var column: Int?
    /// The line (row) of a years-across series, or nil.
    var line: Int?
    /// The footnote numbers its caption and its group's caption name, in order.
    var footnotes: [Int] = []
  }

  /// A footnote of the notes block, or one a marker names that the block does not have.
  struct Footnote: Sendable, Hashable {
    var number: Int
    var text: String?
  }

  /// `wide`, `long`, or `report (years down)` / `report (years across)`.
  var layout: String
  var blocks: [Block] = []
  var series: [Series] = []
  /// The unit a report's title gives every series that has none of its own.
  var unit: String?
  var footnotes: [Footnote] = []
  var warnings: [LayoutWarning] = []

  /// Adds the rows `lines` to the blocks: they extend the last block when it has the same role
  /// (rows given in order; blank rows between them belong to the block).
  mutating func add(_ role: Role, lines: ClosedRange<Int>) {
    if let last = blocks.last, last.role == role, last.lines.lowerBound <= lines.lowerBound {
      blocks[blocks.count - 1].lines =
        last.lines.lowerBound...max(last.lines.upperBound, lines.upperBound)
    } else {
      blocks.append(Block(role: role, lines: lines))
    }
  }
}
