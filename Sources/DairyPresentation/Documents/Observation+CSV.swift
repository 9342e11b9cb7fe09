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

  package func appendCSVFields(to line: inout String) {
    line += String(year) + "," + JSONText.number(amount)
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

  package init(year: Int64) {
    self.year = year
  }

  package static let csvColumns = Observation.csvColumns

  package func appendCSVFields(to line: inout String) {
    line += String(year) + ","
  }
}
