import DairyFormats
import DairyModel
import Foundation

// MARK: - Files and their tables

extension ImportRun {
  /// Imports every table of the file at `path`.
  package mutating func importFile(_ path: String) throws {
    let head = ImportFormats.head(of: path)
    if BackupReader.recognises(head: head) {
      try importBackup(path, head: head)
      return
    }
    let source = try ImportFormats.format(of: path, head: head).init(path: path, options: options)
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    var metadata: DatasetMetadata?? = nil
    var files: [ImportSummary.File] = []
    var skipped: [DairyError] = []
    let (digestsBefore, datasetsBefore) = (fingerprint.count, Set(book.datasetOrder))
    while let table = try nextTable(of: source, imported: !files.isEmpty, skipped: &skipped) {
      let read = { (run: inout ImportRun) in
        do {
          return try run.importTable(
            table, of: source, path: path, stem: stem, metadata: &metadata)
        } catch var error as DairyError where error.kind == .input && error.location == nil {
          // A problem with the table that no row points at (a report of blank rows) still
          // names its file, and sheet.
          error.location = table.location
          throw error
        }
      }
      if !skipsUnreadable(table) {
        files.append(try read(&self))
      } else if let file = try importSkipping(table, skipped: &skipped, read) {
        files.append(file)
      }
    }
    if files.isEmpty, !skipped.isEmpty { throw Self.refusal(skipped) }
    summary.skippedSheets += skipped
    let warnings = source.warnings + Self.warnings(skipping: skipped, in: path)
    summary.warnings += warnings
    fileWarnings += warnings
    bytesBefore += source.bytesRead
    progress?(bytesBefore, totalBytes)
    // The digest may still be reading the file (at idle priority, ``BackgroundDigest``): the
    // last observations are written meanwhile.
    try book.target.startWriting()
    let digest = try source.sha256
    fingerprint.append(digest)
    // The datasets this file wrote: those its tables name, and those it made (a dataset column).
    let own = Array(fingerprint[digestsBefore...])
    var wrote = Set(files.map(\.dataset))
    wrote.formUnion(book.datasetOrder.filter { !datasetsBefore.contains($0) })
    for name in wrote { datasetDigests[name, default: []] += own }
    for var file in files {
      file.sha256 = digest
      file.bytes = source.bytesRead
      summary.files.append(file)
    }
  }

  /// Reads one table: its first rows, to tell its layout from, then every row through the
  /// layout. `metadata` is the file's, loaded with its first table.
  private mutating func importTable(
    _ table: SourceTable, of source: any TableSource, path: String, stem: String,
    metadata: inout DatasetMetadata??
  ) throws -> ImportSummary.File {
    var head = readHead(source)
    guard !head.rows.isEmpty else {
      throw head.failure ?? DairyError(.input, at: table.location, "the file is empty")
    }
    let dataset = (options.dataset ?? stem) + (table.datasetSuffix ?? "")
    if dataset.trimmingCharacters(in: .whitespaces).isEmpty {
      throw DairyError(
        .input, at: table.location, "the dataset name is empty; name it with --dataset")
    }
    if try Self.readsAsNASSReport(head.rows, options: options) {
      if metadata == nil { metadata = .some(try self.metadata(for: path)) }
      return try importNASSReport(
        table, head: head, of: source, path: path, dataset: dataset, metadata: metadata!)
    }
    if try LayoutDetection.readsAsReport(head.rows, options: options, numbers: numbers) {
      if metadata == nil { metadata = .some(try self.metadata(for: path)) }
      // The survey reads the first rows again, whole: they are not kept through the import.
      let sampled = ReportHead(head)
      head = Head()
      return try importReport(
        table, head: sampled, of: source, path: path, dataset: dataset, metadata: metadata!)
    }
    var reading = try startPlainTable(
      table, head: head, of: source, path: path, dataset: dataset, metadata: &metadata)
    defer { book = reading.book }
    var layout = readTables[readTables.count - 1].layout
    defer { readTables[readTables.count - 1].layout = layout }
    // A pipe gives its bytes once: its table is read in one pass, by its first rows' rules.
    if var long = layout as? LongLayout, long.surveys, Self.readsAgain(path) {
      try survey(&long, table, header: head.rows[0], of: source, path: path, reading)
      layout = long
    }
    try layout.start(&reading)
    for row in head.rows.dropFirst() { try Self.read(row, &layout, &reading) }
    if let failure = head.failure { throw failure }
    // Read: not kept through the rest of the import (a wide table's first rows are megabytes,
    // which the observations then need).
    head = Head()
    FreedMemory.giveBack()
    try readRows(source, &layout, &reading)
    return try finishTable(&reading, &layout, table: table, path: path)
  }

