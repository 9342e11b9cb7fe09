import Foundation

/// JSON literals written by hand, so that output streams and numbers keep every bit.
enum JSONText {
  /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func optional(_ text: String?) -> String {
    text.map(string) ?? "null"
  }

  /// The shortest decimal that reads back as exactly `value` (Swift's description is that).
  static func number(_ value: Double) -> String {
    value.description
  }

  /// `{"year":1975,"amount":247.0}`.
  static func row(_ observation: Observation) -> String {
    "{\"year\":\(observation.year),\"amount\":\(number(observation.amount))}"
  }
}

/// CSV fields, quoted when RFC 4180 needs it.
enum CSVText {
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

  /// The header of the long format `dataset,section,year,amount,unit`.
  static let longHeader = "dataset,section,year,amount,unit\r\n"

  /// Writes a section's rows in the long format.
  static func writeRows(
    of info: SectionInfo, _ rows: some Sequence<Observation>, to output: inout some TextOutputStream
  ) {
    let prefix = field(info.dataset) + "," + field(info.title) + ","
    let suffix = "," + field(info.unit ?? "") + "\r\n"
    for row in rows {
      output.write(prefix + String(row.year) + "," + JSONText.number(row.amount) + suffix)
    }
  }
}
