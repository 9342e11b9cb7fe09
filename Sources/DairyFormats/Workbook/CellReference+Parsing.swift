import DairyModel

// Reading the spreadsheet way of writing a cell: `C14`, `$B$3`, refused past `XFD1048576`.
extension CellReference {
  /// Reads an `A1`-style reference (`$` signs allowed); nil when it is not one, or lies past
  /// `XFD1048576`, the last cell a workbook can have.
  package init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard let reference = bytes.withUnsafeBufferPointer({ Self.parse($0) }) else { return nil }
    self = reference
  }

  /// Parses `bytes` as a reference: one to three letters and a row number, each optionally
  /// after a `$`. A bare column (`B`) or row is not a cell and is refused.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CellReference? {
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
    return CellReference(column: column - 1, row: row)
  }

  /// A 1-based row number of at most 7 digits, no sign, no leading zero; nil past the last row.
  package static func parseRow(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 7, bytes[0] != UInt8(ascii: "0") else { return nil }
    var row = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      row = row * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return row <= WorkbookLimits.maxRows ? row : nil
  }
}
