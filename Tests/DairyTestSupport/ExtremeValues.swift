import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// Databases of extreme values, imported through `dairy import` as a person would: the largest
/// and least doubles of both signs, both zeros, `1e308` beside `-1e308`, series of one value
/// repeated, and years from -2^53 to 2^53 (the extremes the import takes).
package enum ExtremeValues {
  package static let amounts: [Double] = [
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
    -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude, 0, -0.0, 1e308,
    -1e308, 1, -0.5,
  ]

  package static let yearLimit: Int64 = 1 << 53
  package static let years: [Int64] = [
    -yearLimit, -yearLimit + 1, -10_000, -1, 0, 999, 1000, 1975, 9999, 10_000, yearLimit - 1,
    yearLimit,
  ]

  /// The series every database holds, named for what they test.
  package static let fixed: [(title: String, rows: [(Int64, Double)])] = [
    ("Mixed", [(1990, 1e308), (1991, -1e308)]),
    ("Greatest", (0..<6).map { (2000 + $0, $0 % 2 == 0 ? .greatestFiniteMagnitude : -1e308) }),
    ("Least", [(1, .leastNonzeroMagnitude), (2, -.leastNonzeroMagnitude), (3, 0)]),
    ("Normal", [(1, .leastNormalMagnitude), (2, -.leastNormalMagnitude)]),
    ("Zeros", [(-1, 0), (0, -0.0), (1, 0)]),
    ("Equal", (0..<5).map { (1975 + $0, .greatestFiniteMagnitude) }),
    // More years than a sparkline has points: each point is the mean of several of these.
    ("Long", (0..<40).map { (1900 + $0, $0 < 29 ? .greatestFiniteMagnitude : -1e308) }),
    ("Far years", zip(years, amounts).map { ($0, $1) }),
    ("Everything", amounts.enumerated().map { (1975 + Int64($0), $1) }),
  ]

  /// A database with the fixed series, and with `seed` above 0, random series too: values from
  /// ``amounts``, years from ``years`` and runs of consecutive years.
  package static func database(seed: UInt64) throws -> DairyDatabase {
    var random = SplitMix64(seed: seed)
    var series = fixed.map { (title: $0.title, rows: $0.rows) }
    if seed > 0 {
      for number in 0..<random.int(1...5) {
        var rows: [Int64: Double] = [:]
        let start = random.element(years)
        for offset in 0..<Int64(random.int(0...40)) {
          rows[start.addingReportingOverflow(offset).partialValue] = random.element(amounts)
        }
        for _ in 0..<random.int(0...4) { rows[random.element(years)] = random.element(amounts) }
        let kept = rows.filter { abs($0.key) <= yearLimit }.sorted { $0.key < $1.key }
        series.append((title: "Random \(number)", rows: kept.map { ($0.key, $0.value) }))
      }
    }
    let path = try TestSupport.file("extremes.csv", csv(series))
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    return database
  }

  /// A wide CSV file of `series`: a year column, a column each, empty cells where a series has
  /// no value that year. Amounts are written as Swift prints them (`1.7976931348623157e+308`).
  package static func csv(_ series: [(title: String, rows: [(Int64, Double)])]) -> String {
    let years = Set(series.flatMap { $0.rows.map(\.0) }).sorted()
    let columns = series.map { Dictionary($0.rows, uniquingKeysWith: { first, _ in first }) }
    var text = "Year," + series.map(\.title).joined(separator: ",") + "\n"
    for year in years {
      let cells = columns.map { column in column[year].map { "\($0)" } ?? "" }
      text += "\(year)," + cells.joined(separator: ",") + "\n"
    }
    return text
  }

  /// Every section of `database` with all its rows, as chart series.
  package static func chartSeries(_ database: DairyDatabase) throws -> [ChartSeries] {
    try database.read { snapshot in
      try snapshot.sections().map { info in
        ChartSeries(
          section: Section(info: info, rows: try snapshot.observations(of: info.id)),
          dataset: DatasetInfo(name: info.dataset))
      }
    }
  }
}
