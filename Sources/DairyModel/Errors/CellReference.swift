/// A cell of a sheet in A1 notation: a column and a 1-based row.
///
/// ```swift
/// let cell = CellReference(column: 2, row: 14)
/// print(cell)  // C14
/// print(CellReference(column: 27, row: 1))  // AB1
/// ```
package struct CellReference: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The 0-based column: 0 is `A`, 25 is `Z`, 26 is `AA`.
  package var column: Int
  /// The 1-based row.
  package var row: Int

  package init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }

  /// The column's letters: `A` to `Z`, then `AA`, `AB` and so on (bijective base 26).
  package var columnLetters: String { Self.columnName(column) }

  /// The letters of a 0-based column: 0 is `A`, 25 `Z`, 26 `AA`, 16383 `XFD`.
  package static func columnName(_ column: Int) -> String {
    var letters: [UInt8] = []
    var rest = column + 1
    while rest > 0 {
      rest -= 1
      letters.append(UInt8(ascii: "A") + UInt8(rest % 26))
      rest /= 26
    }
    return String(decoding: letters.reversed(), as: UTF8.self)
  }

  package var description: String { "\(columnLetters)\(row)" }

  /// Cells sort as a sheet is read: row by row, left to right.
  package static func < (lhs: CellReference, rhs: CellReference) -> Bool {
    (lhs.row, lhs.column) < (rhs.row, rhs.column)
  }
}
