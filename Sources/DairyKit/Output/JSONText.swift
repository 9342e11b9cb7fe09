/// JSON and CSV spellings of single values, exactly as `dairy` prints them.
enum JSONText {
  /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
  static func string(_ text: String) -> String {
    // Keys and most values have nothing to escape.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F }) {
      return "\"" + text + "\""
    }
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

  /// The shortest decimal that reads back as exactly `value` (Swift's description is that).
  static func number(_ value: Double) -> String {
    value.description
  }
}
