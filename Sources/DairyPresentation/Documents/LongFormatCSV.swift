import DairyImport
import DairyModel

/// The long CSV format `dairy` writes: `dataset,section,`, then a row's own columns, then `unit`;
/// RFC 4180 quoting, CRLF line ends. `show --format csv` writes ``PageRow``s in it and the export
/// ``Observation``s: they share the section's columns and the writing, and each says what a
/// row's columns are. The export adds the section's other fields after the unit,
/// `key,group,notes,link` (``SectionFields/describingColumns``) and, when a section has them,
/// `frequency,place,placeLevel,placeCode`, then `marker` (what a missing cell held, `(D)`, or the
/// marker of a value, `-` that represents zero: ``markerColumn``), which `dairy import` reads
/// back with the rest. Periods
/// are written as ``Period/text`` (`2020`, `2020-Q1`, `2020-03`), in a column named `year` when
/// every section is annual (as before sections had frequencies), else `period`.
///
/// ```swift
/// let describing = LongFormatCSV.describedFields(of: [info])
/// var csv = LongFormatCSV.header(for: Observation.self, describing: describing)
/// LongFormatCSV.SectionWriter(info, describing: describing)
///   .write(observation, to: &csv)
/// // "dataset,section,year,amount,unit,key,group,notes,link\r\n"
/// // "per_capita_consumption_1975-2022,Fluid beverage milk,1975,247.0,lb per person,"
/// //   + "Fluid_Beverage_Milk,Fluid milk,\"All fluid milk beverages: whole, …\","
/// //   + "per_capita_consumption_1975-2022.csv\r\n"
/// ```
package enum LongFormatCSV {
  /// The export's last column: a row's marker. Last, so that a reader that knows the columns
  /// before it still reads the file.
  package static let markerColumn = "marker"

  /// The fields that describe every section, after the unit, when the rows are describing.
  package static let describingFields = SectionFields.describingColumns.filter {
    !$0.isWrittenWhenGiven
  }

  /// The fields that describe `sections`: ``describingFields``, then each field written only
  /// when given (a frequency, a place) that one of them has.
  package static func describedFields(of sections: [SectionInfo]) -> [SectionFields.Column] {
    describingFields + givenFields(of: sections)
  }

  /// The fields written only when given (a frequency, a place) that one of `sections` has.
  package static func givenFields(of sections: [SectionInfo]) -> [SectionFields.Column] {
    SectionFields.writtenWhenGiven.filter { column in
      sections.contains { $0.fields[column] != nil }
    }
  }

  /// Whether rows of `sections` are written under `period` rather than `year`: one is not
  /// annual.
  package static func writesPeriods(of sections: [SectionInfo]) -> Bool {
    sections.contains { $0.frequency != .annual }
  }

  /// The header line for rows of type `Row`, with `extra` columns after the row's own (those a
  /// row writes only when asked, as `show --change`'s), then the `describing` fields, and
  /// ``markerColumn`` last when `marked`; with `periods`, the row's `year` columns are named
  /// `period` (`previousYear`, `previousPeriod`).
  package static func header<Row: CSVRow>(
    for row: Row.Type, extra: [String] = [], describing: [SectionFields.Column] = [],
    periods: Bool = false, marked: Bool = false
  ) -> String {
    var columns = ["dataset", "section"] + Row.csvColumns + extra + ["unit"]
    if periods {
      columns = columns.map {
        $0 == "year" ? "period" : $0 == "previousYear" ? "previousPeriod" : $0
      }
    }
    return (columns + describing.map(\.rawValue) + (marked ? [markerColumn] : []))
      .joined(separator: ",") + "\r\n"
  }

  /// Writes the rows of one section: its columns are quoted once, not once a row.
  package struct SectionWriter {
    private let prefix: String
    private let suffix: String
    private let frequency: Frequency

    /// - Parameter describing: the section's other fields each row ends with (key, group,
    ///   notes, …), as the header names them.
    package init(_ info: SectionInfo, describing: [SectionFields.Column] = []) {
      prefix = LongFormatCSV.field(info.dataset) + "," + LongFormatCSV.field(info.title) + ","
      var suffix = "," + LongFormatCSV.field(info.unit ?? "")
      for column in describing {
        suffix += "," + LongFormatCSV.field(info.fields[column] ?? "")
      }
      self.suffix = suffix
      frequency = info.frequency
    }

    package func write(_ row: some CSVRow, to output: inout some TextOutputStream) {
      var line = prefix
      row.appendCSVFields(to: &line, frequency: frequency)
      line += suffix + "\r\n"
      output.write(line)
    }

    /// Writes a row with its marker last (``markerColumn``: `""` for none).
    package func write(
      _ row: some CSVRow, marker: String, to output: inout some TextOutputStream
    ) {
      var line = prefix
      row.appendCSVFields(to: &line, frequency: frequency)
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
  /// Appends the row's fields, comma-separated and quoted as need be, to `line`; its periods
  /// are of `frequency`.
  func appendCSVFields(to line: inout String, frequency: Frequency)
}
