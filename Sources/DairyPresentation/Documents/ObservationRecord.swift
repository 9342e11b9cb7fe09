import DairyImport
import DairyModel

/// A stored observation for machines: `{"year":1975,"amount":247.0}` in the export and in
/// `sections --format json`'s `latest`, and the `year,amount` columns of the export's CSV, which
/// `dairy import` reads back to the same observation.
///
/// ```swift
/// JSONOutput.string(ObservationRecord(Observation(year: 1975, amount: 247)))
/// // "{\"year\":1975,\n\"amount\":247.0}\n" (alone, it is a document: a key a line)
/// ```
package struct ObservationRecord: Encodable, CSVRow, Equatable {
  package var year: Int64
  /// The stored amount, to the last bit.
  package var amount: Double

  package init(_ observation: Observation) {
    (year, amount) = (observation.year, observation.amount)
  }

  package static let csvColumns = ["year", "amount"]

  package func appendCSVFields(to line: inout String) {
    line += String(year) + "," + JSONText.number(amount)
  }
}
