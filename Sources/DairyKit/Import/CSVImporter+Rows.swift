import Foundation

// MARK: - Rows of one file

extension CSVImporter {
  /// The state of reading one file: its layout and where its rows go.
  struct FileRun {
    let reader: CSVReader
    let header: CSVRecord
    let layout: CSVLayout
    let dataset: String
    let metadata: DatasetMetadata?
    var observations = 0
    var missing = 0
    /// The sections (indices into `Run.sections`) this file has rows for.
    var sectionsSeen: Set<Int> = []

    // Wide: the section of each series, and the first row of each year.
    var wideSections: [Int] = []
    var yearRows: [Int64: CSVRecord.Field] = [:]

    // Long: the section of the previous row, recognised by its key bytes.
    var previousKey: [UInt8] = []
    var scratchKey: [UInt8] = []
    var previousSection = -1

    init(
      reader: CSVReader, header: CSVRecord, layout: CSVLayout, dataset: String,
      metadata: DatasetMetadata?
    ) {
      self.reader = reader
      self.header = header
      self.layout = layout
      self.dataset = dataset
      self.metadata = metadata
    }

    mutating func createWideSections<T>(_ series: [CSVLayout.Series], run: inout Run<T>) throws {
      wideSections = try series.map { item in
        try run.section(key: item.key, dataset: dataset, metadata: metadata, underscores: true)
      }
      sectionsSeen = Set(wideSections)
    }

    mutating func process<T>(_ record: CSVRecord, run: inout Run<T>) throws {
      try run.checkWidth(record, expected: header.count, reader)
      switch layout {
      case .wide(let yearColumn, let series):
        let year = try readYear(record, yearColumn, run: run)
        if let first = yearRows[year] {
          throw DairyError.importFailed(
            reader.location(of: record, field: yearColumn),
            "year \(year) appears twice: here and at \(reader.location(of: first))")
        }
        yearRows[year] = record.fields[yearColumn]
        for (position, item) in series.enumerated() {
          try store(
            record, column: item.column, year: year, section: wideSections[position], run: &run)
        }
      case .long(let long):
        let year = try readYear(record, long.year, run: run)
        let section = try longSection(record, long, run: &run)
        try store(record, column: long.value, year: year, section: section, run: &run)
        if let notes = long.notes, record.range(at: notes).count > 0 {
          let text = SectionDraft.collapsingWhitespace(try run.text(record, notes, reader))
          if !text.isEmpty && !run.sections[section].notes.contains(text) {
            run.sections[section].notes.append(text)
          }
        }
        if let unit = long.unit, record.range(at: unit).count > 0 {
          try checkUnit(record, unit, section: section, run: &run)
        }
      }
    }

    // MARK: Values

    private func readYear<T>(_ record: CSVRecord, _ column: Int, run: Run<T>) throws -> Int64 {
      switch record.withField(column, { run.numbers.year($0) }) {
      case .value(let year): return year
      case .missing:
        throw DairyError.importFailed(
          reader.location(of: record, field: column), "the year is missing")
      case .invalid(let message):
        _ = try run.text(record, column, reader)
        throw DairyError.importFailed(reader.location(of: record, field: column), message)
      }
    }

    private mutating func store<T>(
      _ record: CSVRecord, column: Int, year: Int64, section: Int, run: inout Run<T>
    ) throws {
      switch record.withField(column, { run.numbers.amount($0) }) {
      case .missing:
        missing += 1
        run.sections[section].missing += 1
      case .value(let amount, let decimals):
        try run.target.addObservation(section: run.sections[section].id, year: year, amount: amount)
        if decimals > run.sections[section].decimals { run.sections[section].decimals = decimals }
        observations += 1
        run.sections[section].observations += 1
        if year < run.sections[section].firstYear { run.sections[section].firstYear = year }
        if year > run.sections[section].lastYear { run.sections[section].lastYear = year }
      case .invalid(let message):
        _ = try run.text(record, column, reader)
        let name = TextEscaping.visible(try run.text(header, column, reader))
        throw DairyError.importFailed(
          reader.location(of: record, field: column), message + " (column \"\(name)\")")
      }
    }

    // MARK: Long sections

    /// The section of a long row. Consecutive rows of one section are recognised by comparing
    /// bytes, so the common case builds no strings.
    private mutating func longSection<T>(
      _ record: CSVRecord, _ long: CSVLayout.Long, run: inout Run<T>
    ) throws -> Int {
      scratchKey.removeAll(keepingCapacity: true)
      record.bytes.withUnsafeBufferPointer { bytes in
        for column in long.sections {
          scratchKey.append(contentsOf: bytes[record.range(at: column)])
          scratchKey.append(0)
        }
        if let dataset = long.dataset {
          scratchKey.append(contentsOf: bytes[record.range(at: dataset)])
        }
      }
      if previousSection >= 0 && scratchKey == previousKey { return previousSection }
      swap(&scratchKey, &previousKey)

      var parts: [String] = []
      for column in long.sections {
        let part = try run.text(record, column, reader)
        if part.trimmingCharacters(in: .whitespaces).isEmpty {
          let name = TextEscaping.visible(try run.text(header, column, reader))
          throw DairyError.importFailed(
            reader.location(of: record, field: column),
            "the series name (column \"\(name)\") is empty")
        }
        parts.append(part)
      }
      let datasetName = try long.dataset.map { try rowDataset(record, $0, run: run) } ?? dataset
      let key = parts.joined(separator: CSVImporter.keySeparator)
      let index = try run.section(
        key: key, dataset: datasetName, metadata: metadata, underscores: false)
      sectionsSeen.insert(index)
      previousSection = index
      return index
    }

    private func rowDataset<T>(_ record: CSVRecord, _ column: Int, run: Run<T>) throws -> String {
      let name = try run.text(record, column, reader)
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw DairyError.importFailed(
          reader.location(of: record, field: column), "the dataset name is empty")
      }
      return name
    }

    private func checkUnit<T>(_ record: CSVRecord, _ column: Int, section: Int, run: inout Run<T>)
      throws
    {
      let unit = SectionDraft.collapsingWhitespace(try run.text(record, column, reader))
      guard !unit.isEmpty else { return }
      if let (first, place) = run.sections[section].unitFromColumn {
        guard first != unit else { return }
        throw DairyError.importFailed(
          reader.location(of: record, field: column),
          "unit \"\(TextEscaping.visible(unit))\" differs from \"\(TextEscaping.visible(first))\" "
            + "given for this series at \(place)")
      }
      run.sections[section].unitFromColumn = (unit, reader.location(of: record, field: column))
      run.sections[section].unit = unit
    }
  }
}
