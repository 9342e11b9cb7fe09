import DairyFormats
import DairyModel

/// How the rows of a plain table (wide or long) name their periods, when they are not plain
/// calendar years: labels in the period column (`2020-03`, `2020-Q1`, `Mar 2020`, `2019/20`,
/// dates), a `Year` column with a `Month` or `Quarter` column beside it, or years under a
/// header that says they are marketing or fiscal years. A table of plain years has none, and
/// reads its years as it always did.
///
/// The table has one frequency, its labels' (found in its first rows); a row of the whole year
/// (`2020` among quarters, `Annual` in a quarter column) is the year's total, kept in an annual
/// section of its own (``annualKey(_:)``). Dates are weeks' ending dates when two of the first
/// rows' dates stand a week apart or less, or all a whole number of weeks apart; else months'.
///
/// ```swift
/// // Date,Butter over 2020-03-07, 2020-03-14: weekly
/// let periods = try PeriodColumns.detect(header: header, year: 0, sample: rows, numbers: numbers)
/// try periods?.period(row, table)  // (.weekly, 20200307)
/// ```
package struct PeriodColumns: Sendable {
  package enum Reading: Sendable, Hashable {
    /// Plain years: marketing years, as the header says.
    case years
    /// Labels, or plain years, in the period column.
    case labels
    /// A year in the period column, the part of it (a month, a quarter) in this one.
    case yearAndPart(Int)
  }

  /// The period column (a `Year` column beside a part column).
  package var column: Int
  package var reading: Reading
  /// The frequency of the table's sections; a row of another is refused, but a row of the
  /// whole year in a table of quarters, months or weeks, which goes to its annual section.
  package var frequency: Frequency
  /// Whether plain years are marketing years (the header says so, or the labels are split
  /// years), so that `2011-12` reads as the marketing year 2011/12.
  package var marketingYears = false
  /// Whether dates are weeks' ending dates (else months').
  package var weeklyDates = true
  /// Whether a part column holds numbers of quarters (`1`–`4`) rather than of months.
  package var partsAreQuarters = false
  /// Whether each row's label gives its section's frequency (`dairy export`'s own file, whose
  /// sections keep theirs): then no table frequency is imposed, and a section's rows share one.
  package var perRow = false
  /// The first weekly date read, the one the others must be whole weeks from.
  package var firstWeek: Int64?
  /// The year of the last row that gave one, for the rows of a part column that leave it out
  /// (`2022,Q1` then `,Q2`).
  package var lastYear: Int64?

  /// The names of a period column, when no column is called `year`.
  package static let periodNames: Set<String> = [
    "period", "date", "month", "quarter", "week ending", "week_ending", "week", "time",
    "marketing year", "marketing_year", "fiscal year", "fiscal_year", "crop year", "my",
  ]
  /// The names of a column that gives the part of the year beside a `Year` column.
  package static let partNames: Set<String> = ["month", "quarter", "qtr", "mo"]
  private static let marketingNames: Set<String> = [
    "marketing year", "marketing_year", "fiscal year", "fiscal_year", "crop year", "my",
  ]

  // MARK: - Detection

  /// How the rows of the table whose header is `header`, with its year (or period) column
  /// `year`, name their periods; nil when they are plain calendar years.
  ///
  /// - Throws: ``DairyError`` at a label of the first rows that breaks the frequency of the
  ///   labels before it (a month among quarters).
  package static func detect(
    header: HeaderColumns, year: Int, sample: [TableRow], numbers: NumberParser,
    perRow: Bool = false
  ) throws -> PeriodColumns? {
    let marketing = marketingNames.contains(header.normalized[year])
    if header.normalized[year] == "year",
      let part = header.first(named: partNames, except: [year])
    {
      var periods = PeriodColumns(column: year, reading: .yearAndPart(part), frequency: .monthly)
      periods.partsAreQuarters =
        header.normalized[part] != "month" && header.normalized[part] != "mo"
      periods.frequency = periods.partsAreQuarters ? .quarterly : .monthly
      for row in sample where part < row.count {
        let text = row.trimmedText(at: part)
        if let found = PeriodText.part(text) {
          switch found {
          case .quarter: periods.frequency = .quarterly
          case .month: periods.frequency = .monthly
          case .annual: continue
          }
          break
        }
      }
      return periods
    }
    var labels: [(row: TableRow, label: PeriodText.Label)] = []
    var plainOnly = true
    var splitYears = false
    for row in sample where year < row.count {
      if case .value = row.year(at: year, numbers) { continue }
      guard let text = row.string(at: year), let label = PeriodText.label(text) else { continue }
      plainOnly = false
      if case .marketingYear = label { splitYears = true }
      labels.append((row, label))
    }
    // The export's own `period` column (it writes `year` when every section is annual) reads
    // each row's period, though its first rows are plain years (an annual dataset first).
    let exportPeriods = perRow && header.normalized[year] == "period"
    if plainOnly && !exportPeriods {
      return marketing
        ? PeriodColumns(
          column: year, reading: .years, frequency: .marketingYear, marketingYears: true) : nil
    }
    var periods = PeriodColumns(column: year, reading: .labels, frequency: .annual)
    // In the export's own file a plain year is annual: its split years are written `2019/20`.
    periods.marketingYears = marketing || (splitYears && !perRow)
    periods.perRow = perRow
    let dates = labels.compactMap { item -> (year: Int64, month: Int, day: Int)? in
      guard case .date(let year, let month, let day) = item.label else { return nil }
      return (year, month, day)
    }
    // The export writes a month as `2020-03`: its dates are weeks' ends.
    periods.weeklyDates = perRow || areWeeks(dates)
    if perRow { return periods }
    // The table's frequency: its labels' finest; two finer than a year are refused.
    var first: (row: TableRow, frequency: Frequency)?
    for (row, label) in labels {
      let frequency = periods.frequency(of: label)
      guard frequency != .annual, frequency != .marketingYear || first == nil else { continue }
      guard let known = first else {
        first = (row, frequency)
        continue
      }
      if known.frequency != frequency {
        throw periods.breaking(
          label, row.string(at: year) ?? "", frequency: known.frequency,
          at: header.locate(row, year))
      }
    }
    periods.frequency = first?.frequency ?? (periods.marketingYears ? .marketingYear : .annual)
    return periods
  }

  /// Whether `dates` are weeks' ends: two of them a week apart or less (a month's are further
  /// apart), or all a whole number of weeks apart; one date alone is a week's unless it is a
  /// month's first or last day. The rule of every layout's dates.
  package static func areWeeks(_ dates: [(year: Int64, month: Int, day: Int)]) -> Bool {
    let days = Set(
      dates.map { CalendarDay(year: $0.year, month: $0.month, day: $0.day).daysSinceEpoch }
    )
    .sorted()
    guard days.count >= 2 else {
      guard let (year, month, day) = dates.first else { return true }
      return day != 1 && day != CalendarDay.days(inMonth: month, of: year)
    }
    let gaps = zip(days, days.dropFirst()).map { $1 - $0 }
    return gaps.min()! <= 7 || gaps.allSatisfy { $0 % 7 == 0 }
  }

  // MARK: - Reading a row

  /// The frequency of `label` in this table.
  package func frequency(of label: PeriodText.Label) -> Frequency {
    switch label {
    case .year: marketingYears ? .marketingYear : .annual
    case .date: weeklyDates ? .weekly : .monthly
    default: label.frequency!
    }
  }

  /// The period of `row`: its frequency (the table's, or annual for the year as a whole) and
  /// its key.
  ///
  /// - Throws: ``DairyError`` at the period cell when it is missing, is no period, or breaks
  ///   the table's frequency.
  package mutating func period(_ row: TableRow, _ table: TableImport) throws
    -> (frequency: Frequency, key: Int64)
  {
    switch reading {
    case .years:
      return (frequency, try table.year(row, column))
    case .yearAndPart(let part):
      let year: Int64
      if let lastYear, column >= row.count || row.isBlank(at: column) {
        year = lastYear
      } else {
        year = try table.year(row, column)
      }
      lastYear = year
      let text = part < row.count ? try table.text(row, part) : ""
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { return (.annual, year) }
      let found: PeriodText.Part?
      if let number = Int(trimmed), number >= 1 {
        found =
          partsAreQuarters
          ? (number <= 4 ? .quarter(number) : nil) : (number <= 12 ? .month(number) : nil)
      } else {
        found = PeriodText.part(trimmed)
      }
      guard let found else {
        throw DairyError.importFailed(
          table.location(row, part),
          "\"\(TextEscaping.visible(trimmed))\" is not a \(partsAreQuarters ? "quarter" : "month")"
            + " (column \"\(table.columnName(part))\")")
      }
      return try checked(found.label(in: year), trimmed, row, table, cell: part)
    case .labels:
      guard column < row.count else {
        throw DairyError.importFailed(table.source.location(of: row), "the period is missing")
      }
      // The forms a machine writes (`2020-03`, `2020-Q1`, `2020-03-07`) read from the bytes.
      let (column, marketingYears) = (self.column, self.marketingYears)
      if row.isText(at: column),
        let label = row.withText(
          at: column, { PeriodText.isoLabel($0, marketingYears: marketingYears) })
      {
        return try checked(label, row.trimmedText(at: column), row, table, cell: column)
      }
      if case .value(let year) = row.year(at: column, table.numbers) {
        return try checked(.year(year), String(year), row, table, cell: column)
      }
      let text = try table.text(row, column).trimmingCharacters(in: .whitespaces)
      if text.isEmpty || table.numbers.markerTexts.contains(text) {
        throw DairyError.importFailed(table.location(row, column), "the period is missing")
      }
      guard let label = PeriodText.label(text, marketingYears: marketingYears) else {
        throw DairyError.importFailed(
          table.location(row, column),
          "\"\(TextEscaping.visible(text))\" is not a period: a year (2020), a marketing year "
            + "(2019/20), a quarter (2020-Q1), a month (2020-03, Mar 2020) or a date "
            + "(2020-03-07)")
      }
      return try checked(label, text, row, table, cell: column)
    }
  }

  /// The period key of `row`, unchecked, or nil: where a duplicate is looked for again.
  package func key(of row: TableRow, _ numbers: NumberParser) -> Int64? {
    guard column < row.count else { return nil }
    if case .value(let year) = row.year(at: column, numbers) {
      guard case .yearAndPart(let part) = reading else { return year }
      guard part < row.count, let found = PeriodText.part(row.trimmedText(at: part)) else {
        return year
      }
      let label = found.label(in: year)
      return label.key(as: frequency(of: label))
    }
    guard reading == .labels,
      let label = PeriodText.label(row.trimmedText(at: column), marketingYears: marketingYears)
    else { return nil }
    return label.key(as: frequency(of: label))
  }

  /// The frequency and key of `label`, checked against the table's frequency.
  private mutating func checked(
    _ label: PeriodText.Label, _ text: @autoclosure () -> String, _ row: TableRow,
    _ table: TableImport, cell: Int
  ) throws -> (frequency: Frequency, key: Int64) {
    let frequency = frequency(of: label)
    if frequency == .weekly, case .date(let year, let month, let day) = label {
      let number = CalendarDay(year: year, month: month, day: day).daysSinceEpoch
      if let firstWeek, (number - firstWeek) % 7 != 0 {
        throw DairyError.importFailed(
          table.location(row, cell),
          "\"\(TextEscaping.visible(text()))\" is not a whole number of weeks from the table's "
            + "first week's end; a weekly table's dates are its weeks' ending dates")
      }
      firstWeek = firstWeek ?? number
    }
    let key = label.key(as: frequency)
    guard !perRow, frequency != self.frequency else { return (frequency, key) }
    if frequency == .annual, self.frequency.isSubAnnual { return (.annual, key) }
    throw breaking(label, text(), frequency: self.frequency, at: table.location(row, cell))
  }

  /// The error for a label of `frequency`'s table that is of another.
  private func breaking(
    _ label: PeriodText.Label, _ text: String, frequency: Frequency, at place: SourceLocation
  ) -> DairyError {
    DairyError.importFailed(
      place,
      "\"\(TextEscaping.visible(text))\" is \(Self.noun(self.frequency(of: label))), but this "
        + "table's periods are \(Self.plural(frequency)); a table has one frequency")
  }

  /// `a quarter`, `a month`, … for a message.
  package static func noun(_ frequency: Frequency) -> String {
    switch frequency {
    case .annual: "a year"
    case .marketingYear: "a marketing year"
    case .quarterly: "a quarter"
    case .monthly: "a month"
    case .weekly: "a week"
    }
  }

  /// `quarters`, `months`, … for a message.
  package static func plural(_ frequency: Frequency) -> String {
    switch frequency {
    case .annual: "years"
    case .marketingYear: "marketing years"
    case .quarterly: "quarters"
    case .monthly: "months"
    case .weekly: "weeks"
    }
  }

  /// The key of the annual section that holds the whole-year rows of the series keyed `key`.
  package static func annualKey(_ key: String) -> String { key + " | annual" }

  /// The title of that section.
  package static func annualTitle(_ title: String) -> String { title + ", annual" }
}

extension Frequency {
  /// Whether its periods are parts of a year: quarters, months, weeks.
  package var isSubAnnual: Bool {
    switch self {
    case .quarterly, .monthly, .weekly: true
    case .annual, .marketingYear: false
    }
  }
}
