import DairyModel

/// One cell of a ``TableRow``: its value, where its text ends in the row's bytes, and its place
/// in the source.
///
/// A CSV source gives text cells only; a typed source (a workbook) gives numbers, booleans, error
/// values and empty cells as such, and the text of its strings.
package struct TableCell: Hashable, Sendable {
  /// What a cell holds.
  package enum Value: Hashable, Sendable {
    /// Text, whose bytes (UTF-8 as in the source) are this cell's range of ``TableRow/bytes``.
    case text
    /// A number as stored, and the decimals its number format shows when it has one.
    case number(Double, decimals: Int?)
    /// A boolean.
    case bool(Bool)
    /// An error value (`#N/A`); its code is the cell's text.
    case error
    /// Nothing.
    case empty
  }

  /// The end offset of the cell's text in ``TableRow/bytes`` (its start is the end of the cell
  /// before it).
  package var end: Int
  package var value: Value
  package var place: CellPlace
}

/// Where a source read a cell, in the source's own terms: only the source turns it into a
/// ``SourceLocation`` (a CSV source counts the characters before it on its line when asked, a
/// workbook names its sheet and the cell).
package struct CellPlace: Hashable, Sendable {
  /// The 1-based line the cell starts on (a sheet: its row).
  package var line: Int
  /// CSV: the file offset of the cell's first byte (its opening quote, when quoted). A sheet: the
  /// 0-based column.
  package var offset: Int
  /// CSV: the file offset of the first byte of the cell's line. A sheet: 0.
  package var lineOffset: Int
  /// CSV: whether the field was quoted, so that its text starts one byte after `offset`.
  package var quoted: Bool

  package init(line: Int, offset: Int, lineOffset: Int = 0, quoted: Bool = false) {
    self.line = line
    self.offset = offset
    self.lineOffset = lineOffset
    self.quoted = quoted
  }
}

/// A merged range of a sheet that a cell lies in: its top-left cell holds the value, and it spans
/// `rows` × `columns` cells.
package struct CellMerge: Hashable, Sendable {
  /// The index in ``TableRow/cells`` of the cell that lies in the range.
  package var cell: Int
  /// The range's top-left cell.
  package var anchor: CellReference
  package var rows: Int
  package var columns: Int
}

/// The alignment of a cell of a ``TableRow`` whose style aligns it otherwise than `general`.
package struct CellAlignment: Hashable, Sendable {
  /// The index in ``TableRow/cells`` of the cell.
  package var cell: Int
  package var horizontal: HorizontalAlignment
}
