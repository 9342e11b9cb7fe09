import DairyModel

/// What a cell holds, as the workbook stores it: never the text it is shown as.
///
/// A date is a ``number(_:)`` whose cell's ``NumberFormat/isDate`` is true (see ``ExcelDate``);
/// an ISO 8601 date cell (`t="d"`) is read as that number too.
package enum CellValue: Hashable, Sendable {
  /// A number: the exact double the file stores.
  case number(Double)
  /// Text, from the shared strings, an inline string or a formula's cached text.
  case string(String)
  case bool(Bool)
  /// An error value such as `#N/A` or `#DIV/0!`.
  case error(String)
  /// No value: a styled empty cell, or a formula without a cached value.
  case empty
}

/// One cell of a row: where it is, its value, and the format the workbook shows it with.
///
/// ```swift
/// let cell = SheetCell(
///   reference: CellReference("B3")!, value: .number(36188),
///   format: NumberFormat(id: 3, code: "#,##0"))
/// cell.format.decimals  // 0
/// ```
package struct SheetCell: Hashable, Sendable {
  package var reference: CellReference
  package var value: CellValue
  /// The number format of the cell's style.
  package var format: NumberFormat
  /// A formula whose result the file does not hold (it was never calculated): the value is
  /// ``CellValue/empty``, and an import should warn, naming the cell.
  package var isFormulaWithoutValue: Bool
  /// How the cell's style places its text: what tells a caption centred over columns.
  package var alignment: HorizontalAlignment

  package init(
    reference: CellReference, value: CellValue, format: NumberFormat = .general,
    isFormulaWithoutValue: Bool = false, alignment: HorizontalAlignment = .general
  ) {
    self.reference = reference
    self.value = value
    self.format = format
    self.isFormulaWithoutValue = isFormulaWithoutValue
    self.alignment = alignment
  }

  /// The 0-based column.
  package var column: Int { reference.column }
}

/// One row of a sheet: its 1-based number and the cells it stores, by ascending column.
///
/// Cells the file leaves out are not there (`cells[0]` may be column C); a row may hold no
/// cells at all. ``SheetReader/next(into:)`` reuses one row's storage for every row.
package struct SheetRow: Hashable, Sendable {
  /// The 1-based row number.
  package var number = 0
  /// The cells the file stores for this row, by ascending column.
  package var cells: [SheetCell] = []

  package init() {}

  package init(number: Int, cells: [SheetCell]) {
    self.number = number
    self.cells = cells
  }

  /// The cell in `column` (0-based), if the row stores one.
  package subscript(column column: Int) -> SheetCell? {
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) / 2
      if cells[middle].column < column { low = middle + 1 } else { high = middle }
    }
    return low < cells.count && cells[low].column == column ? cells[low] : nil
  }
}
