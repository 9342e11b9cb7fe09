import DairyModel

/// Streams the rows of one sheet, top to bottom, each with its cells' values and formats.
///
/// The sheet's merged ranges are known before the first row: `<mergeCells>` comes after the
/// cells in the file, so the first reader of a sheet parses it whole, keeping its rows in a
/// ``SheetRecording`` that every reader of the sheet then replays (see
/// ``Workbook/reader(forSheet:)``). Memory stays bounded whatever the sheet's size: a sheet too
/// large to keep is streamed again, one buffer and one row at a time.
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
package final class SheetReader {
  /// The sheet being read.
  package let sheet: WorkbookSheet
  /// The sheet's merged ranges, in the file's order; no two overlap.
  package let mergedRanges: [CellRange]
  /// The area from A1 to the rightmost column and the lowest row that hold a cell; nil for a
  /// sheet without cells. Merged ranges are clipped to it (``MergedRangeCursor``).
  package let usedArea: CellRange?
  /// Whether the workbook's serial dates count from 1904 (see ``ExcelDate``).
  package let date1904: Bool
  /// The file and sheet, for locations.
  package let place: WorkbookLocation
  /// The reading state: a value of its own, so that the per-cell work makes no dynamic
  /// exclusivity checks on a class's properties (they cost a third of the time).
  private var parser: SheetParser
  /// The recording of the sheet's rows it replays, if it does.
  private let recording: SheetRecording?
  /// Whether it frees the recording's cells once it has given them.
  private let releasing: Bool
  private var replayed = 0

  /// A reader of the rows `parser` parses; or, `replaying` a complete recording, of those
  /// rows (the parser then gives nothing), freeing them as it goes when `releasing`.
  package init(
    sheet: WorkbookSheet, checked: CheckedSheet, parser: consuming SheetParser,
    replaying recording: SheetRecording? = nil, releasing: Bool = false
  ) {
    self.releasing = releasing
    self.sheet = sheet
    self.mergedRanges = checked.mergedRanges
    self.usedArea = checked.usedArea
    self.date1904 = parser.date1904
    self.place = parser.place
    self.parser = parser
    self.recording = recording
  }

  /// Where `cell` is: `fluidmilk.xlsx: sheet 'fluidmilk', cell C14`.
  package func location(of cell: CellReference) -> WorkbookLocation {
    place.at(cell)
  }

  /// The date a cell shows: its number read as a serial date, when its format is a date.
  package func date(of cell: SheetCell) -> ExcelDate? {
    guard cell.format.isDate, case .number(let serial) = cell.value else { return nil }
    return ExcelDate(serial: serial, date1904: date1904)
  }

  /// Reads the next row into `row`, replacing what it held.
  ///
  /// - Returns: false after the last row.
  /// - Throws: ``DairyError`` naming the file, sheet and cell (or byte) at the first problem.
  package func next(into row: inout SheetRow) throws -> Bool {
    if let recording {
      guard replayed < recording.rowCount else { return false }
      recording.row(replayed, into: &row, releasing: releasing)
      replayed += 1
      return true
    }
    return try parser.next(into: &row)
  }
}

/// What the first reading of a sheet part found, which its later readers are given.
package struct CheckedSheet {
  package var mergedRanges: [CellRange] = []
  package var usedArea: CellRange?
}
