/// The long CSV format `dairy` writes: `dataset,section,`, then a row's own columns, then `unit`;
/// RFC 4180 quoting, CRLF line ends. `show --format csv` writes ``PageRow``s in it and the export
/// ``ObservationRecord``s: they share the section's columns and the writing, and each says what a
/// row's columns are. (`dataset,section,year,amount,unit` is what `dairy import` reads back.)
///
/// ```swift
/// var csv = LongFormatCSV.header(for: ObservationRecord.self)
/// LongFormatCSV.SectionWriter(info).write(ObservationRecord(observation), to: &csv)
/// // "dataset,section,year,amount,unit\r\n"
/// // "per_capita_consumption_1975-2022,Fluid beverage milk,1975,247.0,lb per person\r\n"
/// ```
enum LongFormatCSV {
  /// The header line for rows of type `Row`.
  static func header<Row: CSVRow>(for row: Row.Type) -> String {
    (["dataset", "section"] + Row.csvColumns + ["unit"]).joined(separator: ",") + "\r\n"
  }

  /// Writes the rows of one section: its columns are quoted once, not once a row.
  struct SectionWriter {
    private let prefix: String
    private let suffix: String

    init(_ info: SectionInfo) {
      prefix = LongFormatCSV.field(info.dataset) + "," + LongFormatCSV.field(info.title) + ","
      suffix = "," + LongFormatCSV.field(info.unit ?? "") + "\r\n"
    }

    func write(_ row: some CSVRow, to output: inout some TextOutputStream) {
      var line = prefix
      row.appendCSVFields(to: &line)
      line += suffix
      output.write(line)
    }
  }

  /// A field, quoted when RFC 4180 needs it (a comma, quote or line break), or when it starts or
  /// ends with white space, which a reader might trim.
  static func field(_ text: String) -> String {
    let needsQuotes =
      text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
      || text.first?.isWhitespace == true || text.last?.isWhitespace == true
    guard needsQuotes else { return text }
    // Scalar by scalar: a quote followed by a combining mark is one `Character`, which
    // `replacingOccurrences(of: "\"", …)` passes over, leaving the quote single.
    var out = "\""
    for scalar in text.unicodeScalars {
      out.unicodeScalars.append(scalar)
      if scalar == "\"" { out.unicodeScalars.append(scalar) }
    }
    return out + "\""
  }
}

/// A row the long CSV format can carry: its own columns, between the section's and the unit.
protocol CSVRow {
  /// The columns' names, for the header.
  static var csvColumns: [String] { get }
  /// Appends the row's fields, comma-separated and quoted as need be, to `line`.
  func appendCSVFields(to line: inout String)
}
