import DairyFormats
import DairyModel

// MARK: - Periods other than calendar years: quarters, months, marketing years

/// What the survey learns of a block's periods as its rows come.
package struct DraftPeriods {
  /// The frequency of its labels other than plain years, once one is met.
  package var frequency: Frequency?
  /// Where that frequency was first met, for the error of a label that breaks it.
  package var first: SourceLocation?
  /// Years down: whether a plain year stands above its rows (for a quarter's or month's row).
  package var yearSeen = false
  /// Whether a row or column of a whole year holds values among quarters or months.
  package var wholeYears = false
  /// Years down: the column of the year's part beside the year column (`Year`, `Quarter`).
  package var partColumn: Int?
  /// Whether plain years are marketing years: the year column's caption says so
  /// (`Marketing year`, `Fiscal year`), or the labels are split years.
  package var marketingYears = false
  /// Years down: the dates of its rows, which tell weeks from months when the block is built.
  package var dates: [(year: Int64, month: Int, day: Int)] = []

  /// The frequency of the block's series.
  package var seriesFrequency: Frequency {
    frequency ?? (marketingYears ? .marketingYear : .annual)
  }
}

extension ReportSurvey {
  /// A period cell of a years-down row, as the survey reads it.
  package enum DownPeriod {
    /// A plain year: a year's row (its heading or its total, among quarters or months).
    case year
    /// A whole label: `2020 Q1`, `2019/20`, `Jan 2020`.
    case label(PeriodText.Label)
    /// A quarter or a month of the year above (`Q2`, `JAN-MAR`, `March`), or the whole year
    /// (`Annual`, `Total`) among them; `column` is where it stands.
    case part(PeriodText.Part, column: Int)
  }

  /// The period of `row` in years-down block `draft` (year column `column`), or nil when
  /// its year cell names none.
  package func downPeriod(_ row: TableRow, _ column: Int, _ periods: DraftPeriods) -> DownPeriod? {
    let partColumn = periods.partColumn ?? column + 1
    if ReportCells.year(row, column) != nil {
      if let part = ReportCells.part(row, partColumn), part != .annual || periods.partColumn != nil
      {
        return .part(part, column: partColumn)
      }
      return .year
    }
    if let label = ReportCells.label(row, column, marketingYears: periods.marketingYears) {
      return .label(label)
    }
    guard periods.yearSeen else { return nil }
    if let part = ReportCells.part(row, column) {
      return part == .annual && !(periods.frequency?.isSubAnnual ?? false)
        ? nil : .part(part, column: column)
    }
    // `Year`, `Quarter` with the year on the first quarter's row alone
    if row.isBlank(at: column), let part = periods.partColumn.flatMap({ ReportCells.part(row, $0) })
    {
      return .part(part, column: periods.partColumn!)
    }
    return nil
  }

  /// Notes the period of a data row of the last block; false (and the survey stopped) when it
  /// breaks the block's frequency.
  package mutating func note(_ period: DownPeriod, _ row: TableRow, yearColumn: Int) -> Bool {
    let last = drafts.count - 1
    switch period {
    case .year:
      drafts[last].periods.yearSeen = true
      if drafts[last].periods.frequency?.isSubAnnual ?? true,
        ReportCells.hasNumber(row, except: yearColumn, numbers)
      {
        drafts[last].periods.wholeYears = true
      }
      return true
    case .label(let label):
      drafts[last].periods.yearSeen = true
      if case .date(let year, let month, let day) = label,
        drafts[last].periods.dates.count < LayoutDetection.sampleSize
      {
        drafts[last].periods.dates.append((year, month, day))
      }
      var frequency = label.frequency ?? .weekly
      if case .year = label, drafts[last].periods.marketingYears { frequency = .marketingYear }
      if frequency == .marketingYear { drafts[last].periods.marketingYears = true }
      return note(frequency, row, yearColumn)
    case .part(let part, let column):
      if part != .annual, column != yearColumn {
        drafts[last].periods.partColumn = column
      }
      drafts[last].periods.yearSeen = true
      switch part {
      case .annual:
        drafts[last].periods.wholeYears = true
        return true
      case .quarter: return note(.quarterly, row, column)
      case .month: return note(.monthly, row, column)
      }
    }
  }

  /// Notes a label of `frequency` at cell `column` of `row`; false (and the survey stopped)
  /// when the block's labels are of another frequency, finer than a year.
  private mutating func note(_ frequency: Frequency, _ row: TableRow, _ column: Int) -> Bool {
    let last = drafts.count - 1
    guard let known = drafts[last].periods.frequency else {
      if frequency != .annual {
        drafts[last].periods.frequency = frequency
        drafts[last].periods.first = place(row, column)
      }
      return true
    }
    guard frequency != known, frequency != .annual else { return true }
    stopBreaking(row, column, frequency: frequency, known: known)
    return false
  }

  /// Stops the survey at a period that breaks its block's frequency.
  package mutating func stopBreaking(
    _ row: TableRow, _ column: Int, frequency: Frequency, known: Frequency
  ) {
    let first = drafts.last?.periods.first.map { " (as at \($0))" } ?? ""
    stop(
      at: row.line,
      DairyError.importFailed(
        place(row, column),
        "\"\(TextEscaping.visible(row.trimmedText(at: column)))\" is "
          + "\(PeriodColumns.noun(frequency)), but this table's periods are "
          + "\(PeriodColumns.plural(known))\(first); a table has one frequency"))
  }

