import DairyFormats
import DairyModel

/// The CSV file of a NASS report's tables (`dary_p03_t001.csv`), a source of one table per table
/// number: every line starts with the table's number and a record type (`1,"t",…`: `t` title,
/// `h` header, `u` unit, `d` data, `c` comment, `f` footnote), and a file may hold several
/// tables one after another (``NASSReportLayout`` reads each).
///
/// It is known by its first line (a number, then one of the record types, quoted or not). Its
/// encoding is the options', but a file that is not valid UTF-8 is read as Windows-1252, as NASS
/// writes its reports (the title's dash is byte 0x96): the file is read once first for that, and
/// for its table numbers. A file of one table is one dataset, named by its stem; each table of
/// a file of several is named by the stem and `.t` and its number (`dairy_products.t11`). Rows
/// are ragged: a title line has one text cell, a header line several.
///
/// ```swift
/// let source = try NASSReportSource(path: "dary_p17b_t011.csv")
/// let table = try source.nextTable()  // index 0, no dataset suffix
/// var row = TableRow()
/// _ = try source.nextRow(into: &row)  // 11,"t","Dairy Products: Released …"
/// ```
package final class NASSReportSource: TableSource {
  /// The record types a NASS report line may have.
  package static let recordTypes: Set<String> = ["t", "h", "u", "d", "c", "f"]

  /// Whether `head` starts with a NASS report line (after blank lines, if any): a table number
  /// (1 to 4 digits), a comma, and a record type, quoted or not, then a comma or the line's end;
  /// spaces around the fields are allowed.
  package static func recognises(path: String, head: [UInt8]) -> Bool {
    var bytes = head[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    // Blank lines and spaces before the first line (a file re-saved by hand).
    bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    let space: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
    let digits = bytes.prefix { (0x30...0x39).contains($0) }
    guard (1...4).contains(digits.count) else { return false }
    bytes = bytes.dropFirst(digits.count).drop(while: space)
    guard bytes.first == UInt8(ascii: ",") else { return false }
    bytes = bytes.dropFirst().drop(while: space)
    let quoted = bytes.first == UInt8(ascii: "\"")
    if quoted { bytes = bytes.dropFirst() }
    guard let type = bytes.first, "thudcf".utf8.contains(type | 0x20) else { return false }
    bytes = bytes.dropFirst()
    if quoted {
      guard bytes.first == UInt8(ascii: "\"") else { return false }
      bytes = bytes.dropFirst()
    }
    bytes = bytes.drop(while: space)
    guard let next = bytes.first else { return true }
    return next == UInt8(ascii: ",") || next == 0x0D || next == 0x0A
  }

  package let reader: CSVReader
  /// The source this one reads the file again for, which hashes it.
  private var firstReading: NASSReportSource?
  /// The table numbers, in the order the file gives them.
  package let tableNumbers: [String]
  private let options: ImportOptions
  private let path: String
  /// The table being read, by its position, and its number.
  private var tableIndex = -1
  private var number: String?
  /// The first row of the next table, read past the end of the current one.
  private var pending: TableRow?
  private var started = false

  /// Opens `path`, reading it once for its table numbers and its encoding.
  ///
  /// - Throws: ``DairyError`` when the file cannot be read, cannot be read twice (a pipe), is not
  ///   CSV, or gives a table's lines in two places (`1`, `2`, then `1` again).
  package convenience init(path: String, options: ImportOptions) throws {
    try self.init(path: path, options: options, digesting: true)
  }

  /// Opens `path`; a reading that is not `digesting` leaves hashing the file to another
  /// (``reopened(path:options:)``).
  private init(path: String, options: ImportOptions, digesting: Bool) throws {
    self.path = path
    self.options = options
    guard ImportRun.readsAgain(path) else {
      throw DairyError(
        .input, at: SourceLocation(file: path),
        "is a NASS report file, which dairy reads twice, and this file can be read once (a "
          + "pipe); save it to a file and import that")
    }
    let survey = try Self.survey(path)
    tableNumbers = survey.numbers
    let encoding = survey.validUTF8 ? options.encoding : .windows1252
    reader = try CSVReader(
      path: path, encoding: options.encoding == .utf8 ? encoding : options.encoding)
    reader.isDigesting = digesting
    reader.separator = CSVReader.comma
    reader.maxFields = TableRow.maxCells
    // The tables and the encoding were told from the survey's reading of the file.
    guard reader.readsTheSameFile(as: survey.reader) else { throw reader.changedWhileRead }
  }

  /// The table numbers of the file at `path`, in order, whether its text is valid UTF-8, and
  /// the reader that read it.
  private static func survey(_ path: String) throws -> (
    numbers: [String], validUTF8: Bool, reader: CSVReader
  ) {
    let reader = try CSVReader(path: path)
    reader.isDigesting = false
    reader.maxFields = TableRow.maxCells
    var row = TableRow()
    var numbers: [String] = []
    var seen: Set<String> = []
    var validUTF8 = true
    while try reader.next(into: &row) {
      if validUTF8 {
        validUTF8 = row.cells.indices.allSatisfy {
          !row.isText(at: $0) || row.string(at: $0) != nil
        }
      }
      guard let number = tableNumber(of: row), number != numbers.last else { continue }
      if !seen.insert(number).inserted {
        throw DairyError.importFailed(
          reader.location(of: row.cells[0]),
          "table \(TextEscaping.visible(number)) starts again here, after table "
            + "\(TextEscaping.visible(numbers.last!)); a NASS report file gives each table's "
            + "lines together")
      }
      numbers.append(number)
    }
    return (numbers, validUTF8, reader)
  }

  /// The table number of `row`: its first cell, trimmed; nil when that is empty (the line
  /// continues the table above it).
  package static func tableNumber(of row: TableRow) -> String? {
    guard row.count > 0 else { return nil }
    let text = row.trimmedText(at: 0)
    return text.isEmpty ? nil : text
  }

  package var displayName: String { reader.displayName }
  package var bytesRead: Int { reader.bytesRead }
  package var sha256: String { get throws { try firstReading?.sha256 ?? reader.sha256 } }
  package var encoding: TextEncoding { reader.encoding }

  package func nextTable() throws -> SourceTable? {
    if !started {
      started = true
      var row = TableRow()
      if try reader.next(into: &row) { pending = row }
    } else {
      // The rows of the current table its reader left unread.
      var row = TableRow()
      while try nextRow(into: &row) {}
    }
    guard let first = pending else { return nil }
    tableIndex += 1
    number = Self.tableNumber(of: first)
    let suffix = tableNumbers.count > 1 ? number.map { ".t" + $0 } : nil
    return SourceTable(
      index: tableIndex, datasetSuffix: suffix,
      location: SourceLocation(file: displayName, line: first.line))
  }

  package func nextRow(into row: inout TableRow) throws -> Bool {
    if let waiting = pending {
      guard Self.tableNumber(of: waiting) == number || Self.tableNumber(of: waiting) == nil
      else { return false }
      row = waiting
      pending = nil
      return true
    }
    guard started, try reader.next(into: &row) else { return false }
    if let found = Self.tableNumber(of: row), found != number {
      pending = row
      return false
    }
    return true
  }

  /// A new reading of the file, at the table this one is reading.
  package func reopened(path: String, options: ImportOptions) throws -> any TableSource {
    // The import takes the file's digest from the first reading.
    let again = try NASSReportSource(path: path, options: options, digesting: false)
    guard again.reader.readsTheSameFile(as: reader) else { throw reader.changedWhileRead }
    again.firstReading = self
    for _ in 0..<max(tableIndex, 0) { _ = try again.nextTable() }
    return again
  }

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
