import DairyModel

/// One row of a table as its source read it: the cells in column order, each with its value and
/// its place in the source. Layout detection and the import run read rows; they never know
/// which file type the rows came from.
///
/// The text of every cell lives in one byte array and what is known of each cell in one more, so
/// that reading a row into the same value again allocates nothing once the arrays have grown to
/// the widest row.
///
/// ```swift
/// let source = try CSVSource(path: path)
/// var row = TableRow()
/// while try source.nextTable() != nil {
///   while try source.nextRow(into: &row) { print(row.line, row.string(at: 0) ?? "") }
/// }
/// ```
package struct TableRow: Sendable {
  /// The text of every text (and error) cell, one after another.
  package var bytes: [UInt8] = []
  /// The cells, in column order. A source gives every row of a table the same number of cells
  /// (CSV: a row of another width carries a ``defect``).
  package var cells: [TableCell] = []
  /// The cells that lie in a merged range of a sheet, in column order (rare, so kept aside).
  package var merges: [CellMerge] = []
  /// The text and empty cells whose style aligns them otherwise than `general` (a workbook's
  /// centred captions), in column order; rare, so kept aside.
  package var alignments: [CellAlignment] = []
  /// Whether the source tells how cells are aligned (a workbook does, a CSV file does not).
  package var knowsAlignment = false
  /// Why the source cannot use this row although it could read it (a CSV row wider or narrower
  /// than its header). The import raises it in its turn, after the errors of the rows above.
  package var defect: DairyError? {
    get { defectBox?.error }
    set { defectBox = newValue.map(Defect.init) }
  }
  /// ``defect``, held by reference: a row is moved (swapped) a few times on its way from the
  /// file to the import, and an error held in place made it a struct of about 200 bytes.
  private var defectBox: Defect?

  private final class Defect: Sendable {
    let error: DairyError
    init(_ error: DairyError) { self.error = error }
  }

  package init() {}

  /// The 1-based line (a sheet: the row) on which the row starts.
  package var line: Int { cells.first?.place.line ?? 0 }

  /// The number of cells.
  package var count: Int { cells.count }

  /// The byte range of cell `index`'s text in `bytes`.
  @inline(__always)
  package func range(at index: Int) -> Range<Int> {
    (index == 0 ? 0 : cells[index - 1].end)..<cells[index].end
  }

  /// Calls `body` with the text bytes of cell `index` (empty for a number, a boolean or nothing).
  @inline(__always)
  package func withText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
    -> R
  {
    let range = range(at: index)
    return try bytes.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[range]))
    }
  }

  /// The merged range cell `index` lies in, or nil (a binary search: `merges` is by cell).
  package func merge(at index: Int) -> CellMerge? {
    var (low, high) = (0, merges.count)
    while low < high {
      let middle = (low + high) / 2
      if merges[middle].cell < index { low = middle + 1 } else { high = middle }
    }
    return low < merges.count && merges[low].cell == index ? merges[low] : nil
  }

  /// How cell `index` is aligned, or nil when the source does not say (a CSV file).
  package func alignment(at index: Int) -> HorizontalAlignment? {
    guard knowsAlignment else { return nil }
    var (low, high) = (0, alignments.count)
    while low < high {
      let middle = (low + high) / 2
      if alignments[middle].cell < index { low = middle + 1 } else { high = middle }
    }
    return low < alignments.count && alignments[low].cell == index
      ? alignments[low].horizontal : .general
  }

  /// Adds a cell holding `text`.
  package mutating func append(text: some Collection<UInt8>, at place: CellPlace) {
    bytes.append(contentsOf: text)
    cells.append(TableCell(end: bytes.count, value: .text, place: place))
  }

  /// Adds a typed cell; an error value's code is its `text`.
  package mutating func append(_ value: TableCell.Value, text: [UInt8] = [], at place: CellPlace) {
    bytes.append(contentsOf: text)
    cells.append(TableCell(end: bytes.count, value: value, place: place))
  }

  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    cells.removeAll(keepingCapacity: true)
    if !merges.isEmpty { merges.removeAll(keepingCapacity: true) }
    if !alignments.isEmpty { alignments.removeAll(keepingCapacity: true) }
    knowsAlignment = false
    defectBox = nil
  }
}
