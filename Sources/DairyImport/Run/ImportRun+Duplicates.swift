import DairyFormats
import DairyModel

// MARK: - Duplicates

extension ImportRun {
  /// The error for a (section, year) given twice, naming both places.
  ///
  /// The target only knows the section and the year. The places are found by reading the
  /// tables of this run that may hold the section again, through their sources, with the layout
  /// each was read with: that costs nothing until it is needed, and no memory per row.
  package func describe(_ duplicate: DuplicateObservation) throws -> DairyError {
    guard let section = book.sections.first(where: { $0.id == duplicate.section }) else {
      return DairyError(.input, "a section has year \(duplicate.year) twice")
    }
    let frequency = section.fields.frequency
    let period =
      frequency == .annual
      ? "year \(duplicate.year)"
      : "period " + Period(frequency: frequency, key: duplicate.year).text
    let described = "\"\(TextEscaping.visible(section.fields.key))\" has \(period) twice"
    var places: [SourceLocation] = []
    var paths: [String] = []
    for table in readTables
    where table.dataset == section.dataset || table.layout.routesDatasets {
      let key = ObservationKey(
        section: section.fields.key, dataset: section.dataset, year: duplicate.year,
        tableDataset: table.dataset)
      let found = try self.places(of: key, in: table, limit: 2 - places.count)
      places += found
      paths += found.map { _ in table.path }
      if places.count == 2 {
        var message = "\(described): here and at \(places[0])"
        if paths[0] != paths[1] && options.dataset == nil {
          // Two files of one import whose stems name the same dataset (a table's CSV and its
          // workbook), not one the user named.
          message +=
            "; both files import into dataset '\(TextEscaping.visible(section.dataset))':"
            + " import one of them on its own with --dataset NAME"
        }
        return DairyError.importFailed(places[1], message)
      }
    }
    return DairyError(.input, at: places.first, described)
  }

  /// Up to `limit` cells of `table` that hold the observation `key`.
  private func places(of key: ObservationKey, in table: ReadTable, limit: Int) throws
    -> [SourceLocation]
  {
    let source = try table.format.init(path: table.path, options: options)
    if table.layout.readsRaggedRows { source.readRaggedRows() }
    for _ in 0...table.index {
      guard try source.nextTable() != nil else { return [] }
    }
    // Every row is looked at: a header row holds no observation, and a report's first row
    // may be data.
    var row = TableRow()
    var found: [SourceLocation] = []
    while found.count < limit, try source.nextRow(into: &row) {
      guard row.defect == nil || table.layout.readsRaggedRows,
        let cell = table.layout.cell(holding: key, in: row, numbers: numbers)
      else { continue }
      found.append(source.location(of: row.cells[cell]))
    }
    return found
  }
}
