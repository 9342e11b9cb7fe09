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
    var rows = 0
    var observations = 0
    var missing = 0
    var keysByID: [Int64: String] = [:]

    // Wide: the section (index into `Run.sections`) of each series, and the rows seen per year.
    var wideSections: [Int] = []
    var yearRows: [Int64: (line: Int, lineOffset: Int, offset: Int)] = [:]

    // Long: the section of the previous row, recognised by its key bytes.
    var previousKey: [UInt8] = []
    var scratchKey: [UInt8] = []
    var previousSection = -1

    init(reader: CSVReader, header: CSVRecord, layout: CSVLayout, dataset: String, metadata: DatasetMetadata?) {
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
      for index in wideSections { keysByID[run.sections[index].id] = run.sections[index].key }
    }

    mutating func process<T>(_ record: CSVRecord, run: inout Run<T>) throws {
      try run.checkWidth(record, expected: header.count, reader)
      switch layout {
      case .wide(let yearColumn, let series):
        let year = try readYear(record, yearColumn, run: run)
        if let first = yearRows[year] {
          let firstPlace = SourceLocation(
            file: reader.displayName, line: first.line,
            column: reader.column(lineOffset: first.lineOffset, offset: first.offset))
          throw DairyError.importFailed(
            reader.location(of: record, field: yearColumn),
            "year \(year) appears twice: here and at \(firstPlace)")
        }
        yearRows[year] = (
          record.fieldLines[yearColumn], record.lineOffsets[yearColumn], record.fieldOffsets[yearColumn]
        )
        for (position, item) in series.enumerated() {
          try store(record, column: item.column, year: year, section: wideSections[position], run: &run)
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
        throw DairyError.importFailed(reader.location(of: record, field: column), "the year is missing")
      case .invalid(let message):
        try rejectInvalidUTF8(record, column, run: run)
        throw DairyError.importFailed(reader.location(of: record, field: column), message)
      }
    }

    private mutating func store<T>(
      _ record: CSVRecord, column: Int, year: Int64, section: Int, run: inout Run<T>
    ) throws {
      switch record.withField(column, { run.numbers.amount($0) }) {
      case .missing:
        missing += 1
        run.datasetStats[run.sections[section].dataset]!.missing += 1
      case .value(let amount, let decimals):
        let id = run.sections[section].id
        guard try run.target.addObservation(section: id, year: year, amount: amount) else {
          throw try duplicate(record, column: column, year: year, section: section, run: run)
        }
        if decimals > run.sections[section].decimals { run.sections[section].decimals = decimals }
        observations += 1
        run.datasetStats[run.sections[section].dataset]!.observations += 1
      case .invalid(let message):
        try rejectInvalidUTF8(record, column, run: run)
        let name = TextEscaping.visible(try run.text(header, column, reader))
        throw DairyError.importFailed(
          reader.location(of: record, field: column), message + " (column \"\(name)\")")
      }
    }

    private func rejectInvalidUTF8<T>(_ record: CSVRecord, _ column: Int, run: Run<T>) throws {
      _ = try run.text(record, column, reader)
    }

    // MARK: Long sections

    /// The section of a long row. Consecutive rows of one section are recognised by comparing
    /// bytes, so the common case builds no strings.
    private mutating func longSection<T>(_ record: CSVRecord, _ long: CSVLayout.Long, run: inout Run<T>)
      throws -> Int
    {
      scratchKey.removeAll(keepingCapacity: true)
      record.bytes.withUnsafeBufferPointer { bytes in
        for column in long.sections {
          scratchKey.append(contentsOf: bytes[record.range(at: column)])
          scratchKey.append(0)
        }
        if let dataset = long.dataset { scratchKey.append(contentsOf: bytes[record.range(at: dataset)]) }
      }
      if previousSection >= 0 && scratchKey == previousKey { return previousSection }
      swap(&scratchKey, &previousKey)

      var parts: [String] = []
      for column in long.sections {
        let part = try run.text(record, column, reader)
        if part.trimmingCharacters(in: .whitespaces).isEmpty {
          throw DairyError.importFailed(
            reader.location(of: record, field: column),
            "the series name (column \"\(TextEscaping.visible(try run.text(header, column, reader)))\") is empty")
        }
        parts.append(part)
      }
      var datasetName = dataset
      if let column = long.dataset {
        datasetName = try run.text(record, column, reader)
        if datasetName.trimmingCharacters(in: .whitespaces).isEmpty {
          throw DairyError.importFailed(reader.location(of: record, field: column), "the dataset name is empty")
        }
      }
      let key = parts.joined(separator: CSVImporter.keySeparator)
      let index = try run.section(key: key, dataset: datasetName, metadata: metadata, underscores: false)
      keysByID[run.sections[index].id] = key
      previousSection = index
      return index
    }

    private func checkUnit<T>(_ record: CSVRecord, _ column: Int, section: Int, run: inout Run<T>) throws {
      let unit = SectionDraft.collapsingWhitespace(try run.text(record, column, reader))
      guard !unit.isEmpty else { return }
      if let (first, place) = run.sections[section].unitFromColumn {
        guard first != unit else { return }
        throw DairyError.importFailed(
          reader.location(of: record, field: column),
          "unit \"\(TextEscaping.visible(unit))\" differs from \"\(TextEscaping.visible(first))\" given for this series at \(place)")
      }
      run.sections[section].unitFromColumn = (unit, reader.location(of: record, field: column))
      run.sections[section].unit = unit
    }

    // MARK: Duplicates

    /// The error for a (section, year) given twice, naming both places. Finding the first place
    /// reads the files again: it costs nothing until it is needed.
    private func duplicate<T>(_ record: CSVRecord, column: Int, year: Int64, section: Int, run: Run<T>)
      throws -> DairyError
    {
      let state = run.sections[section]
      let here = reader.location(of: record, field: column)
      let described = "\"\(TextEscaping.visible(state.key))\" has year \(year) twice"
      var candidates = run.readFiles
      candidates.append(ReadFile(path: reader.displayName, layout: layout, dataset: dataset, keys: keysByID))
      for file in candidates where file.dataset == state.dataset || file.layout.routesDatasets {
        if let first = try firstRow(in: file, key: state.key, dataset: state.dataset, year: year, run: run, before: here) {
          return DairyError.importFailed(here, "\(described): here and at \(first)")
        }
      }
      return DairyError.importFailed(here, described)
    }

    private func firstRow<T>(
      in file: ReadFile, key: String, dataset: String, year: Int64, run: Run<T>, before: SourceLocation
    ) throws -> SourceLocation? {
      let reader = try CSVReader(path: file.path)
      var record = CSVRecord()
      guard try reader.next(into: &record) else { return nil }
      while try reader.next(into: &record) {
        if reader.displayName == before.file && record.line >= before.line ?? .max { return nil }
        switch file.layout {
        case .wide(let yearColumn, let series):
          guard let item = series.first(where: { $0.key == key }) else { return nil }
          guard case .value(year) = record.withField(yearColumn, { run.numbers.year($0) }),
            case .value = record.withField(item.column, { run.numbers.amount($0) })
          else { continue }
          return reader.location(of: record, field: item.column)
        case .long(let long):
          guard case .value(year) = record.withField(long.year, { run.numbers.year($0) }) else { continue }
          let parts = long.sections.map { record.string(at: $0) ?? "" }
          let rowDataset = long.dataset.flatMap { record.string(at: $0) } ?? file.dataset
          guard rowDataset == dataset, parts.joined(separator: CSVImporter.keySeparator) == key,
            case .value = record.withField(long.value, { run.numbers.amount($0) })
          else { continue }
          return reader.location(of: record, field: long.value)
        }
      }
      return nil
    }
  }
}

extension CSVLayout {
  var routesDatasets: Bool {
    if case .long(let long) = self { return long.dataset != nil }
    return false
  }
}
