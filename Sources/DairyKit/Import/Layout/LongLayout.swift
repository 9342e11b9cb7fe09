import Foundation

/// A year column, one value column, and text columns whose values together name the section
/// (`region,state,year,milk_produced`: sections like `Northeast / Maine`); optional columns give
/// notes, a unit, or the dataset of each row (as `dairy export --format csv` writes).
///
/// ```swift
/// // state,year,value
/// LongLayout(year: 1, value: 2, sections: [0])
/// ```
struct LongLayout: TableLayout {
  /// Separates the values of several section columns in a section's key and title.
  static let keySeparator = " / "

  var year: Int
  var value: Int
  /// The text columns whose values, together, name a section.
  var sections: [Int]
  var notes: Int?
  var unit: Int?
  /// A column that routes each row to a dataset.
  var dataset: Int?

  // The section of the previous row, recognised by its key's bytes.
  private var previousKey: [UInt8] = []
  private var scratchKey: [UInt8] = []
  private var previousSection = -1

  init(
    year: Int, value: Int, sections: [Int], notes: Int? = nil, unit: Int? = nil,
    dataset: Int? = nil
  ) {
    self.year = year
    self.value = value
    self.sections = sections
    self.notes = notes
    self.unit = unit
    self.dataset = dataset
  }

  var routesDatasets: Bool { dataset != nil }

  mutating func read(_ row: TableRow, into table: inout TableImport) throws {
    let year = try table.year(row, self.year)
    let section = try section(of: row, &table)
    try table.store(row, value, year: year, section: section)
    if let notes, !row.isEmpty(at: notes) {
      let text = SectionDraft.collapsingWhitespace(try table.text(row, notes))
      if !text.isEmpty && !table.book.sections[section].notes.contains(text) {
        table.book.sections[section].notes.append(text)
      }
    }
    if let unit, !row.isEmpty(at: unit) {
      try checkUnit(row, unit, section: section, &table)
    }
  }

  /// The section of a row. Consecutive rows of one section are recognised by comparing bytes, so
  /// the common case builds no strings.
  private mutating func section(of row: TableRow, _ table: inout TableImport) throws -> Int {
    scratchKey.removeAll(keepingCapacity: true)
    for column in sections {
      appendKeyBytes(row, column)
      scratchKey.append(0)
    }
    if let dataset { appendKeyBytes(row, dataset) }
    if previousSection >= 0 && scratchKey == previousKey { return previousSection }
    swap(&scratchKey, &previousKey)

    var parts: [String] = []
    for column in sections {
      let part = try table.text(row, column)
      if part.trimmingCharacters(in: .whitespaces).isEmpty {
        throw DairyError.importFailed(
          table.location(row, column),
          "the series name (column \"\(table.columnName(column))\") is empty")
      }
      parts.append(part)
    }
    let datasetName = try dataset.map { try rowDataset(row, $0, table) } ?? table.dataset
    previousSection = try table.section(
      key: parts.joined(separator: Self.keySeparator), dataset: datasetName, underscores: false)
    return previousSection
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
    let unit = SectionDraft.collapsingWhitespace(try table.text(row, column))
    guard !unit.isEmpty else { return }
    if let (first, place) = table.book.sections[section].unitFromColumn {
      guard first != unit else { return }
      throw DairyError.importFailed(
        table.location(row, column),
        "unit \"\(TextEscaping.visible(unit))\" differs from \"\(TextEscaping.visible(first))\" "
          + "given for this series at \(place)")
    }
    table.book.sections[section].unitFromColumn = (unit, table.location(row, column))
    table.book.sections[section].unit = unit
  }

  func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int? {
    guard case .value(key.year) = row.year(at: year, numbers),
      sections.map({ row.string(at: $0) ?? "" }).joined(separator: Self.keySeparator)
        == key.section,
      (dataset.flatMap { row.string(at: $0) } ?? key.tableDataset) == key.dataset,
      case .value = row.amount(at: value, numbers)
    else { return nil }
    return value
  }
}
