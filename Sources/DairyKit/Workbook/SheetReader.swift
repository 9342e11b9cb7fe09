/// Streams the rows of one sheet, top to bottom, each with its cells' values and formats.
///
/// The sheet's merged ranges are known before the first row: `<mergeCells>` comes after the
/// cells in the file, so opening the reader reads the sheet once for them (and to check its
/// XML), then streams it again. Memory stays flat whatever the sheet's size: one buffer, one row.
/// Rows and cells come in the file's order, which must be ascending; `<dimension>` is not
/// trusted. A chart sheet has no rows.
///
/// ```swift
/// let workbook = try Workbook.open(path: "fluidmilk.xlsx")
/// let reader = try workbook.reader(forSheet: workbook.sheets[0])
/// var row = SheetRow()
/// while try reader.next(into: &row) {
///   for cell in row.cells { print(reader.location(of: cell.reference), cell.value) }
/// }
/// ```
public final class SheetReader {
  /// The sheet being read.
  public let sheet: WorkbookSheet
  /// The sheet's merged ranges, in the file's order.
  public let mergedRanges: [CellRange]
  /// Whether the workbook's serial dates count from 1904 (see ``ExcelDate``).
  public let date1904: Bool

  /// The file and sheet, for locations.
  let place: WorkbookLocation
  let tokenizer: XMLTokenizer?
  let strings: [String]
  let styles: StyleSheet
  let numbers = NumberParser(missingMarkers: [])

  // MARK: Reading state
  var inSheetData = false
  var inRow = false
  var finished = false
  var rowNumber = 0
  var lastColumn = -1
  var cell = CellState()

  /// What is known of the cell being read.
  struct CellState {
    var reference = CellReference(row: 1, column: 0)
    var type: UInt8 = 0
    var format = NumberFormat.general
    var hasFormula = false
    var hasValue = false
    var capturingValue = false
    var inInlineString = false
    var value: [UInt8] = []
    var inline = RichText()
  }

  init(
    sheet: WorkbookSheet, place: WorkbookLocation, mergedRanges: [CellRange],
    tokenizer: XMLTokenizer?, strings: [String], styles: StyleSheet, date1904: Bool
  ) {
    self.sheet = sheet
    self.place = place
    self.mergedRanges = mergedRanges
    self.tokenizer = tokenizer
    self.strings = strings
    self.styles = styles
    self.date1904 = date1904
    cell.value.reserveCapacity(64)
  }

  /// Where `cell` is: `fluidmilk.xlsx: sheet 'fluidmilk', cell C14`.
  public func location(of cell: CellReference) -> WorkbookLocation {
    place.at(cell)
  }

  /// The date a cell shows: its number read as a serial date, when its format is a date.
  public func date(of cell: SheetCell) -> ExcelDate? {
    guard cell.format.isDate, case .number(let serial) = cell.value else { return nil }
    return ExcelDate(serial: serial, date1904: date1904)
  }

  /// Reads the next row into `row`, replacing what it held.
  ///
  /// - Returns: false after the last row.
  /// - Throws: ``DairyError`` naming the file, sheet and cell (or byte) at the first problem.
  public func next(into row: inout SheetRow) throws -> Bool {
    guard let tokenizer, !finished else { return false }
    row.cells.removeAll(keepingCapacity: true)
    while true {
      let event = try tokenizer.next()
      if !inSheetData {
        if event == .endOfDocument { break }
        inSheetData = event == .start && tokenizer.depth == 2 && tokenizer.nameIs("sheetData")
        continue
      }
      switch event {
      case .start: try start(tokenizer, row: &row)
      case .text: text(tokenizer)
      case .end:
        if tokenizer.depth == 3 && tokenizer.nameIs("c") {
          try finishCell(tokenizer, row: &row)
        } else if tokenizer.depth == 2 && tokenizer.nameIs("row") {
          return true
        } else {
          end(tokenizer)
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
