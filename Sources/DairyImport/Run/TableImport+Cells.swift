import DairyFormats
import DairyModel

// MARK: - Cells that are not plain numbers: missing, with commas, or not numbers at all

extension TableImport {
  /// The comma style of column `cell` so far.
  @inline(__always)
  package func commaStyle(_ cell: Int) -> CommaStyle {
    cell < commaStyles.count ? commaStyles[cell] : .undecided
  }

  /// Records a missing cell with the marker it holds; or, for a marker the file's legend says
  /// means zero (``zeroMarkers``, `-  Represents zero.`), the number 0 with its marker noted.
  package mutating func storeMissing(_ row: TableRow, _ cell: Int, year: Int64, section: Int) throws
  {
    let marker = row.isText(at: cell) ? row.withText(at: cell) { numbers.missingMarker($0) } : ""
    if !zeroMarkers.isEmpty && zeroMarkers.contains(marker) {
      try book.add(0, decimals: 0, year: year, section: section)
      try book.addMark(marker: marker, year: year, section: section)
      observations += 1
      return
    }
    missing += 1
    try book.addMissing(marker: marker, year: year, section: section)
  }

  /// A number with a decimal point in column `cell`: the column's commas can only group
  /// thousands from now on. Returns false (or throws) when the column has decimal commas.
  package mutating func notePoint(_ row: TableRow, _ cell: Int) throws -> Bool {
    growCommaStyles(to: cell)
    if commaStyles[cell] == .undecided {
      commaStyles[cell] = .pointDecimal
      return true
    }
    let cause = row.withText(at: cell) { NumberParser.pointInDecimalCommaColumn($0) }
    try refuse(cause, row, cell)
    return false
  }

  /// A text cell that does not scan as a plain number: a number with commas when the column's
  /// reading takes it, or as a number format shows it (`$18.24`, `12.5%`, `(1,234)`), else an
  /// error (or, for `dairy inspect`, one more cell that is not a number).
  package mutating func storeText(_ row: TableRow, _ cell: Int, year: Int64, section: Int) throws {
    growCommaStyles(to: cell)
    // `looksShown` is asked here although `shownAmount` asks it too: a cell that is no number
    // format's (a report's 10^6 numbers with commas) then takes one access to the column's
    // style, not two (140 M instructions in Scripts/bench-report).
    // The column's style is taken out for the reading and put back: a closure that reached
    // `self.numbers` and `self.commaStyles` copied the parser (its arrays retained and released)
    // for each cell.
    var style = commaStyles[cell]
    let read: NumberParser.Amount?
    if row.withText(at: cell, NumberParser.looksShown) {
      let numbers = self.numbers
      read = row.withText(at: cell) { text in
        numbers.shownAmount(text, style: &style) ?? NumberParser.commaAmount(text, style: &style)
      }
    } else {
      read = row.withText(at: cell) { NumberParser.commaAmount($0, style: &style) }
    }
    commaStyles[cell] = style
    switch read ?? row.amount(at: cell, numbers) {
    case .value(let amount, let decimals):
      try book.add(amount, decimals: decimals, year: year, section: section)
      observations += 1
    case .invalid(let cause): try storeInvalid(cause, row, cell)
    case .missing: try storeMissing(row, cell, year: year, section: section)
    }
  }

  /// A cell that is not a number: an error, or one more cell for `dairy inspect` to list.
  package mutating func storeInvalid(_ cause: NumberParser.Cause, _ row: TableRow, _ cell: Int)
    throws
  {
    _ = try text(row, cell)
    try refuse(cause, row, cell)
  }

  /// Stops the import at a cell that is not a number, or collects it.
  private mutating func refuse(_ cause: NumberParser.Cause, _ row: TableRow, _ cell: Int) throws {
    let error = DairyError.importFailed(
      location(row, cell), "\(cause) (column \"\(columnName(cell))\")")
    guard invalidCells != nil else { throw error }
    invalidCount += 1
    if invalidCells!.count < Self.maxInvalidCells { invalidCells!.append(error) }
  }

  private mutating func growCommaStyles(to cell: Int) {
    if cell >= commaStyles.count {
      commaStyles += Array(repeating: .undecided, count: cell + 1 - commaStyles.count)
    }
  }
}

extension TableRow {
  /// Whether cell `index` holds what an import stores for a (section, year): a number (commas
  /// and number formats included) or a missing cell. Where a year given twice is looked for.
  package func holdsAnObservation(at index: Int, _ numbers: NumberParser) -> Bool {
    guard index < count else { return false }
    if case .missing = amount(at: index, numbers) { return true }
    return ReportCells.isNumber(self, index, numbers)
  }

  /// Cell `index` as an amount, as ``amount(at:_:)`` reads it, but nil for a text that does not
  /// scan as a plain number (which the import reads again, with commas, or to say why).
  @inline(__always)
  package func quickAmount(at index: Int, _ numbers: NumberParser) -> NumberParser.Amount? {
    if case .text = cells[index].value { return withText(at: index) { numbers.quickAmount($0) } }
    return amount(at: index, numbers)
  }
}
