import Foundation

// MARK: - Duplicates

extension CSVImporter.Run {
  /// The error for a (section, year) given twice, naming both places.
  ///
  /// The target only knows the section and the year; finding the two rows reads the files of this
  /// run again. That costs nothing until it is needed.
  func describe(_ duplicate: DuplicateObservation) throws -> DairyError {
    guard let section = sections.first(where: { $0.id == duplicate.section }) else {
      return DairyError(.input, "a section has year \(duplicate.year) twice")
    }
    let described = "\"\(TextEscaping.visible(section.key))\" has year \(duplicate.year) twice"
    var places: [SourceLocation] = []
    for file in readFiles where file.dataset == section.dataset || file.layout.routesDatasets {
      places += try rows(
        in: file, key: section.key, dataset: section.dataset, year: duplicate.year,
        limit: 2 - places.count)
      if places.count == 2 {
        return DairyError.importFailed(places[1], "\(described): here and at \(places[0])")
      }
    }
    return DairyError(.input, at: places.first, described)
  }

  /// Up to `limit` rows of `file` with a value for year `year` of the section keyed `key`.
  private func rows(
    in file: CSVImporter.ReadFile, key: String, dataset: String, year: Int64, limit: Int
  ) throws -> [SourceLocation] {
    let reader = try CSVReader(path: file.path)
    var record = CSVRecord()
    guard try reader.next(into: &record) else { return [] }
    var found: [SourceLocation] = []
    while found.count < limit, try reader.next(into: &record) {
      guard record.count >= file.layout.width else { continue }
      let column: Int
      switch file.layout {
      case .wide(let yearColumn, let series):
        guard let item = series.first(where: { $0.key == key }) else { return [] }
        guard case .value(year) = record.withField(yearColumn, { numbers.year($0) })
        else { continue }
        column = item.column
      case .long(let long):
        guard case .value(year) = record.withField(long.year, { numbers.year($0) }),
          long.sections.map({ record.string(at: $0) ?? "" }).joined(
            separator: CSVImporter.keySeparator) == key,
          (long.dataset.flatMap { record.string(at: $0) } ?? file.dataset) == dataset
        else { continue }
        column = long.value
      }
      if case .value = record.withField(column, { numbers.amount($0) }) {
        found.append(reader.location(of: record, field: column))
      }
    }
    return found
  }
}

extension CSVLayout {
  var routesDatasets: Bool {
    if case .long(let long) = self { return long.dataset != nil }
    return false
  }
}
