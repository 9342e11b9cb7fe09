import DairyFormats
import DairyModel

/// A table as published (a report): title rows, a header of one row or more, the data years
/// down or across, maybe more blocks stacked below, and a notes block. The table is read twice:
/// once by a ``ReportSurvey``, which makes the ``ReportPlan``, then by this layout, which
/// follows the plan to store the values.
///
/// ```swift
/// var survey = ReportSurvey(options: options, numbers: numbers, locate: source.location(of:))
/// for row in rows { survey.add(row) }
/// var layout = ReportLayout(plan: survey.finish())
/// try layout.start(&table)
/// for row in rows { try layout.read(row, into: &table) }
/// let facts = try layout.finish(&table)
/// ```
package struct ReportLayout: TableLayout {
  package var plan: ReportPlan
  /// The section of each series of the plan, once started.
  private var sections: [Int] = []
  /// The block the rows being read are in.
  private var block = 0
  /// The year cell of each year of the years-down block being read.
  private var yearCells: [Int64: TableCell] = [:]
  private var dataRows = 0

  package init(plan: ReportPlan) {
    self.plan = plan
  }

  package var readsRaggedRows: Bool { true }

  /// One years-down block refuses a year given twice row by row, as a wide table does; stacked
  /// blocks may repeat a series, and a years-across block a row.
  package var mayGiveAYearTwice: Bool {
    guard plan.blocks.count == 1, case .yearsDown = plan.blocks[0].kind else { return true }
    return false
  }

  package mutating func start(_ table: inout TableImport) throws {
    table.numbers = table.numbers.reading(legend: plan.facts.legend)
    sections = try plan.series.map { series in
      var draft = series.draft
      draft.unit = draft.unit ?? plan.unit ?? table.unit
      let place = table.place(of: series)
      return try table.section(draft, at: place)
    }
    var names: [String] = []
    for block in plan.blocks {
      switch block.kind {
      case .yearsDown(_, let columns, let series):
        for (column, index) in zip(columns, series) {
          if column >= names.count { names += repeatElement("", count: column + 1 - names.count) }
          names[column] = plan.series[index].draft.title
        }
      case .yearsAcross: break
      }
    }
    table.names = names
  }

  package mutating func read(_ row: TableRow, into table: inout TableImport) throws {
    if let failure = plan.failure, row.line >= failure.line { throw failure.error }
    while block < plan.blocks.count, row.line > plan.blocks[block].lines.upperBound {
      block += 1
      yearCells = [:]
    }
    guard block < plan.blocks.count, plan.blocks[block].lines.contains(row.line) else { return }
    switch plan.blocks[block].kind {
    case .yearsDown(let yearColumn, let columns, let series):
      try readDown(row, yearColumn: yearColumn, columns: columns, series: series, &table)
    case .yearsAcross(let years, let offsets, let rows):
      guard let series = rows[row.line] else { return }
      dataRows += 1
      for year in years {
        for (offset, index) in zip(offsets, series) {
          try store(row, year.column + offset, year: year.year, series: index, &table)
        }
      }
    }
  }

  private mutating func readDown(
    _ row: TableRow, yearColumn: Int, columns: [Int], series: [Int], _ table: inout TableImport
  ) throws {
    if row.isBlankRow { return }
    guard yearColumn < row.count else {
      throw DairyError.importFailed(table.source.location(of: row), "the year is missing")
    }
    let year: Int64
    if case .value(let value) = row.year(at: yearColumn, table.numbers) {
      year = value
    } else if let (value, _) = ReportCells.year(row, yearColumn) {
      year = value
    } else {
      year = try table.year(row, yearColumn)
    }
    if let first = yearCells[year] {
      throw DairyError.importFailed(
        table.location(row, yearColumn),
        "year \(year) appears twice: here and at \(table.source.location(of: first))")
    }
    yearCells[year] = row.cells[yearColumn]
    dataRows += 1
    for (column, index) in zip(columns, series) {
      try store(row, column, year: year, series: index, &table)
    }
  }

  /// Stores one cell; a cell past the end of a short row is an empty one.
  @inline(__always)
  private func store(
    _ row: TableRow, _ cell: Int, year: Int64, series: Int, _ table: inout TableImport
  ) throws {
    if cell < row.count {
      try table.store(row, cell, year: year, section: sections[series])
    } else {
      table.missing += 1
      try table.book.addMissing(marker: "", year: year, section: sections[series])
    }
  }

  package mutating func finish(_ table: inout TableImport) throws -> DatasetFacts {
    if let failure = plan.failure { throw failure.error }
    table.rows = dataRows
    return plan.facts
  }
}

extension TableImport {
  /// Where a report's series is named, for an error about it: the row that names it in a
  /// years-across block; else the table (a header cell's column is found only by reading its
  /// line again).
  package func place(of series: ReportPlan.Series) -> SourceLocation {
    var place = tableLocation ?? SourceLocation(file: source.displayName)
    if let line = series.line { (place.line, place.column) = (line, nil) }
    return place
  }
}
