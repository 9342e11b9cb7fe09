import DairyImport
/// A row of `show` for machines: the fields of a row in `show --format json` and the row's columns
/// in `show --format csv`. (The table's text of the same row, in `show` and `browse`, is
/// ``RowView``'s.)
///
/// It is not the export's row, ``Observation``: a column shown to people (the change from
/// the year before) goes here, and the lossless export stays what `dairy import` reads back.
///
/// ```swift
/// let row = PageRow(part, row: 0)  // the part's first row
/// JSONOutput.string(row)           // "{\"year\":1975,\n\"amount\":247.0}\n" (alone: a key a line)
/// ```
import DairyModel
import Foundation

package struct PageRow: Encodable, CSVRow, Equatable {
  /// The row's period key, and its section's frequency: JSON writes an annual row's `year` as
  /// a number and another row's `period` as text (`2020-03`).
  package var year: Int64
  package var frequency: Frequency = .annual
  /// The stored amount, to the last bit.
  package var amount: Double
  /// With `--change`: the change from the previous year with data (rounded to the section's
  /// decimals, as `9.9 - 11` is `-1.0999999999999996` in binary), in percent (to 2 decimals), and
  /// that year; null when the row has no previous year (or the figure cannot be computed).
  package var change: Change?

  package struct Change: Equatable {
    package var change: Double?
    package var percentChange: Double?
    package var previousYear: Int64?
  }

  /// Row `index` of `part` (the part, not only the row: a column may need the rows around it).
  package init(_ part: Page.Part, row index: Int) {
    let observation = part.section.rows[index]
    year = observation.year
    frequency = part.section.info.frequency
    amount = observation.amount
    guard part.showsChange else { return }
    let change = part.change(ofRow: index)
    let decimals = part.section.info.decimals
    self.change = Change(
      change: change?.change.map { Self.rounded($0, decimals: decimals) },
      percentChange: change?.percentChange.map { Self.rounded($0, decimals: 2) },
      previousYear: change?.previous.year)
  }

  /// `value` rounded to `decimals` decimals; itself when scaling would overflow.
  package static func rounded(_ value: Double, decimals: Int) -> Double {
    let scale = pow(10, Double(min(max(decimals, 0), 12)))
    let result = (value * scale).rounded() / scale
    return result.isFinite ? result : value
  }

  package static let csvColumns = ["year", "amount"]
  /// The columns `--change` adds after them.
  package static let changeColumns = ["change", "percentChange", "previousYear"]

  package enum CodingKeys: String, CodingKey {
    case year, period, amount, change, percentChange, previousYear, previousPeriod
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let annual = frequency == .annual
    if annual {
      try container.encode(year, forKey: .year)
    } else {
      try container.encode(Period(frequency: frequency, key: year).text, forKey: .period)
    }
    try container.encode(amount, forKey: .amount)
    guard let change else { return }
    // Present with nulls, so that every row of a `--change` page has the same fields.
    try container.encode(change.change, forKey: .change)
    try container.encode(change.percentChange, forKey: .percentChange)
    if annual {
      try container.encode(change.previousYear, forKey: .previousYear)
    } else {
      try container.encode(
        change.previousYear.map { Period(frequency: frequency, key: $0).text },
        forKey: .previousPeriod)
    }
  }

  package func appendCSVFields(to line: inout String, frequency: Frequency) {
    line += Period(frequency: frequency, key: year).text + "," + JSONText.number(amount)
    guard let change else { return }
    line += "," + (change.change.map(JSONText.number) ?? "")
    line += "," + (change.percentChange.map(JSONText.number) ?? "")
    line += "," + (change.previousYear.map { Period(frequency: frequency, key: $0).text } ?? "")
  }
}
