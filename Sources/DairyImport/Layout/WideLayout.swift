import DairyFormats
import DairyModel

/// A year column, then one column per series (the USDA shape): each series is a section keyed
/// by its header text exactly as written, titled from it with underscores read as spaces.
///
/// ```swift
/// // Year,Milk,Butter
/// WideLayout(year: 0, series: [.init(column: 1, key: "Milk"), .init(column: 2, key: "Butter")])
/// ```
package struct WideLayout: TableLayout {
  /// One series column.
  package struct Series: Hashable, Sendable {
    package var column: Int
    /// The header text, exactly as in the source.
    package var key: String
  }

  package var year: Int
  package var series: [Series]
  /// How the rows name their periods, when not as plain calendar years.
  package var periods: PeriodColumns?
  /// The section of each series, in `series` order, once started.
  private var sections: [Int] = []
  /// The annual section of each series of a table of quarters, months or weeks, made at its
  /// first row of a whole year (``PeriodColumns/annualKey(_:)``).
  package private(set) var annualSections: [Int: Int] = [:]
  /// The year cell of the first row of each year, for the message when a year comes again.
  private var yearCells: [Int64: TableCell] = [:]

  package init(year: Int, series: [Series]) {
    self.year = year
    self.series = series
  }

  /// Every column but the year's (and `except`, the part of the year beside it) is a series;
  /// each must have a name, and no two the same.
  package init(header: HeaderColumns, year: Int, except: Int? = nil) throws {
    let others = header.names.indices.filter { $0 != year && $0 != except }
    guard !others.isEmpty else {
      throw DairyError(
        .input, at: header.locate(year), "the header has a year column but no series columns")
    }
    try header.checkNamedAndUnique(others)
    self.init(year: year, series: others.map { Series(column: $0, key: header.names[$0]) })
  }

  package mutating func start(_ table: inout TableImport) throws {
    let (source, header) = (table.source, table.header)
    table.frequency = periods?.frequency ?? .annual
    sections = try series.map {
      try table.section(
        key: $0.key, underscores: true, at: source.location(of: header.cells[$0.column]))
    }
  }

  package mutating func read(_ row: TableRow, into table: inout TableImport) throws {
    guard periods != nil else {
      let year = try table.year(row, self.year)
      if let first = yearCells[year] {
        throw DairyError.importFailed(
          table.location(row, self.year),
          "year \(year) appears twice: here and at \(table.source.location(of: first))")
      }
      yearCells[year] = row.cells[self.year]
      for (position, item) in series.enumerated() {
        try table.store(row, item.column, year: year, section: sections[position])
      }
      return
    }
    let (frequency, key) = try periods!.period(row, table)
    if let first = yearCells[key] {
      throw DairyError.importFailed(
        table.location(row, self.year),
        "period \(Period(frequency: frequency, key: key).text) appears twice: here and at "
          + "\(table.source.location(of: first))")
    }
    yearCells[key] = row.cells[self.year]
    let annual = frequency != periods!.frequency
    for (position, item) in series.enumerated() {
      let section = annual ? try annualSection(position, &table) : sections[position]
      try table.store(row, item.column, year: key, section: section)
    }
  }

  /// The annual section of series `position`, made on first use.
  private mutating func annualSection(_ position: Int, _ table: inout TableImport) throws -> Int {
    if let section = annualSections[position] { return section }
    let item = series[position]
    let title = SectionFields.title(fromKey: item.key, underscoresAsSpaces: true)
    var draft = SectionFields(
      key: PeriodColumns.annualKey(item.key), title: PeriodColumns.annualTitle(title),
      unit: table.book.sections[sections[position]].fields.unit)
    draft.frequency = .annual
    let place = table.source.location(of: table.header.cells[item.column])
    let section = try table.section(draft, at: place)
    annualSections[position] = section
    return section
  }

  /// Each row is one year, and a year given twice is refused as its row comes.
  package var mayGiveAYearTwice: Bool { false }

  package func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int? {
    guard let item = series.first(where: { $0.key == key.section }),
      periods != nil
        ? periods!.key(of: row, numbers) == key.year
        : row.year(at: year, numbers) == .value(key.year),
      row.holdsAnObservation(at: item.column, numbers)
    else { return nil }
    return item.column
  }
}
