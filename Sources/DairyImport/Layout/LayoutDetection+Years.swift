import DairyFormats
import DairyModel

// MARK: - A year column with no name

extension LayoutDetection {
  /// The years a column of years holds: a plausible span for the statistics `dairy` reads.
  package static let plausibleYears: ClosedRange<Int64> = 1000...2999

  /// The first column whose header is empty and whose sampled values are years: whole numbers in
  /// ``plausibleYears``, no two the same, in at least half of the rows and nothing but empty
  /// cells in the others (a missing year is then reported at its cell). A spreadsheet saved as
  /// CSV often leaves the year column's header cell empty.
  package static func unnamedYearColumn(
    header: HeaderColumns, sample: [TableRow], numbers: NumberParser
  ) -> Int? {
    header.normalized.indices.first { column in
      guard header.normalized[column].isEmpty else { return false }
      var years: Set<Int64> = []
      for row in sample where column < row.count {
        switch row.year(at: column, numbers) {
        case .value(let year):
          guard plausibleYears.contains(year), years.insert(year).inserted else { return false }
        case .missing: continue
        case .invalid: return false
        }
      }
      return years.count * 2 >= sample.count && !years.isEmpty
    }
  }
}
