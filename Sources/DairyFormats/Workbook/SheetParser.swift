import DairyModel

/// The state of reading one sheet part: where in the XML it is, the row and the cell being
/// read. ``SheetReader`` holds it; see there.
package struct SheetParser: ~Copyable {
  /// The file and sheet, for locations.
  package let place: WorkbookLocation
  package var tokenizer: XMLTokenizer
  package let strings: [String]
  package let styles: StyleSheet
  package let numbers = NumberParser(missingMarkers: [])
  package let date1904: Bool

  // MARK: Reading state
  package var inSheetData = false
  package var inRow = false
  package var finished = false
  package var rowNumber = 0
  package var lastColumn = -1
  /// The rightmost column and the lowest row of the cells read so far: the used area that
  /// merged ranges are clipped to.
  package var usedColumns = -1
  package var usedRows = 0
  package var cell = CellState()

  /// What is known of the cell being read.
  package struct CellState: ~Copyable {
    package var reference = CellReference(column: 0, row: 1)
    package var type: UInt8 = 0
    package var format = NumberFormat.general
    package var alignment = HorizontalAlignment.general
    package var hasFormula = false
    package var hasValue = false
    package var capturingValue = false
    package var inInlineString = false
    package var value = ByteBuffer()
    package var inline = RichText()
  }

  /// A parser of the sheet part `tokenizer` reads; with `finished`, one that gives no rows (a
  /// chart sheet).
  package init(
    tokenizer: consuming XMLTokenizer, place: WorkbookLocation, strings: [String],
    styles: StyleSheet, date1904: Bool, finished: Bool = false
  ) {
    self.tokenizer = tokenizer
    self.place = place
    self.strings = strings
    self.styles = styles
    self.date1904 = date1904
    self.finished = finished
  }

  /// The cells read so far span A1 to this cell; nil before the first cell.
  package var usedArea: CellRange? {
    usedColumns < 0
      ? nil
      : CellRange(
        first: CellReference(column: 0, row: 1),
        last: CellReference(column: usedColumns, row: usedRows))
  }

  /// Where `cell` is.
  package func location(of cell: CellReference) -> WorkbookLocation {
    place.at(cell)
  }

  /// Reads the next row into `row`, replacing what it held.
  ///
  /// - Returns: false after the last row.
  /// - Throws: ``DairyError`` naming the file, sheet and cell (or byte) at the first problem.
  package mutating func next(into row: inout SheetRow) throws -> Bool {
    guard !finished else { return false }
    row.cells.removeAll(keepingCapacity: true)
    while true {
      let event = try tokenizer.next()
      if !inSheetData {
        if event == .endOfDocument { break }
        inSheetData = event == .start && tokenizer.depth == 2 && tokenizer.nameIs("sheetData")
        continue
      }
      switch event {
      case .start: try start(row: &row)
      case .text: text()
      case .end:
        if tokenizer.depth == 3 && tokenizer.nameIs("c") {
          try finishCell(row: &row)
        } else if tokenizer.depth == 2 && tokenizer.nameIs("row") {
          return true
        } else {
          end()
        }
      case .endOfDocument: break
      }
      // After </sheetData>: the rest of the part was checked when the reader was opened.
      if tokenizer.depth <= 1 { break }
    }
    finished = true
    return false
  }
}
