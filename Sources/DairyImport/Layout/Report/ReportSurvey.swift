import DairyFormats
import DairyModel

/// The first reading of a report table: row by row, it finds the title rows, the header of each
/// data block, the data blocks (years down or across) and the notes block, keeping only the rows
/// above and between data blocks and a few facts about each data row. ``finish()`` turns what it
/// found into a ``ReportPlan``.
///
/// A data block starts at the first row that begins with a year (years down), or under a row
/// of years across (three or more year cells one after another). It runs as long as its rows
/// are data rows; blank rows inside it are skipped. Rows of text after it are held: rows of data
/// below them make them the header of a stacked block, the end of the table makes them the
/// notes block.
///
/// ```swift
/// var survey = ReportSurvey(options: options, numbers: numbers, locate: source.location(of:))
/// for row in rows { survey.add(row) }
/// let plan = survey.finish()
/// ```
package struct ReportSurvey {
  /// A data block as the survey reads it.
  package struct Draft {
    package enum Kind {
      case down(yearColumn: Int)
      case across(years: [ReportPlan.YearColumn])
    }

    package var kind: Kind
    /// The rows above its first data row, since the block before it: titles and header rows.
    package var head: [TableRow]
    /// Whether its header is that of the block before it (a block cut by a `--continued` line).
    package var continues = false
    package var lines: ClosedRange<Int>? = nil
    /// Years down: its first data row, where a problem of a header with no row is placed.
    package var firstRow: TableRow? = nil
    /// Years down: whether each column has a value in some data row.
    package var filled: [Bool] = []
    /// The first value of each column that has one, for an error about the column.
    package var firstValues: [Int: TableCell] = [:]
    /// Years across: the rows that name a series or a group.
    package var names: [NameRow] = []
    /// Its periods, when they are not calendar years alone.
    package var periods = DraftPeriods()
    /// Periods across: the line of the row of years (or of labels) over them.
    package var yearsLine: Int?
  }

  /// A row of a years-across block that names a series, or a group of them.
  package struct NameRow {
    package var line: Int
    package var column: Int
    package var indent: Int
    package var raw: String
    package var hasValues: Bool
    package var location: SourceLocation
  }

  package let options: ImportOptions
  package let numbers: NumberParser
  package let locate: (TableCell) -> SourceLocation
  package var drafts: [Draft] = []
  /// Rows not yet placed: above the first block, or since the last data row.
  package var held: [TableRow] = []
  /// How many rows of several cells were held above the first data block.
  package var captionRows = 0
  /// A row of years across waiting for the row under it, which tells whether it heads years
  /// across or starts years down.
  package var candidate: TableRow?
  package var plan = ReportPlan()
  /// Set once the table cannot be read further: later rows are not looked at.
  package var stopped = false
  package var reading = false
  /// Set when the table could not be read to its end: the second reading meets that error, in
  /// its turn, so the survey does not add one of its own for what it did not see.
  package var interrupted = false

  package init(
    options: ImportOptions, numbers: NumberParser, locate: @escaping (TableCell) -> SourceLocation
  ) {
    self.options = options
    self.numbers = numbers
    self.locate = locate
  }

  /// Reads the next row of the table.
  package mutating func add(_ row: TableRow) {
    guard !stopped, !row.cells.isEmpty else { return }
    if row.count > TableRow.maxCells {
      stop(
        at: row.line,
        DairyError.importFailed(
          locate(row.cells[TableRow.maxCells]),
          "a row of a report holds at most \(Grouping.digits(TableRow.maxCells)) cells"))
      return
    }
    if let forced = forcedRole(of: row) {
      addForced(row, as: forced)
    } else if reading, case .across = drafts[drafts.count - 1].kind {
      addAcross(row)
    } else if reading {
      addDown(row)
    } else {
      addAbove(row)
    }
    if drafts.isEmpty, !stopped, held.last?.line == row.line, options.headerRows == nil,
      options.dataRows == nil,
      row.filledColumns.count >= 2 || (row.filledColumns.first ?? 0) > 0
    {
      // Above the first data block, rows of captions (more than one cell, or one past the
      // first column, where titles stand) are the header: past its limit they
      // are not kept (a wide row is megabytes), and the table is refused at the first too many.
      captionRows += 1
      if captionRows > ReportHeader.maxRows + 1, let first = row.filledColumns.first {
        stop(
          at: row.line,
          DairyError.importFailed(
            locate(row.cells[first]),
            "more than \(ReportHeader.maxRows) rows of captions above the data, more than a "
              + "report's header may have; name the header's rows with --header-rows and the "
              + "data's with --data-rows"))
        held = []
        return
      }
    }
    if held.count > Self.maxHeldRows, let last = held.last, let first = last.filledColumns.first {
      stop(
        at: last.line,
        DairyError.importFailed(
          locate(last.cells[first]),
          "more than \(Grouping.digits(Self.maxHeldRows)) rows of titles or notes together, "
            + "the limit for a report"))
    }
  }

  /// The most rows of text a report holds together, outside its data: its titles and header
  /// above a block, or its notes under the last. Real notes blocks run to a few dozen lines;
  /// the rows are kept until the table is planned, and each notes line is read.
  package static let maxHeldRows = 10_000

  /// Stops the survey at a problem, raised when the import reaches `line`.
  package mutating func stop(at line: Int, _ error: DairyError) {
    plan.fail(at: line, error)
    stopped = true
  }

  /// A row above any data block (or after a block, once its data ended).
  package mutating func addAbove(_ row: TableRow) {
    if row.isBlankRow { return }
    if let waiting = candidate {
      candidate = nil
      if let columns = Self.periodsUnder(waiting, row) {
        held.append(waiting)
        startPeriodsAcross(columns, header: waiting, labels: row)
        drafts[drafts.count - 1].head.append(row)
        return
      }
      if ReportCells.yearsAcross(waiting) == nil {
        // A year or two alone, with no quarters or months under them: read as any row.
        placeAbove(waiting)
        if stopped { return }
        if !reading {
          addAbove(row)
        } else if case .across = drafts[drafts.count - 1].kind {
          addAcross(row)
        } else {
          addDown(row)
        }
        return
      }
      if let first = waiting.filledColumns.first, startsYearsDown(waiting, then: row, at: first) {
        startDown(yearColumn: yearColumn(waiting) ?? first)
        guard !stopped else { return }
        addDown(waiting)
        addDown(row)
      } else {
        held.append(waiting)
        startBlock(.across(years: years(of: waiting)))
        addAcross(row)
      }
      return
    }
    if ReportCells.yearsAcross(row) != nil || Self.fewYearsAcross(row) {
      candidate = row
    } else {
      placeAbove(row)
    }
  }

  /// A row above the data that is not a row of years across: a row of periods across starts a
  /// block of them, a row that starts with a period starts years down; any other is held.
  private mutating func placeAbove(_ row: TableRow) {
    if let columns = Self.labelsAcross(row) {
      held.append(row)
      startPeriodsAcross(columns, header: row, labels: row)
    } else if let (column, part) = parts(row) {
      stopYearless(row, column, part)
    } else if let first = row.filledColumns.first, let part = ReportCells.part(row, first),
      part != .annual, ReportCells.hasNumber(row, except: first, numbers)
    {
      stopYearless(row, first, part)
    } else if let column = yearColumn(row) {
      startDown(yearColumn: column)
      guard !stopped else { return }
      addDown(row)
    } else {
      held.append(row)
    }
  }

  /// The first of two quarter or month labels or more in a row above the data, with no year
  /// over them.
  private func parts(_ row: TableRow) -> (Int, PeriodText.Part)? {
    let labels = row.filledColumns.compactMap { column in
      ReportCells.part(row, column).flatMap { $0 == .annual ? nil : (column, $0) }
    }
    return labels.count >= 2 ? labels[0] : nil
  }

  /// Whether `next` continues years down from `first`: a year in the same column, another one.
  private func startsYearsDown(_ first: TableRow, then next: TableRow, at column: Int) -> Bool {
    guard let (year, _) = ReportCells.year(first, column),
      let (nextYear, _) = ReportCells.year(next, column)
    else { return false }
    return year != nextYear
  }

  /// The year column of a row that starts years down: `--year-column`, else its first cell
  /// that holds something, when that is a year or a period (`2020 Q1`, `2019/20`).
  package func yearColumn(_ row: TableRow) -> Int? {
    if let column = forcedYearColumn { return ReportCells.label(row, column) != nil ? column : nil }
    guard let first = row.filledColumns.first, ReportCells.label(row, first) != nil else {
      return nil
    }
    return first
  }

  package func years(of row: TableRow) -> [ReportPlan.YearColumn] {
    (ReportCells.yearsAcross(row) ?? []).map { ReportPlan.YearColumn(column: $0, year: $1) }
  }

  /// Starts the first years-down block, unless a row held above it holds values under
  /// a label that is not a year (`1975-79 average`): read as a header, its values would become
  /// captions (`Wisconsin 1,800`). That is an error at the label, which says how to leave the
  /// row out.
  private mutating func startDown(yearColumn column: Int) {
    if let values = held.first(where: { holdsValuesWithoutAYear($0, yearColumn: column) }) {
      let label = values.trimmedText(at: column)
      stop(
        at: values.line,
        DairyError.importFailed(
          place(values, column),
          "\"\(TextEscaping.visible(label))\" in the year column is not a year, yet its row "
            + "holds values above the data; dairy stores one value a year: leave the row out "
            + "with --header-rows and --data-rows"))
      return
    }
    startBlock(.down(yearColumn: column))
  }

  /// Whether `row` holds a label in the year column that is not a year nor names the column
  /// (`Year`), and numbers in every other cell it fills, one at least; not a row of years.
  private func holdsValuesWithoutAYear(_ row: TableRow, yearColumn column: Int) -> Bool {
    let label = row.trimmedText(at: column)
    guard !label.isEmpty, !label.lowercased().contains("year"),
      ReportCells.yearsAcross(row) == nil
    else { return false }
    let others = row.filledColumns.filter { $0 != column }
    return !others.isEmpty && others.allSatisfy { ReportCells.isNumber(row, $0, numbers) }
  }

  /// Starts a block whose head is the rows held so far.
  package mutating func startBlock(_ kind: Draft.Kind) {
    var draft = Draft(kind: kind, head: held)
    if case .down(let column) = kind, Self.saysMarketingYears(held, yearColumn: column) {
      draft.periods.marketingYears = true
    }
    drafts.append(draft)
    held = []
    reading = true
  }
}
