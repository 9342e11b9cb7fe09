import DairyModel

/// A sheet's row as the import reads rows: one cell per column from A, typed as the workbook
/// stores it.
extension TableRow {
  /// Replaces the row with the cells of `sheetRow`: a cell for every column from A to the last
  /// that holds a value, or lies in one of `merges` (the merged ranges that cross the row, in
  /// column order and not overlapping, as ``MergedRangeCursor`` gives them), or in the empty
  /// cells right after the row's last value that it is centred across, or `width` columns if
  /// that is more; columns the file
  /// leaves out are empty cells. Text and empty cells aligned otherwise than `general` keep
  /// their alignment (``TableRow/alignments``).
  ///
  /// A number keeps its exact double and the decimals of its number format (`#,##0.00` → 2;
  /// nil for `General`); a number whose format is a date becomes its ISO 8601 text
  /// (`2019-03-26`), counted from 1904 when `date1904`; a merged range's cells each carry it
  /// (its value stays in its top-left cell). Formulas without a cached value are added to
  /// `formulas`; they read as empty cells.
  ///
  /// - Returns: false, with the row emptied, when no cell of `sheetRow` holds a value.
  package mutating func fill(
    from sheetRow: SheetRow, merges: [CellRange], date1904: Bool, width: Int = 0,
    formulas: inout [CellReference]
  ) -> Bool {
    removeAll()
    var last = -1
    for cell in sheetRow.cells {
      if cell.value != .empty { last = cell.column }
      if cell.isFormulaWithoutValue { formulas.append(cell.reference) }
    }
    guard last >= 0 else { return false }
    knowsAlignment = true
    // The empty cells a caption is centred across belong to the row, as its merged ranges do:
    // those right after its last value, when that is text centred across them, one after
    // another (a styled cell far to the right does not widen the row).
    if let position = sheetRow.cells.lastIndex(where: { $0.column == last }),
      case .string = sheetRow.cells[position].value,
      sheetRow.cells[position].alignment == .centreAcrossSelection
    {
      for cell in sheetRow.cells[(position + 1)...] {
        guard cell.column == last + 1, cell.value == .empty,
          cell.alignment == .centreAcrossSelection
        else { break }
        last = cell.column
      }
    }
    var count = max(last + 1, width)
    for range in merges { count = max(count, range.last.column + 1) }
    count = min(count, WorkbookLimits.maxColumns)
    let cells = sheetRow.cells
    var next = 0
    for column in 0..<count {
      let place = CellPlace(line: sheetRow.number, offset: column)
      if next < cells.count, cells[next].column == column {
        append(cells[next], at: place, date1904: date1904)
        noteAlignment(of: cells[next])
        next += 1
      } else {
        append(.empty, at: place)
      }
    }
    for range in merges {
      let rows = range.last.row - range.first.row + 1
      let columns = range.last.column - range.first.column + 1
      for column in range.first.column...min(range.last.column, count - 1) {
        self.merges.append(
          CellMerge(cell: column, anchor: range.first, rows: rows, columns: columns))
      }
    }
    return true
  }

  /// Keeps the alignment of a text or empty cell aligned otherwise than `general` (a caption's,
  /// or an empty cell's under centre across selection); a number's alignment says nothing of
  /// a header.
  @inline(__always)
  private mutating func noteAlignment(of cell: SheetCell) {
    guard cell.alignment != .general else { return }
    switch cell.value {
    case .string, .empty:
      alignments.append(CellAlignment(cell: cell.column, horizontal: cell.alignment))
    case .number, .bool, .error: break
    }
  }

  /// Adds `cell`'s value, typed.
  private mutating func append(_ cell: SheetCell, at place: CellPlace, date1904: Bool) {
    switch cell.value {
    case .number(let number):
      if cell.format.isDate, let date = ExcelDate(serial: number, date1904: date1904) {
        // A date shown as its year alone (`yyyy`) is that year, as a reader sees it.
        if cell.format.showsOnlyAYear {
          append(.number(Double(date.year), decimals: 0), at: place)
        } else {
          append(text: date.description.utf8, at: place)
        }
      } else {
        append(.number(number, decimals: cell.format.decimals), at: place)
      }
    case .string(let text): append(text: text.utf8, at: place)
    case .bool(let value): append(.bool(value), at: place)
    case .error(let code): append(.error, text: Array(code.utf8), at: place)
    case .empty: append(.empty, at: place)
    }
  }
}