  /// Whether the file at `path` can be read again from its start: a regular file (a pipe, a
  /// terminal or `/dev/stdin` gives its bytes once).
  package static func readsAgain(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Reads the whole of a long table once before importing it, for what only all its rows tell
  /// of its columns (``LongColumns``): a new source of the same file, from its header on.
  private func survey(
    _ layout: inout LongLayout, _ table: SourceTable, header: TableRow,
    of source: any TableSource, path: String, _ reading: TableImport
  ) throws {
    let whole = try source.reopened(path: path, options: options)
    guard try whole.nextTable()?.index == table.index else {
      throw DairyError(.input, at: table.location, "the file changed while it was read")
    }
    let columns = ([layout.year, layout.unit].compactMap { $0 } + layout.sections).sorted()
    var survey = LongColumnSurvey(columns: columns)
    var row = TableRow()
    // A read error is met again by the import itself, in its turn.
    while (try? whole.nextRow(into: &row)) == true {
      if row.line > header.line { survey.add(row) }
    }
    let names = reading.names
    layout.settle(
      survey,
      header: HeaderColumns(
        names: names, locate: { source.location(of: header.cells[min($0, header.count - 1)]) }))
  }

  /// A plain table's header and layout, detected as before reports existed: row 1 is the header,
  /// the rows after it up to the first that the source cannot use are the sample.
  private mutating func startPlainTable(
    _ table: SourceTable, head: Head, of source: any TableSource, path: String, dataset: String,
    metadata: inout DatasetMetadata??
  ) throws -> TableImport {
    let header = head.rows[0]
    let names = try header.cells.indices.map { try TableImport.text(header, $0, in: source) }
    let defective = head.rows.dropFirst().firstIndex { $0.defect != nil }
    let sample = Array(head.rows[1..<(defective ?? head.rows.count)])
    // A read error before any row the source cannot use came while reading the sample.
    if defective == nil, let failure = head.failure { throw failure }
    if sample.isEmpty, let defective { throw head.rows[defective].defect! }
    guard !sample.isEmpty else {
      throw DairyError(
        .input, at: source.location(of: header), "the file has a header but no data rows")
    }
    let layout = try LayoutDetection.detect(
      header: HeaderColumns(
        names: names, locate: { source.location(of: header.cells[$0]) },
        locateCell: source.location(of:)),
      sample: sample, options: options, numbers: numbers)
    if metadata == nil { metadata = .some(try self.metadata(for: path)) }
    readTables.append(
      ReadTable(
        format: type(of: source), path: path, index: table.index, layout: layout,
        dataset: dataset))
    var reading = TableImport(
      source: source, header: header, names: names, dataset: dataset, metadata: metadata!,
      numbers: numbers, unit: options.unit, book: lendBook())
    reading.invalidCells = lenient ? [] : nil
    reading.firstDataLine = sample[0].line
    return reading
  }

  /// What `table` said of its dataset, its warnings, and its line in the summary.
  package mutating func finishTable(
    _ reading: inout TableImport, _ layout: inout any TableLayout, table: SourceTable,
    path: String
  ) throws -> ImportSummary.File {
    // What the file says, under what its sidecar says, under what the command line says.
    var facts = try layout.finish(&reading).replacing(with: reading.metadata?.facts ?? .init())
    facts.title = options.title ?? facts.title
    try reading.book.describe(dataset: reading.dataset, facts)
    warnAboutUnusedMetadata(reading, path: path)
    let explanation = layout.explanation(reading)
    summary.warnings += explanation.warnings.map(\.description)
    explained.append(
      ExplainedTable(
        path: path, sheet: table.location.sheet, dataset: reading.dataset,
        explanation: explanation,
        sections: reading.sectionsSeen.sorted(), invalidCells: reading.invalidCells ?? [],
        invalidCount: reading.invalidCount))
    return ImportSummary.File(
      path: path, dataset: reading.dataset, sha256: "", rows: reading.rows,
      sections: Set(reading.sectionsSeen.map { reading.book.sections[$0].fields.key }).count,
      observations: reading.observations, missing: reading.missing, bytes: 0)
  }

  /// The first rows of a table: up to the sample size after the first, or as many as hold
  /// ``headCells`` cells; rows the source cannot use are kept, for their turn. A read error ends
  /// them, and is raised in its turn too.
  private func readHead(_ source: any TableSource) -> Head {
    var head = Head()
    var row = TableRow()
    var cells = 0
    do {
      while head.rows.count <= LayoutDetection.sampleSize, cells < Self.headCells,
        try source.nextRow(into: &row)
      {
        head.rows.append(row)
        cells += row.count
      }
    } catch {
      head.failure = error
    }
    return head
  }

  /// The most cells the first rows of a table hold, so that a few very wide rows cannot take
  /// more memory than a sample of ordinary ones.
  package static let headCells = 1 << 18

  /// The rest of the table's rows: the import's hot loop. A source that allows it is read on
  /// a thread of its own, a few batches ahead (``RowReadAhead``).
  package func readRows(
    _ source: any TableSource, _ layout: inout any TableLayout, _ table: inout TableImport
  ) throws {
    guard source.readsAhead else {
      var row = TableRow()
      while try source.nextRow(into: &row) {
        try Self.read(row, &layout, &table)
        if table.rows & 0x3FFF == 0 { progress?(bytesBefore + source.bytesRead, totalBytes) }
      }
      return
    }
    let rows = RowReadAhead(source)
    defer { rows.stop() }
    var row = TableRow()
    while var batch = try rows.next() {
      for index in 0..<batch.count {
        swap(&row, &batch.rows[index])
        try Self.read(row, &layout, &table)
        swap(&row, &batch.rows[index])
        if table.rows & 0x3FFF == 0 { progress?(bytesBefore + batch.bytesRead, totalBytes) }
      }
      rows.recycle(&batch)
    }
  }

  package static func read(
    _ row: TableRow, _ layout: inout any TableLayout, _ table: inout TableImport
  ) throws {
    if let defect = row.defect, !layout.readsRaggedRows { throw defect }
    try layout.read(row, into: &table)
    table.rows += 1
    table.lastDataLine = row.line
  }

  private mutating func metadata(for path: String) throws -> DatasetMetadata? {
    if let explicitMetadata { return explicitMetadata }
    let sidecar = DatasetMetadata.sidecarPath(for: path)
    guard FileManager.default.fileExists(atPath: sidecar) else { return nil }
    let (metadata, digest) = try DatasetMetadata.load(path: sidecar)
    fingerprint.append(digest)
    return metadata
  }

  /// A warning for each series the metadata describes and the table does not have.
  private mutating func warnAboutUnusedMetadata(_ table: TableImport, path: String) {
    guard let metadata = table.metadata else { return }
    let keys = Set(
      table.sectionsSeen.map {
        table.book.sections[$0].fields.key.trimmingCharacters(in: .whitespaces)
      })
    let unused = metadata.series.keys.filter {
      !keys.contains($0.trimmingCharacters(in: .whitespaces))
    }
    var warnings = unused.sorted().prefix(Self.unusedMetadataNamed).map { key in
      "\(path): the metadata describes \"\(TextEscaping.visible(key))\", which the file does "
        + "not have"
    }
    if unused.count > Self.unusedMetadataNamed {
      let more = unused.count - Self.unusedMetadataNamed
      warnings.append(
        "\(path): the metadata describes \(Grouping.digits(more)) more series, which the file "
          + "does not have")
    }
    summary.warnings += warnings
    fileWarnings += warnings
  }

  /// How many series the metadata describes and a table lacks are named, each on its line; the
  /// rest are counted on one, so that a large sidecar beside a small table (or beside each
  /// sheet of a workbook) does not bury the output.
  package static let unusedMetadataNamed = 10

  /// The book, moved out for a table to write to until it is handed back (`defer { book =
  /// reading.book }`): a copy would share its storage with the run's, and the table's first
  /// write would copy every dictionary of it and of its target, so that n tables cost n².
  package mutating func lendBook() -> SectionBook {
    var lent = SectionBook(target: RecordingTarget())
    swap(&lent, &book)
    return lent
  }
}
