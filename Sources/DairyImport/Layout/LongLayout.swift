import DairyFormats
import DairyModel
import Foundation

/// A year column, one value column, and text columns whose values together name the section
/// (`region,state,year,milk_produced`: sections like `Northeast / Maine`); optional columns give
/// notes, a unit, or the dataset of each row (as `dairy export --format csv` writes). The export's
/// own file also gives each section's other fields (its key, group and notes whole:
/// ``SectionFields/describingColumns``), the same on each of its rows (``describesSections``).
///
/// ```swift
/// // state,year,value
/// LongLayout(year: 1, value: 2, sections: [0])
/// ```
package struct LongLayout: TableLayout {
  package var year: Int
  package var value: Int
  /// The text columns whose values, together, name a section.
  package var sections: [Int]
  package var notes: Int?
  package var unit: Int?
  /// A column that routes each row to a dataset.
  package var dataset: Int?
  /// The export's columns that give each section's other fields
  /// (``SectionFields/describingColumns``, the notes column among them): its key (the section
  /// columns then give only its title), its group, its notes.
  package var described: [(field: SectionFields.Column, column: Int)] = []
  /// Whether each row gives its section's title and other fields whole (an export): they must
  /// then be the same on each of the section's rows, and notes are kept as written.
  package var describesSections = false
  /// The export's `marker` column: the marker a missing cell held (its amount empty), or the
  /// marker of a value (`-` that represents zero).
  package var marker: Int?

  /// The export's column that gives each section's key.
  package var key: Int? { described.first { $0.field == .key }?.column }
  /// The columns whose values name each section's group (``LongColumns``).
  package var groups: [Int] = []
  /// The columns whose values, joined, are each section's key: by default the section columns;
  /// once the whole table is surveyed, the group and title columns, each by its ID.
  package var keys: [Int]
  /// What the whole table told of its columns, once surveyed (``settle(_:header:)``).
  package var columns: LongColumns?
  /// Whether the whole table is read first to tell which columns name the series: two columns
  /// or more could, and the command line named none.
  package var surveys = false
  /// Per section, what its first row in this table gave (``SectionDescription``).
  package var descriptions: [Int: SectionDescription] = [:]

  // The section of the previous row, recognised by its key's bytes.
  private var previousKey: [UInt8] = []
  private var scratchKey: [UInt8] = []
  private var previousSection = -1

  package init(
    year: Int, value: Int, sections: [Int], notes: Int? = nil, unit: Int? = nil,
    dataset: Int? = nil
  ) {
    self.year = year
    self.value = value
    self.sections = sections
    self.keys = sections
    self.notes = notes
    self.unit = unit
    self.dataset = dataset
  }

  package var routesDatasets: Bool { dataset != nil }

  package mutating func read(_ row: TableRow, into table: inout TableImport) throws {
    let year = try table.year(row, self.year)
    let section = try section(of: row, &table)
    if let marker, marker < row.count, !row.isEmpty(at: marker) {
      try storeMarked(row, marker, year: year, section: section, &table)
    } else {
      try table.store(row, value, year: year, section: section)
    }
    if let notes, !describesSections, !row.isEmpty(at: notes) {
      let written = SectionFields.collapsingWhitespace(try table.text(row, notes))
      // A note that defines a raised footnote letter (`ᵃ  Income from …`) is kept without it.
      let text = SuperscriptMarks.footnote(written)?.text ?? written
      if !text.isEmpty { try table.book.addNote(text, section: section) }
    }
    if let unit, !row.isEmpty(at: unit) {
      try checkUnit(row, unit, section: section, &table)
    }
  }

  /// The cell of a row whose `marker` column holds a marker: a missing cell with that marker
  /// when its amount is empty, else its amount marked with it.
  private func storeMarked(
    _ row: TableRow, _ marker: Int, year: Int64, section: Int, _ table: inout TableImport
  ) throws {
    let text = try table.text(row, marker)
    if value >= row.count || row.isEmpty(at: value) {
      table.missing += 1
      try table.book.addMissing(marker: text, year: year, section: section)
      return
    }
    let observations = table.observations
    try table.store(row, value, year: year, section: section)
    if table.observations > observations {
      try table.book.addMark(marker: text, year: year, section: section)
    }
  }

  /// The section of a row. Consecutive rows of one section are recognised by comparing bytes, so
  /// the common case builds no strings.
  private mutating func section(of row: TableRow, _ table: inout TableImport) throws -> Int {
    scratchKey.removeAll(keepingCapacity: true)
    for column in keys {
      appendKeyBytes(row, column)
      scratchKey.append(0)
    }
    if describesSections {
      // A row that differs from the previous one in a field it describes is checked anew
      for (_, column) in described {
        appendKeyBytes(row, column)
        scratchKey.append(0)
      }
    }
    if let dataset { appendKeyBytes(row, dataset) }
    if previousSection >= 0 && scratchKey == previousKey { return previousSection }
    swap(&scratchKey, &previousKey)

    let parts = try names(row, sections, table)
    let datasetName = try dataset.map { try rowDataset(row, $0, table) } ?? table.dataset
    let source = table.source
    if describesSections {
      previousSection = try describedSection(row, parts: parts, dataset: datasetName, &table)
    } else if columns != nil {
      previousSection = try surveyedSection(row, titles: parts, dataset: datasetName, &table)
    } else {
      previousSection = try table.section(
        key: SectionKey.joined(parts),
        title: parts.map { SuperscriptMarks.removingTrailing(from: $0) }
          .joined(separator: SectionKey.separator),
        dataset: datasetName, at: source.location(of: row.cells[sections[0]]))
    }
    return previousSection
  }

  /// The texts of `columns` in `row`, none of them empty.
  private func names(_ row: TableRow, _ columns: [Int], _ table: TableImport) throws -> [String] {
    try columns.map { column in
      let part = try table.text(row, column)
      if part.trimmingCharacters(in: .whitespaces).isEmpty {
        throw DairyError.importFailed(
          table.location(row, column),
          "the series name (column \"\(table.columnName(column))\") is empty")
      }
      return part
    }
  }

  /// The section of a row of a surveyed table: keyed by its key columns, titled by its title
  /// columns (footnote letters taken out: ``SuperscriptMarks``), grouped by its group columns.
  private func surveyedSection(
    _ row: TableRow, titles: [String], dataset: String, _ table: inout TableImport
  ) throws -> Int {
    let key = SectionKey.joined(try names(row, keys, table))
    let clean = { (texts: [String]) in
      texts.map { SuperscriptMarks.removingTrailing(from: $0) }
        .joined(separator: SectionKey.separator)
    }
    var draft = SectionFields(
      key: key, title: SectionFields.title(fromKey: clean(titles), underscoresAsSpaces: false),
      unit: table.unit)
    if !groups.isEmpty { draft.group = clean(try names(row, groups, table)) }
    let source = table.source
    return try table.section(draft, dataset: dataset, at: source.location(of: row.cells[keys[0]]))
  }

  /// Takes what the whole table told of its columns: the series are named by the title columns,
  /// grouped by the group columns and keyed by the key columns (``LongColumns``).
  package mutating func settle(_ survey: LongColumnSurvey, header: HeaderColumns) {
    guard
      let columns = LongColumns(
        survey, candidates: sections, year: year, unit: unit, header: header)
    else { return }
    self.columns = columns
    (sections, groups, keys) = (columns.titles, columns.groups, columns.keys)
  }

  /// The dataset notes of the columns of the year (``LongColumns/yearNotes``).
  package mutating func finish(_ table: inout TableImport) throws -> DatasetFacts {
    let notes = columns?.yearNotes ?? []
    return DatasetFacts(notes: notes.isEmpty ? nil : notes.joined(separator: "\n"))
  }

  /// Appends the bytes of a column's cell, if there is such a column, and a separator.
  private mutating func appendKeyBytes(_ row: TableRow, _ column: Int?) {
    if let column { appendKeyBytes(row, column) }
    scratchKey.append(0)
  }

  private mutating func appendKeyBytes(_ row: TableRow, _ column: Int) {
    if row.isText(at: column) {
      row.withText(at: column) { scratchKey.append(contentsOf: $0) }
    } else {
      scratchKey.append(contentsOf: (row.string(at: column) ?? "").utf8)
    }
  }

  private func rowDataset(_ row: TableRow, _ column: Int, _ table: TableImport) throws -> String {
    let name = try table.text(row, column)
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw DairyError.importFailed(table.location(row, column), "the dataset name is empty")
    }
    return name
  }

  /// A unit column must give a series one unit.
  private func checkUnit(
    _ row: TableRow, _ column: Int, section: Int, _ table: inout TableImport
  ) throws {
    let unit = SectionFields.collapsingWhitespace(try table.text(row, column))
    guard !unit.isEmpty else { return }
    if let (first, place) = table.book.unitsFromColumn[section] {
      guard first != unit else { return }
      throw DairyError.importFailed(
        table.location(row, column),
        "unit \"\(TextEscaping.visible(unit))\" differs from \"\(TextEscaping.visible(first))\" "
          + "given for this series at \(place)")
    }
    table.book.setUnitFromColumn(unit, at: table.location(row, column), section: section)
    table.book.sections[section].fields.unit = unit
  }

  package func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int? {
    guard case .value(key.year) = row.year(at: year, numbers),
      ExactText(sectionKey(in: row)) == ExactText(key.section),
      ExactText(dataset.flatMap { row.string(at: $0) } ?? key.tableDataset)
        == ExactText(key.dataset),
      row.holdsAnObservation(at: value, numbers)
    else { return nil }
    return value
  }
}
