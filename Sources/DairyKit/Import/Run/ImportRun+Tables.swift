import Foundation

// MARK: - Files and their tables

extension ImportRun {
  /// Imports every table of the file at `path`.
  mutating func importFile(_ path: String) throws {
    let source = try ImportFormats.format(of: path).init(path: path, options: options)
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    var metadata: DatasetMetadata?? = nil
    var files: [ImportSummary.File] = []
    while let table = try source.nextTable() {
      files.append(
        try importTable(table, of: source, path: path, stem: stem, metadata: &metadata))
    }
    bytesBefore += source.bytesRead
    progress?(bytesBefore, totalBytes)
    let digest = source.sha256
    fingerprint.append(digest)
    for var file in files {
      file.sha256 = digest
      file.bytes = source.bytesRead
      summary.files.append(file)
    }
  }

  /// Reads one table: its header, a sample of rows to detect its layout from, then every row.
  /// `metadata` is the file's, loaded with its first table.
  private mutating func importTable(
    _ table: SourceTable, of source: any TableSource, path: String, stem: String,
    metadata: inout DatasetMetadata??
  ) throws -> ImportSummary.File {
    var header = TableRow()
    guard try source.nextRow(into: &header) else {
      throw DairyError(.input, at: table.location, "the file is empty")
    }
    let names = try header.cells.indices.map { try TableImport.text(header, $0, in: source) }
    // The sample ends early at a row the source cannot use; that row's error is raised in its
    // turn, after those of the rows above it.
    let (sample, defective) = try readSample(source)
    if sample.isEmpty, let defect = defective?.defect { throw defect }
    guard !sample.isEmpty else {
      throw DairyError(
        .input, at: source.location(of: header), "the file has a header but no data rows")
    }
    var layout = try LayoutDetection.detect(
      header: HeaderColumns(names: names, locate: { source.location(of: header.cells[$0]) }),
      sample: sample, options: options, numbers: numbers)
    if metadata == nil { metadata = .some(try self.metadata(for: path)) }
    let dataset = (options.dataset ?? stem) + (table.datasetSuffix ?? "")
    readTables.append(
      ReadTable(
        format: type(of: source), path: path, index: table.index, layout: layout,
        dataset: dataset))
    var reading = TableImport(
      source: source, header: header, names: names, dataset: dataset, metadata: metadata!,
      numbers: numbers, unit: options.unit, book: book)
    defer { book = reading.book }
    try layout.start(&reading)
    for row in sample { try Self.read(row, &layout, &reading) }
    if let defect = defective?.defect { throw defect }
    try readRows(source, &layout, &reading)
    warnAboutUnusedMetadata(reading, path: path)
    return ImportSummary.File(
      path: path, dataset: dataset, sha256: "", rows: reading.rows,
      sections: Set(reading.sectionsSeen.map { reading.book.sections[$0].key }).count,
      observations: reading.observations, missing: reading.missing, bytes: 0)
  }

  /// The first rows of a table, up to the sample size or the first row the source cannot use.
  private func readSample(_ source: any TableSource) throws -> ([TableRow], defective: TableRow?) {
    var sample: [TableRow] = []
    var row = TableRow()
    while sample.count < LayoutDetection.sampleSize, try source.nextRow(into: &row) {
      if row.defect != nil { return (sample, row) }
      sample.append(row)
    }
    return (sample, nil)
  }

  /// The rest of the table's rows: the import's hot loop.
  private func readRows(
    _ source: any TableSource, _ layout: inout any TableLayout, _ table: inout TableImport
  ) throws {
    var row = TableRow()
    while try source.nextRow(into: &row) {
      try Self.read(row, &layout, &table)
      if table.rows & 0x3FFF == 0 { progress?(bytesBefore + source.bytesRead, totalBytes) }
    }
  }

  private static func read(
    _ row: TableRow, _ layout: inout any TableLayout, _ table: inout TableImport
  ) throws {
    if let defect = row.defect { throw defect }
    try layout.read(row, into: &table)
    table.rows += 1
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
        table.book.sections[$0].key.trimmingCharacters(in: .whitespaces)
      })
    for key in metadata.series.keys.sorted()
    where !keys.contains(key.trimmingCharacters(in: .whitespaces)) {
      summary.warnings.append(
        "\(path): the metadata describes \"\(TextEscaping.visible(key))\", which the file does "
          + "not have")
    }
  }
}
