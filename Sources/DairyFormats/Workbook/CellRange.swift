import DairyModel

/// A rectangle of cells, as a merged range is: `B2:D2` spans columns B to D of row 2.
///
/// ```swift
/// let range = CellRange("B2:D2")!
/// range.contains(CellReference("C2")!)  // true
/// ```
package struct CellRange: Hashable, Sendable, CustomStringConvertible {
  /// The top-left cell.
  package var first: CellReference
  /// The bottom-right cell.
  package var last: CellReference

  package init(first: CellReference, last: CellReference) {
    self.first = first
    self.last = last
  }

  /// Reads `A1:B2` (or a single `A1`); the corners may come in any order.
  package init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let a = CellReference(String(parts[0])),
      let b = parts.count == 2 ? CellReference(String(parts[1])) : a
    else { return nil }
    first = CellReference(column: min(a.column, b.column), row: min(a.row, b.row))
    last = CellReference(column: max(a.column, b.column), row: max(a.row, b.row))
  }

  /// Whether `cell` lies in the range.
  package func contains(_ cell: CellReference) -> Bool {
    (first.row...last.row).contains(cell.row) && (first.column...last.column).contains(cell.column)
  }

  package var description: String { first == last ? "\(first)" : "\(first):\(last)" }
}
