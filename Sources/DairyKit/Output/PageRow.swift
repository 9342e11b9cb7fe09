/// A row of `show` for machines: the fields of a row in `show --format json` and the row's columns
/// in `show --format csv`. (The table's text of the same row, in `show` and `browse`, is
/// ``RowView``'s.)
///
/// It is not the export's row, ``ObservationRecord``: a column shown to people (a change from the
/// year before, say) goes here, and the lossless export stays what `dairy import` reads back.
///
/// ```swift
/// let row = PageRow(part, row: 0)  // the part's first row
/// JSONOutput.string(row)           // "{\"year\":1975,\n\"amount\":247.0}\n" (alone: a key a line)
/// ```
struct PageRow: Encodable, CSVRow, Equatable {
  var year: Int64
  /// The stored amount, to the last bit.
  var amount: Double

  /// Row `index` of `part` (the part, not only the row: a column may need the rows around it).
  init(_ part: Page.Part, row index: Int) {
    let observation = part.section.rows[index]
    year = observation.year
    amount = observation.amount
  }

  static let csvColumns = ["year", "amount"]

  func appendCSVFields(to line: inout String) {
    line += String(year) + "," + JSONText.number(amount)
  }
}
