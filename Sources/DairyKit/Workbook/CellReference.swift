/// The place of one cell in a sheet, written the spreadsheet way: `C14` is column 2, row 14.
///
/// Rows count from 1 as a spreadsheet shows them; columns count from 0 (`A` is 0, `XFD` is 16383).
///
/// ```swift
/// let cell = CellReference("C14")!
/// print(cell.row, cell.column, cell)  // 14 2 C14
/// ```
public struct CellReference: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The 1-based row number.
  public var row: Int
  /// The 0-based column index.
  public var column: Int

  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }

  /// Reads an `A1`-style reference (`$` signs allowed); nil when it is not one, or lies past
  /// `XFD1048576`, the last cell a workbook can have.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard let reference = bytes.withUnsafeBufferPointer({ Self.parse($0) }) else { return nil }
    self = reference
  }

  /// The column's letters: 0 is `A`, 25 `Z`, 26 `AA`.
  public static func columnName(_ column: Int) -> String {
    var letters: [UInt8] = []
    var rest = column + 1
    while rest > 0 {
      rest -= 1
      letters.append(UInt8(ascii: "A") + UInt8(rest % 26))
      rest /= 26
    }
    return String(decoding: letters.reversed(), as: UTF8.self)
  }

  public var description: String { Self.columnName(column) + String(row) }

  public static func < (lhs: CellReference, rhs: CellReference) -> Bool {
    (lhs.row, lhs.column) < (rhs.row, rhs.column)
  }

  /// Parses `bytes` as a reference: one to three letters and a row number, each optionally
  /// after a `$`. A bare column (`B`) or row is not a cell and is refused.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CellReference? {
    var index = 0
    if index < bytes.count && bytes[index] == UInt8(ascii: "$") { index += 1 }
    var column = 0
    let lettersStart = index
    while index < bytes.count, index - lettersStart < 3 {
      var byte = bytes[index]
      if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { byte -= 32 }
      guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { break }
      column = column * 26 + Int(byte - UInt8(ascii: "A")) + 1
      index += 1
    }
    guard index > lettersStart, column <= WorkbookLimits.maxColumns else { return nil }
    if index < bytes.count && bytes[index] == UInt8(ascii: "$") { index += 1 }
    guard let row = parseRow(UnsafeBufferPointer(rebasing: bytes[index...])) else { return nil }
    return CellReference(row: row, column: column - 1)
  }

  /// A 1-based row number of at most 7 digits, no sign, no leading zero; nil past the last row.
  static func parseRow(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 7, bytes[0] != UInt8(ascii: "0") else { return nil }
    var row = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      row = row * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return row <= WorkbookLimits.maxRows ? row : nil
  }
}

/// A rectangle of cells, as a merged range is: `B2:D2` spans columns B to D of row 2.
///
/// ```swift
/// let range = CellRange("B2:D2")!
/// range.contains(CellReference("C2")!)  // true
/// ```
public struct CellRange: Hashable, Sendable, CustomStringConvertible {
  /// The top-left cell.
  public var first: CellReference
  /// The bottom-right cell.
  public var last: CellReference

  public init(first: CellReference, last: CellReference) {
    self.first = first
    self.last = last
  }

  /// Reads `A1:B2` (or a single `A1`); the corners may come in any order.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let a = CellReference(String(parts[0])),
      let b = parts.count == 2 ? CellReference(String(parts[1])) : a
    else { return nil }
    first = CellReference(row: min(a.row, b.row), column: min(a.column, b.column))
    last = CellReference(row: max(a.row, b.row), column: max(a.column, b.column))
  }

  /// Whether `cell` lies in the range.
  public func contains(_ cell: CellReference) -> Bool {
    (first.row...last.row).contains(cell.row) && (first.column...last.column).contains(cell.column)
  }

  public var description: String { first == last ? "\(first)" : "\(first):\(last)" }
}
