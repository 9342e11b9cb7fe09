import DairyFormats
import DairyModel

// MARK: - Report tables: read twice

extension ImportRun {
  /// Imports a table read as a report. A ``ReportSurvey`` reads it first, from its first rows on
  /// through the rest of `source` (so that the source's digest covers it); then the table is
  /// read again from a new source, through the ``ReportLayout`` the survey planned. A problem the
  /// survey found is raised when the second reading reaches its row, after the problems of the
  /// rows above it.
  package mutating func importReport(
    _ table: SourceTable, head: ReportHead, of source: any TableSource, path: String,
    dataset: String, metadata: DatasetMetadata?
  ) throws -> ImportSummary.File {
    var survey = ReportSurvey(options: options, numbers: numbers, locate: source.location(of:))
    // The first rows again, whole (the source cut them to the width of the first), then the
    // rest from `source`. A read error ends the survey; the second reading meets it again, in
    // its turn.
    let whole = try reopen(table, of: source, path: path)
    var row = TableRow()
    var count = 0
    while count < head.rows, (try? whole.nextRow(into: &row)) == true {
      survey.add(row)
      count += 1
    }
    if head.failure == nil {
      source.readRaggedRows()
      do {
        while try source.nextRow(into: &row) { survey.add(row) }
      } catch {
        survey.interrupted = true
      }
    } else {
      survey.interrupted = true
    }
    let again = try reopen(table, of: source, path: path, lastReading: true)
    let layout = ReportLayout(plan: survey.finish())
    // The first reading's rows are freed: the second one's observations take their place.
    FreedMemory.giveBack()
    return try readLaidOut(
      layout, from: again, as: type(of: source), table: table, path: path, dataset: dataset,
      metadata: metadata, firstDataLine: head.firstLine)
  }

  /// Reads `table` through a layout decided before its rows (a report's plan, a NASS table's):
  /// `head`'s rows first (then what ended them, if anything), then the rest of `source`, and
  /// finishes it. The table is recorded as of `format`, the file's source.
  package mutating func readLaidOut(
    _ layout: any TableLayout, from source: any TableSource, as format: any TableSource.Type,
    head: Head = Head(), table: SourceTable, path: String, dataset: String,
    metadata: DatasetMetadata?, firstDataLine: Int?
  ) throws -> ImportSummary.File {
    var layout = layout
    readTables.append(
      ReadTable(format: format, path: path, index: table.index, layout: layout, dataset: dataset))
    defer { readTables[readTables.count - 1].layout = layout }
    var reading = TableImport(
      source: source, header: TableRow(), names: [], dataset: dataset, metadata: metadata,
      numbers: numbers, unit: options.unit, book: lendBook())
    reading.invalidCells = lenient ? [] : nil
    reading.tableLocation = table.location
    defer { book = reading.book }
    try layout.start(&reading)
    for row in head.rows { try Self.read(row, &layout, &reading) }
    if let failure = head.failure { throw failure }
    try readRows(source, &layout, &reading)
    if let firstDataLine { reading.firstDataLine = firstDataLine }
    return try finishTable(&reading, &layout, table: table, path: path)
  }

  /// A new source of the same file, at `table` (the one `source` is reading), reading ragged
  /// rows; for the `lastReading` of the table's rows, freeing them as they are read.
  private func reopen(
    _ table: SourceTable, of source: any TableSource, path: String, lastReading: Bool = false
  ) throws -> any TableSource {
    guard source is XLSXSource || Self.readsAgain(path) else {
      throw DairyError(
        .input, at: table.location,
        "is a report table, which dairy reads twice, and this file can be read once (a pipe); "
          + "save it to a file and import that")
    }
    let again = try source.reopened(path: path, options: options)
    again.readRaggedRows()
    if lastReading { again.readRowsForTheLastTime() }
    guard try again.nextTable()?.index == table.index else {
      throw DairyError(.input, at: table.location, "the file changed while it was read")
    }
    return again
  }
}
