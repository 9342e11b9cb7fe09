/// A cell of a sheet in A1 notation: a column and a 1-based row.
///
/// ```swift
/// let cell = CellReference(column: 2, row: 14)
/// print(cell)  // C14
/// print(CellReference(column: 27, row: 1))  // AB1
/// ```
public struct CellReference: Hashable, Sendable, CustomStringConvertible {
  /// The 0-based column: 0 is `A`, 25 is `Z`, 26 is `AA`.
  public var column: Int
  /// The 1-based row.
  public var row: Int

  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }

  /// The column's letters: `A` to `Z`, then `AA`, `AB` and so on (bijective base 26).
  public var columnLetters: String {
    var letters: [Character] = []
    var rest = column + 1
    while rest > 0 {
      let digit = (rest - 1) % 26
      letters.append(Character(Unicode.Scalar(UInt8(65 + digit))))
      rest = (rest - 1) / 26
    }
    return String(letters.reversed())
  }

  public var description: String { "\(columnLetters)\(row)" }
}
