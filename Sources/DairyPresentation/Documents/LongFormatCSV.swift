import DairyImport
import DairyModel

/// The long CSV format `dairy` writes: `dataset,section,`, then a row's own columns, then `unit`;
/// RFC 4180 quoting, CRLF line ends. `show --format csv` writes ``PageRow``s in it and the export
/// ``Observation``s: they share the section's columns and the writing, and each says what a
/// row's columns are. The export adds the section's other fields after the unit,
/// `key,group,notes,link` (``SectionFields/describingColumns``), then `marker` (what a missing
/// cell held, `(D)`, or the marker of a value, `-` that represents zero: ``markerColumn``), which
/// `dairy import` reads back with the rest.
///
/// ```swift
/// var csv = LongFormatCSV.header(for: Observation.self, describing: true)
/// LongFormatCSV.SectionWriter(info, describing: true)
///   .write(observation, to: &csv)
/// // "dataset,section,year,amount,unit,key,group,notes,link\r\n"
/// // "per_capita_consumption_1975-2022,Fluid beverage milk,1975,247.0,lb per person,"
/// //   + "Fluid_Beverage_Milk,Fluid milk,\"All fluid milk beverages: whole, …\","
/// //   + "per_capita_consumption_1975-2022.csv\r\n"
/// ```
package enum LongFormatCSV {
  /// The columns that describe a section, after the unit, when the rows are `describing`.
  package static let describingColumns = describingFields.map(\.rawValue)

  /// The fields of ``describingColumns``.
  package static let describingFields = SectionFields.describingColumns.filter {
    !$0.isWrittenWhenGiven
  }
  /// The export's last column: a row's marker. Last, so that a reader that knows the columns
  /// before it still reads the file.
  package static let markerColumn = "marker"

  /// The header line for rows of type `Row`, with `extra` columns after the row's own (those a
  /// row writes only when asked, as `show --change`'s), ``describingColumns`` when `describing`,
  /// and ``markerColumn`` last when `marked`.
  package static func header<Row: CSVRow>(
    for row: Row.Type, extra: [String] = [], describing: Bool = false, marked: Bool = false
  ) -> String {
    let columns =
      ["dataset", "section"] + Row.csvColumns + extra + ["unit"]
      + (describing ? describingColumns : []) + (marked ? [markerColumn] : [])
    return columns.joined(separator: ",") + "\r\n"
  }

  /// Writes the rows of one section: its columns are quoted once, not once a row.
  package struct SectionWriter {
    private let prefix: String
    private let suffix: String

    /// - Parameter describing: whether each row ends with the section's other fields (key,
    ///   group, notes).
    package init(_ info: SectionInfo, describing: Bool = false) {
      prefix = LongFormatCSV.field(info.dataset) + "," + LongFormatCSV.field(info.title) + ","
      var suffix = "," + LongFormatCSV.field(info.unit ?? "")
      if describing {
        for column in LongFormatCSV.describingFields {
          suffix += "," + LongFormatCSV.field(info.fields[column] ?? "")
        }
      }
      self.suffix = suffix
    }

    package func write(_ row: some CSVRow, to output: inout some TextOutputStream) {
      var line = prefix
      row.appendCSVFields(to: &line)
      line += suffix + "\r\n"
      output.write(line)
    }

    /// Writes a row with its marker last (``markerColumn``: `""` for none).
    package func write(
      _ row: some CSVRow, marker: String, to output: inout some TextOutputStream
    ) {
      var line = prefix
      row.appendCSVFields(to: &line)
      line += suffix + "," + LongFormatCSV.field(marker) + "\r\n"
      output.write(line)
    }
  }

  /// A field, quoted when RFC 4180 needs it (a comma, quote or line break), or when it starts or
  /// ends with white space, which a reader might trim.
  package static func field(_ text: String) -> String {
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
package protocol CSVRow {
  /// The columns' names, for the header.
  static var csvColumns: [String] { get }
  /// Appends the row's fields, comma-separated and quoted as need be, to `line`.
  func appendCSVFields(to line: inout String)
}
