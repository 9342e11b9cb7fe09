import DairyFormats
import DairyModel

/// Decides each table's layout from its header and first data rows: the one place that knows
/// which layouts there are.
///
/// ```swift
/// // Year,Milk,Butter over numbers: wide
/// let layout = try LayoutDetection.detect(
///   header: columns, sample: rows, options: ImportOptions(), numbers: NumberParser())
/// ```
package enum LayoutDetection {
  /// How many data rows are read ahead to detect a table's layout.
  package static let sampleSize = 100

  package static let yearNames: Set<String> = ["year"]

  /// The layout of a table whose header is `header` and whose first data rows are `sample`.
  ///
  /// A Quick Stats download is recognised from its header (``QuickStatsColumns``) unless the
  /// command line names a layout or a column. Otherwise the year column is `--year-column`,
  /// else the one called `year`, else one that names periods (`period`, `date`, `month`,
  /// `quarter`, `week ending`, `marketing year`: ``PeriodColumns/periodNames``), else (for a
  /// wide table) a column with an empty header whose values are years. Its rows may name
  /// periods other than calendar years (``PeriodColumns``).
  ///
  /// - Throws: ``DairyError`` when the header has no year column, no series, a name twice, or
  ///   when a long table's value column cannot be told.
  package static func detect(
    header: HeaderColumns, sample: [TableRow], options: ImportOptions, numbers: NumberParser
  ) throws -> any TableLayout {
    if options.format == .auto, options.yearColumn == nil, options.valueColumn == nil,
      options.sectionColumns.isEmpty, options.notesColumn == nil,
      let columns = QuickStatsColumns(header)
    {
      try header.checkNamedAndUnique(columns.all)
      return QuickStatsLayout(columns: columns)
    }
    let year: Int
    if let name = options.yearColumn {
      year = try header.column(named: name, option: "--year-column")
    } else if let index = header.first(named: yearNames) {
      year = index
    } else if let index = header.first(named: PeriodColumns.periodNames),
      try PeriodColumns.detect(
        header: header, year: index, sample: sample, numbers: numbers, perRow: isExport(header))
        != nil
    {
      // A column of periods (`Month` of `2020-03`s): one of plain years must be named `Year`.
      year = index
    } else if options.format != .long,
      let index = try unnamedYearColumn(header: header, sample: sample, numbers: numbers)
    {
      year = index
    } else {
      throw DairyError(
        .input, at: header.locate(0),
        "the header has no year column (\(header.listed())); name it with --year-column")
    }
    let asksForLong =
      !options.sectionColumns.isEmpty || options.valueColumn != nil || options.notesColumn != nil
    if options.format == .wide && asksForLong {
      throw DairyError(
        .usage, "--section-column, --value-column and --notes-column are for --format long")
    }
    let periods = try PeriodColumns.detect(
      header: header, year: year, sample: sample, numbers: numbers, perRow: isExport(header))
    var partColumn: Int?
    if case .yearAndPart(let part)? = periods?.reading { partColumn = part }
    let others = header.names.indices.filter { $0 != year && $0 != partColumn }
    let numeric = Set(others.filter { isNumeric(column: $0, in: sample, numbers: numbers) })
    let isWide: Bool
    switch options.format {
    case .wide: isWide = true
    case .long: isWide = false
    case .auto, .report:
      // Long needs text columns and a value column; a table with no numeric column besides the
      // year is read as wide, so that its bad numbers are reported as such, unless a column is
      // called value or amount (the sample, one row say, holds only bad amounts: the long
      // layout then names the bad amount, not a text column that names the series). The
      // export's own columns are long whatever its names look like (numbers, say).
      let textColumns = others.filter { !numeric.contains($0) }
      let allText = textColumns.count == others.count
      let namedValue = others.count > 1 && header.first(named: LongLayout.valueNames) != nil
      isWide =
        !asksForLong && !isExport(header) && (textColumns.isEmpty || (allText && !namedValue))
    }
    if isWide {
      var wide = try WideLayout(header: header, year: year, except: partColumn)
      wide.periods = periods
      return wide
    }
    var long = try LongLayout(
      header: header, year: year, part: partColumn, numeric: numeric, options: options)
    long.periods = periods
    return long
  }

  /// Whether the header has the columns of `dairy export --format csv`: `dataset`, `section`
  /// and `amount` (with the year's).
  package static func isExport(_ header: HeaderColumns) -> Bool {
    ["dataset", "section", "amount"].allSatisfy { header.normalized.contains($0) }
  }

  /// A column is numeric when most of its sampled values are numbers (missing ones aside), so that
  /// one typo in a wide table is reported as a bad number instead of turning the table long. A
  /// number dairy cannot store (NaN, an infinity, `1e400`) is still written as a number: it counts
  /// as one here, and is refused where it stands.
  private static func isNumeric(column: Int, in sample: [TableRow], numbers: NumberParser) -> Bool {
    var numeric = 0
    var text = 0
    for row in sample where column < row.count {
      switch row.amount(at: column, numbers) {
      case .value, .invalid(.nan), .invalid(.infinity), .invalid(.tooLarge): numeric += 1
      case .missing: continue
      case .invalid:
        if isShownNumber(row, column, numbers) { numeric += 1 } else { text += 1 }
      }
    }
    return numeric >= text
  }

  /// Whether a cell that the plain reading refuses is a number as a spreadsheet shows it, which
  /// a wide table's column reads (``TableImport/storeText(_:_:year:section:)``): with thousands
  /// separators (`"1,234"`, as pandas and spreadsheets write them), a currency sign, a percent
  /// or parentheses. Such a column is numeric, not a long table's text.
  private static func isShownNumber(_ row: TableRow, _ column: Int, _ numbers: NumberParser)
    -> Bool
  {
    let amount = row.withText(at: column) { text -> NumberParser.Amount? in
      var style = CommaStyle.undecided
      return numbers.shownAmount(text, style: &style) ?? numbers.commaAmount(text, style: &style)
    }
    if case .value? = amount { return true }
    return false
  }
}
