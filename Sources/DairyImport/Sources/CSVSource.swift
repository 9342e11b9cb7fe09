import DairyFormats
import DairyModel

/// A CSV file as a source of one table, whose first record is its header.
///
/// The file's separator (comma, semicolon or tab) is detected from its first lines, unless the
/// options name it, and its encoding is the options' unless a byte-order mark says otherwise:
/// ``separator`` and ``encoding`` say what it is read with. Every cell is text (UTF-8, whatever
/// the file's encoding). A record of another width than the header's is a row with a
/// ``TableRow/defect``, raised in its turn; one with more fields is cut after the first field too
/// many, so that an over-wide record costs no memory however wide it is. Once asked to read
/// ragged rows (a report), it cuts rows after ``TableRow/maxCells`` cells only (or the first
/// row's width, if more), and flags none.
///
/// ```swift
/// let source = try CSVSource(path: path)  // Year,Milk\n1975,247\n
/// _ = try source.nextTable()
/// var row = TableRow()
/// _ = try source.nextRow(into: &row)  // the header
/// _ = try source.nextRow(into: &row)
/// print(source.location(of: row.cells[1]))  // milk.csv:2:6
/// ```
package final class CSVSource: TableSource {
  /// CSV takes any file: it is the format of last resort, tried after all the others.
  package static func recognises(path: String, head: [UInt8]) -> Bool { true }

  package let reader: CSVReader
  private var startedTable = false
  /// The header's width, once the header is read.
  private var width: Int?
  /// Whether rows of another width than the first are read as they are (a report's).
  private var ragged = false
  /// The source this one reads the file again for, which hashes it.
  private var firstReading: CSVSource?

  /// Opens `path` in the options' encoding, and reads its first lines for its separator unless
  /// the options name it.
  package convenience init(path: String, options: ImportOptions) throws {
    try self.init(
      reader: CSVReader(path: path, encoding: options.encoding), separator: options.separator)
  }

  /// A source over `reader`, which has not read anything yet, with the `separator` given, or
  /// else detected from the file's first lines.
  package init(reader: CSVReader, separator: CSVSeparator?) throws {
    self.reader = reader
    reader.separator = try (separator ?? CSVSeparator.detect(reader)).byte
  }

  /// A source over `reader`, which has not read anything yet, read with the reader's separator
  /// (a comma unless set): tests give it small limits.
  package init(reader: CSVReader) {
    self.reader = reader
  }

  /// The separator the file is read with.
  package var separator: CSVSeparator {
    CSVSeparator.allCases.first { $0.byte == reader.separator } ?? .comma
  }

  /// The encoding the file is read in (known once the first bytes are read: a byte-order mark
  /// decides over the options).
  package var encoding: TextEncoding { reader.encoding }

  package var displayName: String { reader.displayName }
  package var bytesRead: Int { reader.bytesRead }
  package var sha256: String { get throws { try firstReading?.sha256 ?? reader.sha256 } }

  /// A new reading of the file, which leaves hashing it to this one (a report is read twice:
  /// hashing it twice cost a fifth of its import's instructions).
  package func reopened(path: String, options: ImportOptions) throws -> any TableSource {
    // Not digesting from its first read on: its separator is detected from the file's head.
    let reader = try CSVReader(path: path, encoding: options.encoding)
    reader.isDigesting = false
    // The digest is this reading's: the rows the import keeps must come from the same file.
    guard reader.readsTheSameFile(as: self.reader) else { throw self.reader.changedWhileRead }
    let again = try CSVSource(reader: reader, separator: options.separator)
    again.firstReading = self
    return again
  }

  package func nextTable() throws -> SourceTable? {
    guard !startedTable else { return nil }
    startedTable = true
    return SourceTable(index: 0, datasetSuffix: nil, location: SourceLocation(file: displayName))
  }

  package func nextRow(into row: inout TableRow) throws -> Bool {
    guard try reader.next(into: &row) else { return false }
    guard let width else {
      width = row.count
      reader.maxFields = ragged ? max(row.count, TableRow.maxCells) : row.count
      return true
    }
    if row.count != width && !ragged { row.defect = widthDefect(row, header: width) }
    return true
  }

  package func readRaggedRows() {
    ragged = true
    reader.maxFields = max(width ?? 0, TableRow.maxCells)
  }

  /// The error for a row whose width is not the header's: at the first field too many, or at
  /// the last field of a short row.
  private func widthDefect(_ row: TableRow, header: Int) -> DairyError {
    let fields = reader.fieldCount
    let cell = fields > header ? row.cells[header] : row.cells[row.count - 1]
    let counted = reader.fieldCountIsExact ? "\(fields)" : "more than \(fields)"
    return DairyError.importFailed(
      reader.location(of: cell),
      "this row has \(counted) fields but the header has \(header)"
        + (fields > header ? "; quote fields that contain \(separator.plural)" : ""))
  }

  /// A location reads the file again with `pread`; a transcoded file's also reads the
  /// checkpoints its reading adds to, so it is not read ahead, nor is a file whose first bytes
  /// (and so its encoding) are not read yet. Nor is a pipe: the reading thread could wait on it
  /// for a row long after the import has failed, and the error would wait with it.
  package var readsAhead: Bool { reader.hasStarted && !reader.transcodes && reader.isRegularFile }

  package func location(of cell: TableCell) -> SourceLocation {
    reader.location(of: cell)
  }

  package func location(of cell: TableCell, byte: Int) -> SourceLocation {
    reader.location(of: cell, byte: byte)
  }

  package func location(of row: TableRow) -> SourceLocation {
    SourceLocation(file: displayName, line: row.line)
  }
}
