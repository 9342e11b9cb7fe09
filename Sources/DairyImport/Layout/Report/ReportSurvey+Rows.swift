import DairyFormats
import DairyModel

// MARK: - Data rows, years down and years across

extension ReportSurvey {
  /// A row of a years-down block, or a row after its data. A row with numbers but no year in
  /// the year column is an error when it follows the data (a `Total` row); once a row of text
  /// has ended the data, it is a line of the notes (`Last update: May 6, 2024` cut at its
  /// comma).
  ///
  /// A row of a quarter or a month (`Q2`, `JAN-MAR`, `March`) under a year's row is data, as
  /// is a row of the whole year (`Annual`, `Total`) among them.
  package mutating func addDown(_ row: TableRow, forced: Bool = false) {
    guard case .down(let column) = drafts[drafts.count - 1].kind else { return }
    if row.isBlankRow { return }
    if let period = downPeriod(row, column, drafts[drafts.count - 1].periods) {
      if !held.isEmpty { startStackedDown(column) }
      guard note(period, row, yearColumn: column) else { return }
      markData(row)
      return
    }
    if forced {
      if !held.isEmpty { startStackedDown(column) }
      markData(row)
      return
    }
    let label = row.trimmedText(at: column)
    if let part = ReportCells.part(row, column), part != .annual {
      stopYearless(row, column, part)
    } else if ReportCells.yearsAcross(row) != nil || Self.labelsAcross(row) != nil {
      reading = false
      addAbove(row)
    } else if held.isEmpty, ReportCells.hasNumber(row, except: column, numbers) {
      let message =
        label.isEmpty
        ? "the year is missing"
        : "\"\(TextEscaping.visible(label))\" in the year column is not a year; "
          + "end the data block before this row with --data-rows"
      stop(at: row.line, DairyError.importFailed(place(row, column), message))
    } else {
      held.append(row)
    }
  }

  /// Rows held since the last data row, then a data row: a header makes them a stacked block
  /// of its own; lines of one cell alone (`…--continued`) go on with the block above's header.
  private mutating func startStackedDown(_ column: Int) {
    let isHeader = held.contains { row in
      let filled = row.filledColumns
      return filled.count >= 2 || (filled.first ?? 0) > column
    }
    var draft = ReportSurvey.Draft(kind: .down(yearColumn: column), head: held)
    draft.periods.marketingYears = Self.saysMarketingYears(held, yearColumn: column)
    if !isHeader {
      draft.head = drafts[drafts.count - 1].head
      draft.continues = true
      for row in held { plan.roles.append(.init(role: .title, lines: row.line...row.line)) }
    }
    drafts.append(draft)
    held = []
  }

  /// Counts a years-down data row: its lines, and which columns hold something (the column
  /// of the year's part, `Quarter`, holds no series).
  private mutating func markData(_ row: TableRow) {
    markFilled(row)
    let last = drafts.count - 1
    if let part = drafts[last].periods.partColumn, part < drafts[last].filled.count {
      drafts[last].filled[part] = false
      drafts[last].firstValues[part] = nil
    }
    if drafts[last].lines == nil { drafts[last].firstRow = row }
    drafts[last].lines = (drafts[last].lines?.lowerBound ?? row.line)...row.line
  }

  /// Notes which columns of a data row hold something.
  private mutating func markFilled(_ row: TableRow) {
    let last = drafts.count - 1
    let missing = row.count - drafts[last].filled.count
    if missing > 0 { drafts[last].filled += repeatElement(false, count: missing) }
    for index in 0..<row.count where !drafts[last].filled[index] && !row.isBlank(at: index) {
      drafts[last].filled[index] = true
      drafts[last].firstValues[index] = row.cells[index]
    }
  }

  /// A row of a years-across block, or of its header, or after its data.
  package mutating func addAcross(_ row: TableRow, forced: Bool = false) {
    guard case .across(let years) = drafts[drafts.count - 1].kind else { return }
    if row.isBlankRow { return }
    if !forced, ReportCells.yearsAcross(row) != nil || Self.labelsAcross(row) != nil {
      reading = false
      addAbove(row)
      return
    }
    let firstYear = years[0].column
    let name = (0..<min(firstYear, row.count)).first { !row.isBlank(at: $0) }
    let values = (firstYear..<max(firstYear, row.count)).contains { !row.isBlank(at: $0) }
    let started = drafts[drafts.count - 1].lines != nil
    guard let name else {
      if !started && !forced {
        checkSubHeader(row, years)
        drafts[drafts.count - 1].head.append(row)
      } else if values {
        stop(
          at: row.line,
          DairyError.importFailed(
            place(row, firstYear),
            "this row has values under the years but no name before them"))
      } else {
        held.append(row)
      }
      return
    }
    guard values || forced else {
      held.append(row)
      return
    }
    for label in held { addName(label, column: nameColumn(label, before: firstYear)) }
    held = []
    addName(row, column: name)
  }

  /// The first cell before the years that holds something (a held row has one, or is a note).
  private func nameColumn(_ row: TableRow, before firstYear: Int) -> Int? {
    (0..<min(firstYear, row.count)).first { !row.isBlank(at: $0) }
  }

  private mutating func addName(_ row: TableRow, column: Int?) {
    guard let column else { return }
    let firstYear: Int
    if case .across(let years) = drafts[drafts.count - 1].kind {
      firstYear = years[0].column
    } else {
      return
    }
    let values = (firstYear..<max(firstYear, row.count)).contains { !row.isBlank(at: $0) }
    markFilled(row)
    drafts[drafts.count - 1].names.append(
      NameRow(
        line: row.line, column: column, indent: row.indent(at: column),
        raw: row.trimmedText(at: column), hasValues: values,
        location: locate(row.cells[column])))
    let lines = drafts[drafts.count - 1].lines
    drafts[drafts.count - 1].lines = (lines?.lowerBound ?? row.line)...row.line
  }

  /// A header row under the years whose captions are quarters or months, but not right under
  /// them (where they make a block of periods across).
  private mutating func checkSubHeader(_ row: TableRow, _ years: [ReportPlan.YearColumn]) {
    guard drafts[drafts.count - 1].yearsLine == nil else { return }
    for column in row.filledColumns where column >= years[0].column {
      if let part = ReportCells.part(row, column), part != .annual {
        stop(
          at: row.line,
          DairyError.importFailed(
            place(row, column),
            "\"\(TextEscaping.visible(row.trimmedText(at: column)))\" names a part of the "
              + "year, but not in the row right under the years: the row of quarters or months "
              + "stands under the row of years"))
        return
      }
    }
  }

  /// Where cell `index` of `row` is, the row shorter or not: a sheet's cell in that column
  /// (`V6`, although row 6's last cell is `T6`); a CSV line's field past its end has no place
  /// on the line, so the line alone.
  package func place(_ row: TableRow, _ index: Int) -> SourceLocation {
    guard index >= row.count else { return locate(row.cells[index]) }
    var place = locate(row.cells[row.count - 1])
    if let last = place.cell {
      place.cell = CellReference(column: last.column + index - (row.count - 1), row: last.row)
    } else {
      place.column = nil
    }
    return place
  }
}