  /// Stops the survey at a quarter or a month with no year above it.
  package mutating func stopYearless(_ row: TableRow, _ column: Int, _ part: PeriodText.Part) {
    let what: String
    switch part {
    case .quarter: what = "a quarter"
    case .month: what = "a month"
    case .annual: what = "the whole year"
    }
    stop(
      at: row.line,
      DairyError.importFailed(
        place(row, column),
        "\"\(TextEscaping.visible(row.trimmedText(at: column)))\" is \(what), but no year "
          + "stands above it: a year's row (or a row of years over the columns) says which"))
  }

  /// Whether the year column's caption above a block says its years are marketing or fiscal
  /// years.
  package static func saysMarketingYears(_ head: [TableRow], yearColumn column: Int) -> Bool {
    head.contains { row in
      let text = row.trimmedText(at: column).lowercased()
      return text.contains("marketing year") || text.contains("fiscal year")
        || text.contains("crop year") || text == "my"
    }
  }

  // MARK: - Periods across

  /// A row of one or two years alone, past the first column: the head of quarters or months
  /// across (the row under it tells).
  package static func fewYearsAcross(_ row: TableRow) -> Bool {
    let filled = row.filledColumns
    guard (1...2).contains(filled.count), filled[0] > 0 else { return false }
    return filled.allSatisfy { ReportCells.year(row, $0) != nil }
  }

  /// The periods of `parts`, a row of quarters or months (and maybe the whole year) under
  /// `years`, a row of years: each under the year at or left of it (a year merged over its
  /// periods is saved in their first column). Nil unless two of them or more are quarters or
  /// months, and the row holds nothing else past the first year.
  package static func periodsUnder(_ years: TableRow, _ parts: TableRow)
    -> [ReportPlan.YearColumn]?
  {
    let yearCells = years.filledColumns.compactMap { column in
      ReportCells.year(years, column).map { (column, $0.year) }
    }
    guard let firstYear = yearCells.first?.0 else { return nil }
    var columns: [ReportPlan.YearColumn] = []
    var subAnnual = 0
    for column in parts.filledColumns where column >= firstYear {
      guard let part = ReportCells.part(parts, column) else { return nil }
      let year = yearCells.last { $0.0 <= column }!.1
      let label = part.label(in: year)
      let frequency = label.frequency!
      if frequency.isSubAnnual { subAnnual += 1 }
      columns.append(
        ReportPlan.YearColumn(column: column, year: label.key(as: frequency), frequency: frequency)
      )
    }
    return subAnnual >= 2 ? columns : nil
  }

  /// A row of whole period labels across (`2020 Q1`, `2020 Q2`, …; `2019/20`, `2020/21`, …),
  /// two or more of them finer than a year (or split years); a plain year among quarters or
  /// months is that year's total, among split years a marketing year. Its first cell may name
  /// the column of names (`Item`).
  package static func labelsAcross(_ row: TableRow) -> [ReportPlan.YearColumn]? {
    let filled = row.filledColumns
    guard filled.count >= 2 else { return nil }
    var columns: [ReportPlan.YearColumn] = []
    var finer = 0
    var splitYears = false
    for column in filled {
      guard let label = ReportCells.label(row, column) else {
        // A name in the first filled cell (`Item`), before the periods.
        if columns.isEmpty && column == filled[0] { continue }
        return nil
      }
      if case .marketingYear = label { splitYears = true }
      let frequency = label.frequency ?? .weekly
      if frequency != .annual { finer += 1 }
      columns.append(
        ReportPlan.YearColumn(column: column, year: label.key(as: frequency), frequency: frequency)
      )
    }
    guard finer >= 2 else { return nil }
    // Dates a month apart are months (``PeriodColumns/areWeeks(_:)``).
    let dates = filled.compactMap { column -> (year: Int64, month: Int, day: Int)? in
      guard case .date(let year, let month, let day)? = ReportCells.label(row, column) else {
        return nil
      }
      return (year, month, day)
    }
    if !dates.isEmpty, !PeriodColumns.areWeeks(dates) {
      for index in columns.indices where columns[index].frequency == .weekly {
        columns[index].frequency = .monthly
        columns[index].year /= 100
      }
    }
    // Plain years among split years are marketing years too.
    if splitYears {
      for index in columns.indices where columns[index].frequency == .annual {
        columns[index].frequency = .marketingYear
      }
    }
    return columns
  }

  /// The frequency of periods across: the one finer than a year (or marketing years); nil
  /// when two finer ones mix, and the column of the first that breaks it.
  package static func frequency(of columns: [ReportPlan.YearColumn]) -> (Frequency, Int?) {
    var known: Frequency?
    for column in columns where column.frequency != .annual {
      if let known, known != column.frequency { return (known, column.column) }
      known = known ?? column.frequency
    }
    return (known ?? .annual, nil)
  }

  /// Starts a block of periods across whose head is the rows held so far: `header` is the row
  /// of years (or of whole labels), `labels` the row of its periods.
  package mutating func startPeriodsAcross(
    _ columns: [ReportPlan.YearColumn], header: TableRow, labels: TableRow
  ) {
    let (frequency, breaking) = Self.frequency(of: columns)
    startBlock(.across(years: columns))
    let last = drafts.count - 1
    drafts[last].yearsLine = header.line
    drafts[last].periods.frequency = frequency
    drafts[last].periods.marketingYears = frequency == .marketingYear
    drafts[last].periods.wholeYears = columns.contains { $0.frequency != frequency }
    if let breaking, let cell = columns.first(where: { $0.column == breaking }) {
      stopBreaking(labels, breaking, frequency: cell.frequency, known: frequency)
    }
  }
}
