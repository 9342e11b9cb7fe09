import DairyImport
import DairyModel

/// A stored observation for machines is the observation itself: `{"year":1975,"amount":247.0}`
/// in the export and in `sections --format json`'s `latest` (``Observation`` is `Encodable`),
/// and here the `year,amount` columns of the export's CSV, which `dairy import` reads back to the
/// same observation.
///
/// ```swift
/// JSONOutput.string(Observation(year: 1975, amount: 247))
/// // "{\"year\":1975,\n\"amount\":247.0}\n" (alone, it is a document: a key a line)
/// ```
extension Observation: CSVRow {
  package static let csvColumns = ["year", "amount"]

  package func appendCSVFields(to line: inout String, frequency: Frequency) {
    line += Period(frequency: frequency, key: year).text + "," + JSONText.number(amount)
  }
}

/// A missing cell as the export's CSV writes it: its year and an empty amount, its marker in the
/// last column (``LongFormatCSV/markerColumn``), which `dairy import` reads back to the same
/// missing cell.
///
/// ```swift
/// var line = ""
/// MissingYear(year: 2017).appendCSVFields(to: &line)  // "2017,"
/// ```
package struct MissingYear: CSVRow {
  package var year: Int64
  /// Empty columns after the amount: those a row of `show --change` has (its change, percent
  /// change and previous period).
  package var extraColumns = 0

  package init(year: Int64, extraColumns: Int = 0) {
    self.year = year
    self.extraColumns = extraColumns
  }

  package static let csvColumns = Observation.csvColumns

  package func appendCSVFields(to line: inout String, frequency: Frequency) {
    line +=
      Period(frequency: frequency, key: year).text + ","
      + String(repeating: ",", count: extraColumns)
  }
}
