/// Decides each table's layout from its header and first data rows: the one place that knows
/// which layouts there are.
///
/// ```swift
/// // Year,Milk,Butter over numbers: wide
/// let layout = try LayoutDetection.detect(
///   header: columns, sample: rows, options: ImportOptions(), numbers: NumberParser())
/// ```
enum LayoutDetection {
  /// How many data rows are read ahead to detect a table's layout.
  static let sampleSize = 100

  static let yearNames: Set<String> = ["year"]

  /// The layout of a table whose header is `header` and whose first data rows are `sample`.
  ///
  /// The year column is `--year-column`, else the one called `year`, else (for a wide table) a
  /// column with an empty header whose values are years.
  ///
  /// - Throws: ``DairyError`` when the header has no year column, no series, a name twice, or
  ///   when a long table's value column cannot be told.
  static func detect(
    header: HeaderColumns, sample: [TableRow], options: ImportOptions, numbers: NumberParser
  ) throws -> any TableLayout {
    let year: Int
    if let name = options.yearColumn {
      year = try header.column(named: name, option: "--year-column")
    } else if let index = header.first(named: yearNames) {
      year = index
    } else if options.format != .long,
      let index = unnamedYearColumn(header: header, sample: sample, numbers: numbers)
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
    let others = header.names.indices.filter { $0 != year }
    let numeric = Set(others.filter { isNumeric(column: $0, in: sample, numbers: numbers) })
    let isWide: Bool
    switch options.format {
    case .wide: isWide = true
    case .long: isWide = false
    case .auto, .report:
      // Long needs text columns and a value column; a table with no numeric column besides the
      // year is read as wide, so that its bad numbers are reported as such.
      let textColumns = others.filter { !numeric.contains($0) }
      isWide = !asksForLong && (textColumns.isEmpty || textColumns.count == others.count)
    }
    if isWide { return try WideLayout(header: header, year: year) }
    return try LongLayout(header: header, year: year, numeric: numeric, options: options)
  }

  /// A column is numeric when most of its sampled values are numbers (missing ones aside), so that
  /// one typo in a wide table is reported as a bad number instead of turning the table long.
  private static func isNumeric(column: Int, in sample: [TableRow], numbers: NumberParser) -> Bool {
    var numeric = 0
    var text = 0
    for row in sample where column < row.count {
      switch row.amount(at: column, numbers) {
      case .value: numeric += 1
      case .missing: continue
      case .invalid: text += 1
      }
    }
    return numeric >= text
  }
}
