import Foundation

/// Reads CSV files, wide or long, into an ``ImportTarget``, and stops at the first bad byte with
/// the file, line and column.
///
/// ```swift
/// var options = ImportOptions()
/// options.dataset = "usda"
/// let summary = try CSVImporter(options: options).run(files: ["milk.csv"], into: &target)
/// ```
public struct CSVImporter {
  public var options: ImportOptions
  /// Called now and then with (bytes read so far, bytes in all files).
  public var progress: ((Int, Int) -> Void)?

  /// How many records are read ahead to detect the layout.
  static let sampleSize = 100
  /// Separates the values of several section columns in a long file's section key and title.
  public static let keySeparator = " / "

  public init(options: ImportOptions = ImportOptions(), progress: ((Int, Int) -> Void)? = nil) {
    self.options = options
    self.progress = progress
  }

  /// Imports every file into `target`. Throws at the first problem; the caller's transaction is
  /// then expected to roll back, so nothing lands.
  public func run<Target: ImportTarget>(files: [String], into target: inout Target) throws
    -> ImportSummary
  {
    let started = ContinuousClock.now
    var run = Run(options: options, progress: progress, target: target)
    defer { target = run.target }
    run.totalBytes = files.reduce(0) { total, path in
      var info = stat()
      return total + (stat(path, &info) == 0 ? Int(info.st_size) : 0)
    }
    if let path = options.metadataPath {
      let (metadata, digest) = try DatasetMetadata.load(path: path)
      run.explicitMetadata = metadata
      run.fingerprint.append(digest)
    }
    do {
      for path in files {
        try run.importFile(path)
      }
      try run.target.flush()
    } catch let duplicate as DuplicateObservation {
      throw try run.describe(duplicate)
    }
    try run.finishSections()
    var summary = run.summary
    summary.datasets = run.datasetOrder.map { name in
      let sections = run.sections.filter { $0.dataset == name }
      return ImportSummary.Dataset(
        name: name, sections: sections.count,
        observations: sections.reduce(0) { $0 + $1.observations },
        missing: sections.reduce(0) { $0 + $1.missing })
    }
    summary.fingerprint = ([options.fingerprint] + run.fingerprint).joined(separator: "\n")
    summary.seconds = Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000
    return summary
  }
}

// MARK: - One run

extension CSVImporter {
  /// What one section has shown so far.
  struct SectionState {
    var id: Int64
    var dataset: String
    var key: String
    var decimals = 0
    var observations = 0
    var missing = 0
    var firstYear = Int64.max
    var lastYear = Int64.min
    var notes: [String] = []
    var unit: String?
    var unitFromColumn: (String, SourceLocation)?
  }

  /// A file of this run, for finding the two rows of a duplicate.
  struct ReadFile {
    var path: String
    var layout: CSVLayout
    var dataset: String
  }

  struct Run<Target: ImportTarget> {
    let options: ImportOptions
    let progress: ((Int, Int) -> Void)?
    var target: Target
    let numbers: NumberParser
    var explicitMetadata: DatasetMetadata?
    var fingerprint: [String] = []
    var totalBytes = 0
    var bytesBefore = 0
    var summary = ImportSummary()
    var datasetIDs: [String: Int64] = [:]
    var datasetOrder: [String] = []
    var sections: [SectionState] = []
    var sectionIndex: [String: [String: Int]] = [:]
    /// Every file this run has started, the one being read last.
    var readFiles: [ReadFile] = []

    init(options: ImportOptions, progress: ((Int, Int) -> Void)?, target: Target) {
      self.options = options
      self.progress = progress
      self.target = target
      self.numbers = NumberParser(missingMarkers: options.missingMarkers)
    }

    // MARK: Files

