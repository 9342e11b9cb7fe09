import DairyModel

/// The character encoding of a CSV file: how its bytes become text.
///
/// A byte-order mark decides over any encoding asked for: `EF BB BF` is UTF-8, `FF FE` UTF-16
/// little-endian and `FE FF` UTF-16 big-endian. Without one, a file is read in the encoding asked
/// for, UTF-8 by default. Every encoding but UTF-8 is transcoded to UTF-8 as the file is read.
///
/// ```swift
/// TextEncoding(name: "cp1252")  // .windows1252
/// TextEncoding.windows1252.name  // "windows-1252"
/// ```
package enum TextEncoding: String, Sendable, Hashable, CaseIterable {
  case utf8 = "utf-8"
  case utf16LE = "utf-16le"
  case utf16BE = "utf-16be"
  /// Windows' Western European code page, the usual "ANSI" of spreadsheets saved as CSV.
  case windows1252 = "windows-1252"
  /// ISO 8859-1: each byte is the code point of the same number.
  case latin1 = "iso-8859-1"

  /// The names `--encoding` takes besides ``name``, in lower case.
  package static let aliases: [String: TextEncoding] = [
    "utf8": .utf8, "utf16le": .utf16LE, "utf16be": .utf16BE, "cp1252": .windows1252,
    "latin1": .latin1, "latin-1": .latin1, "iso8859-1": .latin1,
  ]

  /// The encoding a user names, in any case: its ``name`` or a common alias (`utf8`, `cp1252`,
  /// `latin1`); nil for any other.
  package init?(name: String) {
    let lowered = name.lowercased()
    guard let encoding = TextEncoding(rawValue: lowered) ?? Self.aliases[lowered] else {
      return nil
    }
    self = encoding
  }

  /// The encoding's name as `--encoding` takes it.
  package var name: String { rawValue }

  /// The names `--encoding` takes, for help and messages.
  package static var names: String { allCases.map { $0.name }.joined(separator: ", ") }
}
