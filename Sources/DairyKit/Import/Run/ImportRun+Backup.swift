// MARK: - Backups: dairy export's JSON, read back

extension ImportRun {
  /// Imports a backup (``BackupReader``): every dataset and section as the export wrote it,
  /// with its key, title, unit, group, notes, display decimals, rows and missing cells, in the
  /// backup's order. Each dataset of the backup replaces the one of that name.
  mutating func importBackup(_ path: String) throws {
    guard options.dataset == nil, options.metadataPath == nil, options.unit == nil,
      options.title == nil
    else {
      throw DairyError(
        .usage,
        "\(path) is a backup, whose datasets keep their names and fields; import it without "
          + "--dataset, --metadata, --unit or --title")
    }
    let json = try JSONScanner(path: path)
    var backup = BackupImport(path: path)
    try BackupReader(json).read(
      dataset: { dataset in try backup.add(dataset, to: &book, in: json) },
      section: { section in try backup.add(section, to: &book, in: json) })
    bytesBefore += json.bytesRead
    progress?(bytesBefore, totalBytes)
    let digest = json.digest.hexDigest
    fingerprint.append(digest)
    for var file in backup.files {
      (file.sha256, file.bytes) = (digest, json.bytesRead)
      summary.files.append(file)
    }
  }
}

/// What a backup's import has written so far: its datasets and section keys, each with the
/// place it was first given, to refuse one given twice.
struct BackupImport {
  let path: String
  private var datasets: [ExactText: SourceLocation] = [:]
  private var keys: [ExactText: [ExactText: SourceLocation]] = [:]
  private(set) var files: [ImportSummary.File] = []
  /// The index in `files` of each dataset's line.
  private var fileIndex: [ExactText: Int] = [:]

  init(path: String) {
    self.path = path
  }

  mutating func add(
    _ dataset: BackupReader.Dataset, to book: inout SectionBook, in json: JSONScanner
  ) throws {
    if dataset.name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw json.failure("this dataset's \"name\" is empty", at: dataset.place)
    }
    if let first = datasets[ExactText(dataset.name)] {
      throw json.failure(
        "dataset \"\(TextEscaping.visible(dataset.name))\" is given twice: here and at \(first)",
        at: dataset.place)
    }
    datasets[ExactText(dataset.name)] = dataset.place
    _ = try book.dataset(dataset.name, metadata: nil, at: { dataset.place })
    book.replaceFacts(of: dataset.name, with: dataset.facts)
    _ = file(dataset.name)
  }

  mutating func add(
    _ section: BackupReader.Section, to book: inout SectionBook, in json: JSONScanner
  ) throws {
    let dataset = section.dataset!
    if dataset.trimmingCharacters(in: .whitespaces).isEmpty {
      throw json.failure("this section's \"dataset\" is empty", at: section.place)
    }
    let key = ExactText(section.draft.key)
    if let first = keys[ExactText(dataset)]?[key] {
      throw json.failure(
        "section \"\(TextEscaping.visible(key.text))\" of dataset "
          + "\"\(TextEscaping.visible(dataset))\" is given twice: here and at \(first)",
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
    let file = file(dataset)
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
    return files.count - 1
  }
}
