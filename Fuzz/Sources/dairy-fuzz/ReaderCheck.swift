@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Everything one reader saw in a file: comparable, so that two read sizes can be told apart.
struct ReaderCheck: Equatable, CustomStringConvertible {
  /// One record, copied out of the reader's reused `TableRow`.
  struct Record: Equatable {
    var bytes: [UInt8]
    var cells: [TableCell]
    /// The column of each cell, as an error would name it.
    var columns: [Int]

    func field(_ index: Int) -> [UInt8] {
      Array(bytes[(index == 0 ? 0 : cells[index - 1].end)..<cells[index].end])
    }
  }

  var records: [Record] = []
  var error: DairyError?
  var sha256: String?

  var description: String {
    "\(records.count) records, error: \(error.map(String.init(describing:)) ?? "none")"
      + ", last: \(records.last.map { String(describing: $0.cells) } ?? "none")"
  }

  /// Reads every record of `path` with `separator`, in `encoding` unless a byte-order mark
  /// says otherwise, checking each one, and the error that stopped it.
  static func read(
    _ path: String, readSize: Int?, separator: CSVSeparator = .comma,
    encoding: TextEncoding = .utf8, maxFieldBytes: Int = 1 << 20
  ) -> ReaderCheck {
    var check = ReaderCheck()
    do {
      let reader = try CSVReader(
        path: path, maxFieldBytes: maxFieldBytes, readSize: readSize ?? CSVReader.chunkSize,
        encoding: encoding)
      reader.separator = separator.byte
      var record = TableRow()
      while try reader.next(into: &record) {
        checkShape(record, after: check.records.last, reader)
        check.records.append(
          Record(
            bytes: record.bytes, cells: record.cells,
            columns: record.cells.map { reader.location(of: $0).column ?? 0 }))
      }
      require(
        reader.bytesRead == reader.totalBytes,
        "read \(reader.bytesRead) of \(reader.totalBytes) bytes")
      check.sha256 = reader.sha256
    } catch let error as DairyError {
      requireLocated(error, "the reader")
      check.error = error
    } catch {
      fatalError("the reader threw something else than a DairyError: \(error)")
    }
    return check
  }

  /// Fields end in order at the end of the bytes, lines grow, and every field has a place.
  private static func checkShape(
    _ record: TableRow, after previous: Record?, _ reader: CSVReader
  ) {
    require(record.count > 0, "a record without fields")
    require(record.cells.last!.end == record.bytes.count, "the last field does not end the bytes")
    var end = 0
    for (index, cell) in record.cells.enumerated() {
      require(cell.end >= end, "field \(index) ends before the one before it")
      require(
        cell.place.line >= 1 && cell.place.offset >= cell.place.lineOffset,
        "field \(index) is misplaced: \(cell)")
      let place = reader.location(of: cell)
      require((place.column ?? 0) >= 1, "field \(index) has no column: \(place)")
      end = cell.end
    }
    if let previous {
      require(
        record.line > previous.cells[0].place.line,
        "record on line \(record.line) is not after the last")
    }
  }
}

/// Errors about a file's contents say where: at least the file, and a line has a column.
func requireLocated(_ error: DairyError, _ thrower: String) {
  require(error.kind == .input, "\(thrower) threw a \(error.kind) error: \(error)")
  guard let location = error.location else {
    fatalError("\(thrower) threw an unlocated error: \(error)")
  }
  if let line = location.line {
    require(line >= 1 && (location.column ?? 1) >= 1, "\(thrower) threw a bad location: \(error)")
  }
}
