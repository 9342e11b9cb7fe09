import DairyFormats
import DairyModel

/// One table being imported: what a ``TableLayout`` calls to turn a row's cells into sections,
/// observations, notes and units. It reaches the file only through its ``TableSource``, so the
/// same calls serve every file type.
///
/// ```swift
/// let year = try table.year(row, 0)
/// let section = try table.section(key: "Milk", underscores: true, at: here)
/// try table.store(row, 1, year: year, section: section)
/// ```
package struct TableImport {
  package let source: any TableSource
  /// The header row and its cells as text.
  package let header: TableRow
  package var names: [String]
  /// The dataset the table's rows go to, unless a row names its own.
  package let dataset: String
  package let metadata: DatasetMetadata?
  /// Where the table is (its file, or its sheet), for an error about the table as a whole.
  package var tableLocation: SourceLocation?
  package var numbers: NumberParser
  /// The missing markers the file's legend says mean zero (`-  Represents zero.`,
  /// ``read(legend:)``): such a cell reads as missing (the hot loop asks nothing more), and is
  /// stored as the number 0 with its marker noted. Kept here, not in ``numbers``, which the
  /// hot loop copies.
  package var zeroMarkers: [String] = []
  /// The unit of sections that get none from the metadata.
  package let unit: String?
  /// The frequency of the sections made by key (a plain table's, or its row's): its periods'.
  package var frequency: Frequency = .annual
  /// The import's sections, lent to the table while it is read.
  package var book: SectionBook
  package var rows = 0
  /// The lines (rows) of the first and the last data row read.
  package var firstDataLine = 0
  package var lastDataLine = 0
  package var observations = 0
  package var missing = 0
  /// The sections (indices into `book.sections`) this table has rows for.
  package var sectionsSeen: Set<Int> = []
  /// How each column writes commas in its numbers, so far (see ``CommaStyle``).
  package var commaStyles: [CommaStyle] = []
  /// When not nil, cells that are not numbers are collected here instead of stopping the
  /// import (`dairy inspect` lists them), at most ``maxInvalidCells`` of them.
  package var invalidCells: [DairyError]?
  /// How many cells were not numbers, collected or not.
  package var invalidCount = 0
  package static let maxInvalidCells = 100

  /// The index in `book.sections` of the section keyed `key`, created on first use; `place`
  /// is where it is named, for the error that refuses one too many (``SectionBook``).
  package mutating func section(
    key: String, dataset: String? = nil, underscores: Bool,
    at place: @autoclosure () -> SourceLocation
  ) throws -> Int {
    var draft = SectionFields(
      key: key, title: SectionFields.title(fromKey: key, underscoresAsSpaces: underscores),
      unit: unit)
    draft.frequency = frequency
    return try section(draft, dataset: dataset, at: place())
  }

  /// The index in `book.sections` of the section keyed `key`, titled from `title` (a long
  /// table's values, joined unescaped), created on first use.
  package mutating func section(
    key: String, title: String, dataset: String, at place: @autoclosure () -> SourceLocation
  ) throws -> Int {
    var draft = SectionFields(
      key: key, title: SectionFields.title(fromKey: title, underscoresAsSpaces: false), unit: unit)
    draft.frequency = frequency
    return try section(draft, dataset: dataset, at: place())
  }

  /// The index in `book.sections` of the section `draft` describes, in `dataset` (else the
  /// table's), created on first use.
  package mutating func section(
    _ draft: SectionFields, dataset: String? = nil, at place: @autoclosure () -> SourceLocation
  ) throws -> Int {
    let index = try book.section(
      draft, dataset: dataset ?? self.dataset, metadata: metadata, at: place)
    see(index, at: place)
    return index
  }

  /// Counts section `index` among those the table has rows for; the first time, in a sheet (whose
  /// cells are placed cheaply), keeps where it is named, for its link (``SectionBook/Section``).
  /// A report's series is placed at its row, or at the sheet (``place(of:)``).
  private mutating func see(_ index: Int, at place: () -> SourceLocation) {
    guard sectionsSeen.insert(index).inserted, book.sections[index].place == nil,
      source.location(of: header).sheet != nil
    else { return }
    book.sections[index].place = place()
  }

  /// Stores cell `cell` of `row` as the observation of `section` for `year`, or records it
  /// missing with its marker.
  ///
  /// - Throws: ``DairyError`` at the cell when it is not a number (unless ``invalidCells``
  ///   collects them).
  @inline(__always)
  package mutating func store(_ row: TableRow, _ cell: Int, year: Int64, section: Int) throws {
    guard let amount = row.quickAmount(at: cell, numbers) else {
      try storeText(row, cell, year: year, section: section)
      return
    }
    switch amount {
    case .missing:
      try storeMissing(row, cell, year: year, section: section)
    case .value(let amount, let decimals):
      if decimals != 0 {
        let style = commaStyle(cell)
        if style == .undecided || style == .decimalComma {
          guard try notePoint(row, cell) else { return }
        }
      }
      try book.add(amount, decimals: decimals, year: year, section: section)
      observations += 1
    case .invalid(let cause):
      try storeInvalid(cause, row, cell)
    }
  }

  /// Cell `cell` of `row` as a year.
  ///
  /// - Throws: ``DairyError`` at the cell when it is missing or not a whole number.
  package func year(_ row: TableRow, _ cell: Int) throws -> Int64 {
    switch row.year(at: cell, numbers) {
    case .value(let year): return year
    case .missing: throw DairyError.importFailed(location(row, cell), "the year is missing")
    case .invalid(let cause):
      _ = try text(row, cell)
      throw DairyError.importFailed(location(row, cell), cause.description)
    }
  }

  /// Cell `cell` of `row` as text.
  ///
  /// - Throws: ``DairyError`` at its first byte that is not UTF-8.
  package func text(_ row: TableRow, _ cell: Int) throws -> String {
    try Self.text(row, cell, in: source)
  }

  package static func text(_ row: TableRow, _ cell: Int, in source: any TableSource) throws
    -> String
  {
    if let string = row.string(at: cell) { return string }
    let bad = row.withText(at: cell) { UTF8Validation.firstInvalidByte(in: $0) } ?? 0
    throw DairyError.importFailed(
      source.location(of: row.cells[cell], byte: bad),
      TextEncoding.invalidUTF8Message(Array(row.bytes[row.range(at: cell)])))
  }

  /// Where cell `cell` of `row` is.
  package func location(_ row: TableRow, _ cell: Int) -> SourceLocation {
    source.location(of: row.cells[cell])
  }

  /// The header's name of column `cell`, escaped for a message.
  package func columnName(_ cell: Int) -> String {
    cell < names.count ? TextEscaping.visible(names[cell]) : "\(cell + 1)"
  }
}