    mutating func importFile(_ path: String) throws {
      let reader = try CSVReader(path: path)
      var header = CSVRecord()
      guard try reader.next(into: &header) else {
        throw DairyError(.input, at: SourceLocation(file: path), "the file is empty")
      }
      let names = try (0..<header.count).map { try text(header, $0, reader) }
      // The sample that the layout is detected from ends early at a row of the wrong width; that
      // row's error is raised in its turn, after those of the rows above it.
      var sample: [CSVRecord] = []
      var ragged: CSVRecord?
      var record = CSVRecord()
      while sample.count < CSVImporter.sampleSize, try reader.next(into: &record) {
        guard record.count == header.count else {
          ragged = record
          break
        }
        sample.append(record)
      }
      if sample.isEmpty, let ragged { try checkWidth(ragged, expected: header.count, reader) }
      guard !sample.isEmpty else {
        throw DairyError(
          .input, at: SourceLocation(file: path, line: header.line),
          "the file has a header but no data rows")
      }
      let layout = try CSVLayout.detect(
        header: names, sample: sample, options: options, numbers: numbers,
        locate: { reader.location(of: header, field: $0) })
      let metadata = try metadata(for: path)
      let datasetName =
        options.dataset ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      readFiles.append(ReadFile(path: path, layout: layout, dataset: datasetName))
      var file = FileRun(
        reader: reader, header: header, layout: layout, dataset: datasetName, metadata: metadata)
      if case .wide(_, let series) = layout {
        try file.createWideSections(series, run: &self)
      }
      for row in sample {
        try file.process(row, run: &self)
      }
      if let ragged { try checkWidth(ragged, expected: header.count, reader) }
      var rows = sample.count
      while try reader.next(into: &record) {
        try file.process(record, run: &self)
        rows += 1
        if rows & 0x3FFF == 0 { progress?(bytesBefore + reader.bytesRead, totalBytes) }
      }
      bytesBefore += reader.bytesRead
      progress?(bytesBefore, totalBytes)
      let digest = reader.sha256
      fingerprint.append(digest)
      let keys = Set(file.sectionsSeen.map { sections[$0].key })
      if let metadata {
        let trimmedKeys = Set(keys.map { $0.trimmingCharacters(in: .whitespaces) })
        for key in metadata.series.keys.sorted()
        where !trimmedKeys.contains(key.trimmingCharacters(in: .whitespaces)) {
          summary.warnings.append(
            "\(path): the metadata describes \"\(TextEscaping.visible(key))\", which the file does not have"
          )
        }
      }
      summary.files.append(
        ImportSummary.File(
          path: path, dataset: datasetName, sha256: digest, rows: rows, sections: keys.count,
          observations: file.observations, missing: file.missing, bytes: reader.bytesRead))
    }

    private mutating func metadata(for path: String) throws -> DatasetMetadata? {
      if let explicitMetadata { return explicitMetadata }
      let sidecar = DatasetMetadata.sidecarPath(for: path)
      guard FileManager.default.fileExists(atPath: sidecar) else { return nil }
      let (metadata, digest) = try DatasetMetadata.load(path: sidecar)
      fingerprint.append(digest)
      return metadata
    }

    // MARK: Sections

    mutating func dataset(_ name: String, metadata: DatasetMetadata?) throws -> Int64 {
      if let id = datasetIDs[name] { return id }
      let id = try target.dataset(named: name, metadata: metadata)
      datasetIDs[name] = id
      datasetOrder.append(name)
      return id
    }

    /// The index in `sections` of the section keyed `key` in `datasetName`, created on first use.
    mutating func section(
      key: String, dataset datasetName: String, metadata: DatasetMetadata?, underscores: Bool
    ) throws -> Int {
      if let index = sectionIndex[datasetName]?[key] { return index }
      let datasetID = try dataset(datasetName, metadata: metadata)
      let described = metadata?.series(forKey: key)
      let draft = SectionDraft(
        key: key,
        title: described?.title.map(SectionDraft.collapsingWhitespace)
          ?? SectionDraft.title(fromKey: key, underscoresAsSpaces: underscores),
        unit: described?.unit ?? options.unit, group: described?.group, notes: described?.notes)
      let id = try target.section(draft, in: datasetID)
      var state = SectionState(id: id, dataset: datasetName, key: key)
      state.unit = draft.unit
      if let notes = draft.notes { state.notes = [notes] }
      sections.append(state)
      sectionIndex[datasetName, default: [:]][key] = sections.count - 1
      return sections.count - 1
    }

    mutating func finishSections() throws {
      for state in sections {
        try target.finishSection(
          state.id,
          SectionFacts(
            notes: state.notes.isEmpty ? nil : state.notes.joined(separator: "\n"),
            unit: state.unit,
            decimals: state.decimals, observations: state.observations,
            years: state.observations > 0 ? state.firstYear...state.lastYear : nil))
      }
    }

    // MARK: Fields

    /// Field `index` as text, or an error at its first byte that is not UTF-8.
    func text(_ record: CSVRecord, _ index: Int, _ reader: CSVReader) throws -> String {
      if let string = record.string(at: index) { return string }
      let bad = record.withField(index) { UTF8Validation.firstInvalidByte(in: $0) } ?? 0
      throw DairyError.importFailed(
        reader.location(of: record, field: index, byte: bad),
        "invalid UTF-8; save the file as UTF-8")
    }

    func checkWidth(_ record: CSVRecord, expected: Int, _ reader: CSVReader) throws {
      guard record.count != expected else { return }
      let place = reader.location(
        of: record, field: min(record.count, expected) - (record.count > expected ? 0 : 1))
      throw DairyError.importFailed(
        place,
        "this row has \(record.count) fields but the header has \(expected)"
          + (record.count > expected ? "; quote fields that contain commas" : ""))
    }
  }
}
