import DairyFormats
import DairyModel

/// How the cells of a table map onto sections, years and amounts: one type per layout (wide,
/// long, report), each in its own file, chosen for each table by ``LayoutDetection``.
///
/// A layout reads ``TableRow``s through a ``TableImport``, so it works on the rows of any file
/// type. Adding a layout is one new conforming type and one line in ``LayoutDetection``.
///
/// ```swift
/// var layout = try LayoutDetection.detect(
///   header: columns, sample: rows, options: ImportOptions(), numbers: NumberParser())
/// try layout.start(&table)
/// for row in rows { try layout.read(row, into: &table) }
/// ```
package protocol TableLayout {
  /// Creates the sections the header names, before the first data row (a wide table's series).
  mutating func start(_ table: inout TableImport) throws
  /// Turns one data row into observations, and the notes and units it gives.
  mutating func read(_ row: TableRow, into table: inout TableImport) throws
  /// The cell of `row` that holds the observation `key`, or nil: how the places of a duplicate
  /// are found again, by reading the table once more.
  func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int?
  /// Whether rows may name their own dataset, so that a section's rows may be in any table.
  var routesDatasets: Bool { get }
  /// Whether a row of another width than the table's first is read (a report's ragged lines)
  /// rather than refused with the row's ``TableRow/defect``.
  var readsRaggedRows: Bool { get }
  /// Whether one (section, year) may come from two cells, one of them missing: true but for a
  /// wide table, which refuses a year given twice row by row.
  var mayGiveAYearTwice: Bool { get }
  /// Called after the table's last row, for what only the whole table tells. Returns what the
  /// table says of its dataset (a report's title, source, last update, contact and notes).
  mutating func finish(_ table: inout TableImport) throws -> DatasetFacts
  /// How the layout reads the table, for `dairy inspect`.
  func explanation(_ table: TableImport) -> TableExplanation
}

extension TableLayout {
  package mutating func start(_ table: inout TableImport) throws {}
  package var routesDatasets: Bool { false }
  package var readsRaggedRows: Bool { false }
  package var mayGiveAYearTwice: Bool { true }
  package mutating func finish(_ table: inout TableImport) throws -> DatasetFacts { DatasetFacts() }
}

/// One observation as a duplicate names it: a section of a dataset, and a year.
package struct ObservationKey: Hashable, Sendable {
  /// The section's key.
  package var section: String
  package var dataset: String
  package var year: Int64
  /// The dataset of the table being searched, for rows that do not name their own.
  package var tableDataset: String
}
