/// A sheet's rows as a reader gave them, kept in 16 bytes a cell, so that reading the sheet
/// again (a report is read twice: once to plan its layout, once through it) replays them rather
/// than inflating and parsing its XML a second time.
///
/// A recording is complete once its reader reached the sheet's end without an error; only then
/// is it replayed. It stops (and frees what it held) past its `maxCells` cells
/// (``WorkbookLimits``): a larger sheet is parsed again, as memory must stay bounded.
final class SheetRecording {
  /// One cell: its column, what it holds, its format (an index into ``formats``) and its value
  /// (a double's bits, a boolean, or an index into ``texts``).
  private struct Cell {
    var column: Int32
    var kind: UInt8
    var isFormulaWithoutValue: Bool
    var format: UInt16
    var payload: UInt64
  }

  private enum Kind: UInt8 {
    case number, string, bool, error, empty
  }

  /// The sheet part it is of.
  let part: String
  /// The most cells it holds.
  let maxCells: Int
  private(set) var isComplete = false
  private(set) var isAbandoned = false
  private var numbers: [Int] = []
  /// Per row, the end of its cells in `cells`.
  private var ends: [Int] = []
  private var cells: [Cell] = []
  private var texts: [String] = []
  private var formats: [NumberFormat] = []

  init(part: String, maxCells: Int) {
    self.part = part
    self.maxCells = maxCells
  }

  /// How many rows it holds.
  var rowCount: Int { numbers.count }

  /// Adds the next row the reader gave.
  func append(_ row: SheetRow) {
    guard !isAbandoned else { return }
    guard cells.count + row.cells.count <= maxCells else { return abandon() }
    for cell in row.cells {
      guard let format = index(of: cell.format) else { return abandon() }
      var recorded = Cell(
        column: Int32(cell.column), kind: Kind.empty.rawValue,
        isFormulaWithoutValue: cell.isFormulaWithoutValue, format: format, payload: 0)
      switch cell.value {
      case .number(let value):
        (recorded.kind, recorded.payload) = (Kind.number.rawValue, value.bitPattern)
      case .string(let string):
        (recorded.kind, recorded.payload) = (Kind.string.rawValue, text(string))
      case .bool(let value): (recorded.kind, recorded.payload) = (Kind.bool.rawValue, value ? 1 : 0)
      case .error(let code): (recorded.kind, recorded.payload) = (Kind.error.rawValue, text(code))
      case .empty: break
      }
      cells.append(recorded)
    }
    numbers.append(row.number)
    ends.append(cells.count)
  }

  /// Marks the recording whole: its reader reached the end of the sheet.
  func complete() {
    if !isAbandoned { isComplete = true }
  }

  /// Puts row `index` into `row`, replacing what it held.
  func row(_ index: Int, into row: inout SheetRow) {
    row.cells.removeAll(keepingCapacity: true)
    row.number = numbers[index]
    for cell in cells[(index == 0 ? 0 : ends[index - 1])..<ends[index]] {
      let value: CellValue
      switch Kind(rawValue: cell.kind)! {
      case .number: value = .number(Double(bitPattern: cell.payload))
      case .string: value = .string(texts[Int(cell.payload)])
      case .bool: value = .bool(cell.payload == 1)
      case .error: value = .error(texts[Int(cell.payload)])
      case .empty: value = .empty
      }
      row.cells.append(
        SheetCell(
          reference: CellReference(column: Int(cell.column), row: row.number), value: value,
          format: formats[Int(cell.format)], isFormulaWithoutValue: cell.isFormulaWithoutValue))
    }
  }

  private func text(_ text: String) -> UInt64 {
    texts.append(text)
    return UInt64(texts.count - 1)
  }

  /// The index of `format` in `formats`, added if new; nil past what a cell's field holds.
  @inline(__always)
  private func index(of format: NumberFormat) -> UInt16? {
    // Most cells share the format of the cell before: look from the end.
    if let last = formats.indices.last, formats[last] == format { return UInt16(last) }
    if let found = formats.firstIndex(of: format) { return UInt16(found) }
    guard formats.count <= Int(UInt16.max) else { return nil }
    formats.append(format)
    return UInt16(formats.count - 1)
  }

  private func abandon() {
    isAbandoned = true
    numbers = []
    ends = []
    cells = []
    texts = []
    formats = []
  }
}
