import DairyFormats
import DairyModel

/// A file format `dairy import` reads, and one file of it opened: the seam between file types and
/// the rest of the import.
///
/// A source turns a file into tables of rows of cells, each cell knowing its place. A CSV file is
/// one table; a workbook would be one table per sheet. Layout detection and the import run read
/// only what this protocol gives, so adding a format is one new conforming type and one line in
/// ``ImportFormats/all``.
///
/// ```swift
/// let source = try CSVSource(path: path)
/// var row = TableRow()
/// while let table = try source.nextTable() {
///   while try source.nextRow(into: &row) {
///     print(table.index, source.location(of: row.cells[0]))  // milk.csv:2:1 …
///   }
/// }
/// ```
package protocol TableSource: AnyObject, SendableMetatype {
  /// Whether this format reads the file at `path`, whose first bytes are `head` (at most
  /// ``ImportFormats/headSize``; empty when the file could not be read, so that the format that
  /// opens it says why).
  static func recognises(path: String, head: [UInt8]) -> Bool

  /// Opens the file at `path`, named in messages as given, read as `options` say where they
  /// apply to this format (a CSV file's encoding and separator).
  ///
  /// - Throws: ``DairyError`` when the file cannot be read or is not of this format.
  init(path: String, options: ImportOptions) throws

  /// A new source of the same file, read as `options` say, whose next ``nextTable()`` gives
  /// again the table this one is reading: a second reading of a table (a report's). A format
  /// may share what this one has parsed already (a workbook's parts, its sheet's rows) and read
  /// the bytes it opened, so that a file replaced in between is not mixed with it. By default
  /// the file is opened again, at its start: right for a format of one table; a format of
  /// several tables positions the new source itself.
  func reopened(path: String, options: ImportOptions) throws -> any TableSource

  /// The file as the user named it.
  var displayName: String { get }
  /// How many bytes of the file have been read so far, for progress.
  var bytesRead: Int { get }
  /// The SHA-256 of the file's bytes, complete once every table has been read.
  var sha256: String { get throws }

  /// Moves to the next table and returns it, or nil after the last.
  func nextTable() throws -> SourceTable?
  /// Reads the next row of the current table into `row`, replacing what it held.
  ///
  /// - Returns: false at the end of the table.
  func nextRow(into row: inout TableRow) throws -> Bool

  /// Where `cell` (of the current table) is.
  func location(of cell: TableCell) -> SourceLocation
  /// Where byte `byte` of `cell`'s text is, for an error inside the text (bad UTF-8).
  func location(of cell: TableCell, byte: Int) -> SourceLocation
  /// Where `row` is, for an error about the whole row.
  func location(of row: TableRow) -> SourceLocation

  /// From the next row on, gives rows of any width up to ``TableRow/maxCells`` cells, with no
  /// ``TableRow/defect`` for a width that differs from the first row's: a report's lines are
  /// ragged (a title of one cell, a notes line with no trailing commas). A source whose rows
  /// all have the table's width need not do anything.
  func readRaggedRows()
  /// Tells the source that the rows of its next table are read this once and no more: a source
  /// that keeps a table's rows for another reading (a workbook's recorded sheet) frees them as
  /// they are read.
  func readRowsForTheLastTime()

  /// What the source noticed and read past, once every table has been read: a workbook's
  /// skipped sheets, formulas without a value. The import prints them as warnings.
  var warnings: [String] { get }

  /// Whether the import may read this source's rows on another thread (``RowReadAhead``) while
  /// it asks the source, on its own, where cells are: true when a location depends on nothing
  /// the reading changes. False by default.
  var readsAhead: Bool { get }
}

extension TableSource {
  package func readRaggedRows() {}
  package func readRowsForTheLastTime() {}

  package func reopened(path: String, options: ImportOptions) throws -> any TableSource {
    try Self(path: path, options: options)
  }

  package var warnings: [String] { [] }

  package var readsAhead: Bool { false }
}

extension TableSource {
  /// Opens the file at `path` with the default options.
  package init(path: String) throws {
    try self.init(path: path, options: ImportOptions())
  }
}

/// A table of a source: a CSV file's only one, or a sheet of a workbook.
package struct SourceTable: Hashable, Sendable {
  /// The 0-based position of the table in its file.
  package var index: Int
  /// What the table adds to the file's stem to name its dataset (a workbook: the sheet's name, in
  /// a form the format documents); nil for a file that is one table.
  package var datasetSuffix: String?
  /// Where the table is, for an error about the whole table ("the file is empty").
  package var location: SourceLocation
}
