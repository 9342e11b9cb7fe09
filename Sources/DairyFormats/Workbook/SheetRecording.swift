import DairyModel

/// A sheet's rows as a reader gave them, kept in 16 bytes a cell, so that reading the sheet
/// again (a report is read twice: once to plan its layout, once through it) replays them rather
/// than inflating and parsing its XML a second time.
///
/// A recording is complete once its reader reached the sheet's end without an error; only then
/// is it replayed. It stops (and frees what it held) past its `maxCells` cells or its
/// `maxTextBytes` bytes of text (``WorkbookLimits``): a larger sheet is parsed again, as memory
/// must stay bounded.
package final class SheetRecording {
  /// One cell: its column, what it holds (its ``Kind`` in the low four bits of `kind`, its
  /// ``HorizontalAlignment`` in the high four), its format (an index into ``formats``) and its
  /// value (a double's bits, a boolean, or an index into ``texts``).
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
  package let part: String
  /// The most cells it holds.
  package let maxCells: Int
  /// The most bytes of text it holds: 16 a text, and its UTF-8.
  package let maxTextBytes: Int
  private var textBytes = 0
  private(set) var isComplete = false
  private(set) var isAbandoned = false
  private var numbers: [Int] = []
  /// Per row, the end of its cells among all the cells.
  private var ends: [Int] = []
  /// The cells, `blockSize` to a block: a recording grows without copying what it holds (an
  /// array growing by doubling would hold half as much again while it grows, and after).
  private var blocks: [[Cell]] = []
  private var cellCount = 0
  /// How many blocks, from the first, are freed.
  private var released = 0
  /// A block holds 2^blockShift cells: 1 MiB.
  private let blockShift: Int
  private let blockSize: Int
  private var texts: [String] = []
  private var formats: [NumberFormat] = []

  /// A recording of the rows of `part`, up to `maxCells` cells and `maxTextBytes` of their
  /// text, kept in blocks of
  /// 2^`blockShift` cells (tests make them small).
  package init(part: String, maxCells: Int, maxTextBytes: Int = 16 << 20, blockShift: Int = 16) {
    self.part = part
    self.maxCells = maxCells
    self.maxTextBytes = maxTextBytes
    self.blockShift = blockShift
    blockSize = 1 << blockShift
  }

  /// How many rows it holds.
  package var rowCount: Int { numbers.count }

  /// Adds the next row the reader gave.
  package func append(_ row: SheetRow) {
    guard !isAbandoned else { return }
    guard cellCount + row.cells.count <= maxCells else { return abandon() }
    for cell in row.cells {
      guard let format = index(of: cell.format) else { return abandon() }
      var recorded = Cell(
        column: Int32(cell.column), kind: Kind.empty.rawValue,
        isFormulaWithoutValue: cell.isFormulaWithoutValue, format: format, payload: 0)
      switch cell.value {
      case .number(let value):
        (recorded.kind, recorded.payload) = (Kind.number.rawValue, value.bitPattern)
      case .string(let string):
        guard let index = text(string) else { return abandon() }
        (recorded.kind, recorded.payload) = (Kind.string.rawValue, index)
      case .bool(let value): (recorded.kind, recorded.payload) = (Kind.bool.rawValue, value ? 1 : 0)
      case .error(let code):
        guard let index = text(code) else { return abandon() }
        (recorded.kind, recorded.payload) = (Kind.error.rawValue, index)
      case .empty: break
      }
      recorded.kind |= cell.alignment.rawValue << 4
      if cellCount & (blockSize - 1) == 0 {
        blocks.append([])
        blocks[blocks.count - 1].reserveCapacity(blockSize)
      }
      blocks[blocks.count - 1].append(recorded)
      cellCount += 1
    }
    numbers.append(row.number)
    ends.append(cellCount)
  }

  /// Marks the recording whole: its reader reached the end of the sheet.
  package func complete() {
    if !isAbandoned { isComplete = true }
  }

  /// Puts row `index` into `row`, replacing what it held; with `releasing`, frees the blocks
  /// of cells of the rows up to it (they are not read again: the recording is replayed no
  /// more).
  package func row(_ index: Int, into row: inout SheetRow, releasing: Bool = false) {
    row.cells.removeAll(keepingCapacity: true)
    row.number = numbers[index]
    var position = index == 0 ? 0 : ends[index - 1]
    let end = ends[index]
    while position < end {
      let offset = position & (blockSize - 1)
      let count = min(end - position, blockSize - offset)
      blocks[position >> blockShift].withUnsafeBufferPointer { cells in
        for cell in cells[offset..<offset + count] { append(cell, to: &row) }
      }
      position += count
    }
    if releasing { release(upTo: end) }
  }

  /// Frees the blocks whose every cell is before `end`, giving their memory back at once: the
  /// observations the rows become take its place.
  private func release(upTo end: Int) {
    let whole = end >> blockShift
    guard whole > released else { return }
    isComplete = false
    while released < whole {
      blocks[released] = []
      released += 1
    }
    FreedMemory.giveBack()
  }

  @inline(__always)
  private func append(_ cell: Cell, to row: inout SheetRow) {
    let value: CellValue
    switch Kind(rawValue: cell.kind & 0x0F)! {
    case .number: value = .number(Double(bitPattern: cell.payload))
    case .string: value = .string(texts[Int(cell.payload)])
    case .bool: value = .bool(cell.payload == 1)
    case .error: value = .error(texts[Int(cell.payload)])
    case .empty: value = .empty
    }
    row.cells.append(
      SheetCell(
        reference: CellReference(column: Int(cell.column), row: row.number), value: value,
        format: formats[Int(cell.format)], isFormulaWithoutValue: cell.isFormulaWithoutValue,
        alignment: HorizontalAlignment(rawValue: cell.kind >> 4) ?? .general))
  }

  /// The index of `text`, added; nil past ``maxTextBytes``.
  private func text(_ text: String) -> UInt64? {
    textBytes += 16 + text.utf8.count
    guard textBytes <= maxTextBytes else { return nil }
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
    blocks = []
    cellCount = 0
    texts = []
    textBytes = 0
    formats = []
  }
}
