import DairyFormats
import DairyModel

// MARK: - Telling a report from a plain table

extension LayoutDetection {
  /// Whether a table is read as a report, from the options and its first rows `head`.
  ///
  /// Without `--format`, a table is a report when its first rows show what a plain table cannot
  /// have: a first row that is one title cell over wider rows, or holds nothing; a first row
  /// without a year column over years across, or over a header of two rows or more; or, under
  /// a header with a year column, a blank row, a unit row, a row of one text cell (a note) or
  /// a quarter's or a month's row under its year's (`Q1`).
  /// Anything else stays wide or long, exactly as before reports were read.
  ///
  /// - Throws: ``DairyError`` (usage) when report options are given with `--format wide|long`.
  package static func readsAsReport(
    _ head: [TableRow], options: ImportOptions, numbers: NumberParser
  )
    throws -> Bool
  {
    let reportOptions = options.headerRows != nil || options.dataRows != nil
    switch options.format {
    case .report: return true
    case .wide, .long:
      if reportOptions {
        throw DairyError(.usage, "--header-rows and --data-rows are for --format report")
      }
      return false
    case .auto:
      return reportOptions || looksLikeReport(head, options: options, numbers: numbers)
    }
  }

  private static func looksLikeReport(
    _ head: [TableRow], options: ImportOptions, numbers: NumberParser
  ) -> Bool {
    let first = head[0]
    let rest = head.dropFirst()
    if first.isBlankRow { return true }
    // A title sits in the first column; one caption further right is a header whose year
    // column has no name.
    if first.titleColumns == [0],
      rest.contains(where: { $0.filledColumns.count >= 2 || $0.defect != nil })
    {
      return true
    }
    let names = first.cells.indices.map { HeaderColumns.normalized(first.trimmedText(at: $0)) }
    let wanted = options.yearColumn.map { [HeaderColumns.normalized($0)] } ?? Array(yearNames)
    guard let year = names.firstIndex(where: wanted.contains) else {
      return rest.contains { ReportCells.yearsAcross($0) != nil }
        || headerSpansRows(head, numbers)
    }
    return rest.contains { row in
      // A row of another width stays a plain table's error: a ragged row.
      guard row.defect == nil, ReportCells.year(row, year) == nil else { return false }
      // A quarter's or a month's row under its year's (`2020`, then `Q1`, `Q2`)
      if let part = ReportCells.part(row, year), part != .annual { return true }
      let filled = row.filledColumns
      return filled.isEmpty || filled.count == 1 && !ReportCells.hasNumber(row, numbers)
        || filled.allSatisfy { UnitText.isUnit(row.trimmedText(at: $0)) }
    }
  }

  /// Whether two rows or more of captions (no numbers) stand above the first row that starts
  /// with a year.
  private static func headerSpansRows(_ head: [TableRow], _ numbers: NumberParser) -> Bool {
    guard
      let data = head.firstIndex(where: { row in
        row.filledColumns.first.map { ReportCells.year(row, $0) != nil } ?? false
      })
    else { return false }
    return head[..<data].filter { !$0.isBlankRow && !ReportCells.hasNumber($0, numbers) }.count
      >= 2
  }
}
