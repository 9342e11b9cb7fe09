import DairyFormats
import DairyModel

// MARK: - Backups: dairy export's JSON, read back

extension ImportRun {
  /// Imports a backup (``BackupReader``): every dataset and section as the export wrote it,
  /// with its key, title, unit, group, notes, display decimals, rows and missing cells, in the
  /// backup's order. Each dataset of the backup replaces the one of that name.
  package mutating func importBackup(_ path: String, head: [UInt8]) throws {
    guard options.dataset == nil, options.metadataPath == nil, options.unit == nil,
      options.title == nil
    else {
      throw DairyError(
        .usage,
        "\(path) is a backup, whose datasets keep their names and fields; import it without "
          + "--dataset, --metadata, --unit or --title")
    }
    try BackupReader.checkEncoding(of: head, file: path)
    let json = try JSONScanner(path: path)
    var backup = BackupImport(path: path)
    try BackupReader(json).read(
      dataset: { dataset in try backup.add(dataset, to: &book, in: json) },
      section: { section in try backup.add(section, to: &book, in: json) })
    explained += backup.explained
    isBackup = true
    bytesBefore += json.bytesRead
    progress?(bytesBefore, totalBytes)
    let digest = json.digest.hexDigest
    fingerprint.append(digest)
    for name in Set(backup.files.map(\.dataset)) {
      datasetDigests[name, default: []].append(digest)
    }
    for var file in backup.files {
      (file.sha256, file.bytes) = (digest, json.bytesRead)
      summary.files.append(file)
    }
  }
}

/// What a backup's import has written so far: its datasets and section keys, each with the
/// place it was first given, to refuse one given twice.
package struct BackupImport {
  package let path: String
  private var datasets: [ExactText: SourceLocation] = [:]
  private var keys: [ExactText: [ExactText: SourceLocation]] = [:]
  package private(set) var files: [ImportSummary.File] = []
  /// The index in `files` of each dataset's line.
  private var fileIndex: [ExactText: Int] = [:]
  /// Each dataset as `dairy inspect` explains it (layout `backup`, a series per section, at the
  /// line where it starts), in the order of `files`.
  package private(set) var explained: [ImportRun.ExplainedTable] = []

  package init(path: String) {
    self.path = path
  }

  package mutating func add(
    _ dataset: BackupReader.Dataset, to book: inout SectionBook, in json: JSONScanner
  ) throws {
    if dataset.name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw json.failure("this dataset's \"name\" is empty", at: dataset.place)
    }
    if let first = datasets[ExactText(dataset.name)] {
      throw json.failure(
        "dataset \(JSONScanner.quoted(dataset.name)) is given twice: here and at \(first)",
        at: dataset.place)
    }
    datasets[ExactText(dataset.name)] = dataset.place
    _ = try book.dataset(dataset.name, metadata: nil, at: { dataset.place })
    book.replaceFacts(of: dataset.name, with: dataset.facts)
    _ = file(dataset.name)
  }

  package mutating func add(
    _ section: BackupReader.Section, to book: inout SectionBook, in json: JSONScanner
  ) throws {
    let dataset = section.dataset!
    if dataset.trimmingCharacters(in: .whitespaces).isEmpty {
      throw json.failure("this section's \"dataset\" is empty", at: section.place)
    }
    let key = ExactText(section.draft.key)
    if let first = keys[ExactText(dataset)]?[key] {
      throw json.failure(
        "section \(JSONScanner.quoted(key.text)) of dataset "
          + "\(JSONScanner.quoted(dataset)) is given twice: here and at \(first)",
        at: section.place)
    }
    keys[ExactText(dataset), default: [:]][key] = section.place
    let index = try book.section(
      section.draft, dataset: dataset, metadata: nil, at: { section.place })
    book.sections[index].fixedDecimals = section.decimals
    for (year, amount) in zip(section.years, section.amounts) {
      try book.add(amount, decimals: 0, year: year, section: index)
    }
    for cell in section.missing {
      try book.addMissing(marker: cell.marker, year: cell.year, section: index)
    }
    for mark in section.marks {
      try book.addMark(marker: mark.marker, year: mark.year, section: index)
    }
    let file = file(dataset)
    explained[file].explanation.series.append(
      TableExplanation.Series(key: section.draft.key, line: section.place.line))
    explained[file].sections.append(index)
    files[file].sections += 1
    files[file].rows += section.years.count
    files[file].observations += section.years.count
    files[file].missing += section.missing.count
  }

  /// The index in `files` of the summary line of `dataset`, added the first time.
  private mutating func file(_ dataset: String) -> Int {
    if let index = fileIndex[ExactText(dataset)] { return index }
    fileIndex[ExactText(dataset)] = files.count
    files.append(
      ImportSummary.File(
        path: path, dataset: dataset, sha256: "", rows: 0, sections: 0, observations: 0,
        missing: 0, bytes: 0))
    explained.append(
      ImportRun.ExplainedTable(
        path: path, dataset: dataset, explanation: TableExplanation(layout: "backup"),
        sections: [], invalidCells: [], invalidCount: 0))
    return files.count - 1
  }
}
