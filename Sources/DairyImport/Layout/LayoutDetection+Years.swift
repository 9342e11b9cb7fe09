import DairyFormats
import DairyModel

// MARK: - A year column with no name

extension LayoutDetection {
  /// The years a column of years holds: a plausible span for the statistics `dairy` reads.
  package static let plausibleYears: ClosedRange<Int64> = 1000...2999

  /// The first column whose header is empty and whose sampled values are years: whole numbers in
  /// ``plausibleYears``, no two the same, in at least half of the rows and nothing but empty
  /// cells in the others (a missing year is then reported at its cell). A spreadsheet saved as
  /// CSV often leaves the year column's header cell empty, and pandas writes its index so.
  ///
  /// - Throws: ``DairyError`` at the first cell of such a column (years in at least half of the
  ///   rows, and more years than other values) that is not a year (`Total`): the column is the
  ///   year column by every other sign, and a year column holds years in every data row.
  package static func unnamedYearColumn(
    header: HeaderColumns, sample: [TableRow], numbers: NumberParser
  ) throws -> Int? {
    for column in header.normalized.indices where header.normalized[column].isEmpty {
      var years: Set<Int64> = []
      var twice = false
      var notYear: (row: TableRow, cause: String)?
      var notYears = 0
      for row in sample where column < row.count {
        switch row.year(at: column, numbers) {
        case .value(let year) where plausibleYears.contains(year):
          if !years.insert(year).inserted { twice = true }
        case .missing: continue
        case .value:
          notYears += 1
          notYear = notYear ?? (row, "is not a plausible year")
        case .invalid:
          notYears += 1
          notYear = notYear ?? (row, "is not a year")
        }
      }
      guard !twice, !years.isEmpty, years.count * 2 >= sample.count else { continue }
      guard let (row, cause) = notYear else { return column }
      // As many cells that are not years as years: not a year column at all.
      guard years.count > notYears else { continue }
      let text = row.trimmedText(at: column)
      throw DairyError(
        .input, at: header.locate(row, column),
        "\"\(TextEscaping.visible(text))\" \(cause); column \(column + 1), whose header is empty, "
          + "holds years in its other rows, and a year column holds one in every data row")
    }
    return nil
  }
}
