import DairyImport
import DairyModel

/// JSON and CSV spellings of single values, exactly as `dairy` prints them.
package enum JSONText {
  /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
  package static func string(_ text: String) -> String {
    if needsNoEscape(text) { return "\"" + text + "\"" }
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

  /// True when `text` is its own JSON spelling between quotes, as keys and most values are.
  package static func needsNoEscape(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) }
      ?? text.utf8.allSatisfy(isPlain)
  }

  /// True for a UTF-8 byte that stands for itself in a JSON string.
  package static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F
  }

  /// The shortest decimal that reads back as exactly `value` (Swift's description is that).
  package static func number(_ value: Double) -> String {
    value.description
  }
}
