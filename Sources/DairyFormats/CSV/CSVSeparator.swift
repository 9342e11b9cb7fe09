import DairyModel

/// The character between the fields of a CSV file: a comma, a semicolon (spreadsheets where the
/// comma is the decimal mark save that way) or a tab.
///
/// ``CSVSource`` detects it from the file's first lines (``detect(in:isWhole:)``) unless
/// `--separator` names it.
///
/// ```swift
/// CSVSeparator(name: ";")  // .semicolon
/// CSVSeparator.tab.byte    // 0x09
/// ```
package enum CSVSeparator: String, Sendable, Hashable, CaseIterable {
  case comma
  case semicolon
  case tab

  /// The separator a user names: `comma`, `semicolon`, `tab` (in any case), or the character
  /// itself (`,`, `;`, a tab character, or `\t` as typed).
  package init?(name: String) {
    switch name.lowercased() {
    case "comma", ",": self = .comma
    case "semicolon", ";": self = .semicolon
    case "tab", "\t", "\\t": self = .tab
    default: return nil
    }
  }

  /// Its byte in the file.
  package var byte: UInt8 {
    switch self {
    case .comma: CSVReader.comma
    case .semicolon: CSVReader.semicolon
    case .tab: CSVReader.tab
    }
  }

  /// Its name, plural, as messages say it ("quote fields that contain commas").
  package var plural: String {
    switch self {
    case .comma: "commas"
    case .semicolon: "semicolons"
    case .tab: "tabs"
    }
  }
}
