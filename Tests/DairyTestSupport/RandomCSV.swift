import DairyFormats
import Foundation

/// Random valid RFC 4180 files and the records they hold, from a seed.
package struct RandomCSV {
  package struct File {
    package var bytes: [UInt8]
    /// What a reader that skips blank lines must return.
    package var records: [[[UInt8]]]
    /// The reader's read size, tiny so that records straddle reads; nil for the default.
    package var readSize: Int?
    /// Which of ``RandomCSV/allFeatures`` the file has.
    package var features: Set<String> = []
    /// The separator and encoding it was written with (dialect files only: else a comma and
    /// UTF-8).
    package var separator = CSVSeparator.comma
    package var encoding = TextEncoding.utf8
  }

  package var random: SplitMix64
  /// Whether files get a random separator and encoding (`DifferentialDialectTests`). Without,
  /// the generator draws exactly the numbers it always drew, so a seed makes the same files.
  package var dialects = false

  package init(seed: UInt64, dialects: Bool = false) {
    random = SplitMix64(seed: seed)
    self.dialects = dialects
  }

  /// Text a field is made of: the delimiters, line ends, multi-byte and invisible characters.
  package static let pieces = [
    "a", "Milk", "1975", "-2.5", " ", "\t", ",", ",,", "\"", "\"\"", "\r", "\n", "\r\n", "\n\r",
    "é", "e\u{301}", "牛乳", "😀", "👩‍👩‍👧", "\u{202E}", "\u{FEFF}", "\u{1B}[31m", "\u{7F}",
    "\u{85}",
    "\u{2028}", "\u{301}", "NA",
  ]
  package static let lineEnds = ["\n", "\r\n", "\r"]
  package static let readSizes: [Int?] = [nil, 2, 3, 4, 5, 7, 16, 61]

  package mutating func file() -> File {
    let (separator, encoding) = dialects ? randomDialect() : (.comma, .utf8)
    let lineEnd = random.element(Self.lineEnds + ["mixed"])
    let bom = Self.byteOrderMark(random.chance(1, in: 4), encoding)
    let width = random.int(1...5)
    var text = bom ? "\u{FEFF}" : ""
    var records: [[[UInt8]]] = []
    var features: Set<String> = bom ? ["byte-order mark"] : []
    let count = random.int(0...8)
    for index in 0..<count {
      func end() -> String {
        let end = lineEnd == "mixed" ? random.element(Self.lineEnds) : lineEnd
        features.insert(end)
        return end
      }
      while random.chance(1, in: 6) { text += end() }
      let fields = (0..<(random.chance(1, in: 5) ? random.int(1...6) : width)).map { _ in
        field(encoding)
      }
      var line = ""
      for (column, value) in fields.enumerated() {
        // Unquoted, a value that begins the file with U+FEFF would read as a byte-order mark.
        let mustQuote =
          value.unicodeScalars.contains { "\"\r\n".unicodeScalars.contains($0) }
          || value.utf8.contains(separator.byte)
          || (text.isEmpty && column == 0 && value.unicodeScalars.first == "\u{FEFF}")
        if column > 0 { line.unicodeScalars.append(Unicode.Scalar(separator.byte)) }
        line += mustQuote || random.chance(1, in: 4) ? Self.quoted(value) : value
        if value.isEmpty { features.insert("empty field") }
        if value.utf8.contains(0x22) { features.insert("doubled quote") }
        if value.utf8.contains(0x0D) || value.utf8.contains(0x0A) {
          features.insert("line break in quotes")
        }
        if value.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
          features.insert("4-byte UTF-8")
        }
      }
      text += line
      // A line with nothing on it is blank, whatever was meant.
      if !line.isEmpty { records.append(fields.map { Array($0.utf8) }) }
      if index < count - 1 || random.chance(2, in: 3) {
        text += end()
      } else if !line.isEmpty {
        features.insert("no last line end")
      }
    }
    let readSize = random.element(Self.readSizes)
    if readSize != nil { features.insert("tiny reads") }
    if dialects { features.formUnion([separator.rawValue, encoding.name]) }
    return File(
      bytes: Self.encoded(text, encoding), records: records, readSize: readSize,
      features: features, separator: separator, encoding: encoding)
  }

  /// `value` in quotes, its quotes doubled (scalar by scalar: a quote and a combining mark after
  /// it are one `Character`).
  package static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      out.unicodeScalars.append(scalar)
      if scalar == "\"" { out.unicodeScalars.append(scalar) }
    }
    return out + "\""
  }

  package static let allFeatures: Set<String> = [
    "byte-order mark", "doubled quote", "line break in quotes", "\r", "\r\n", "\n", "empty field",
    "4-byte UTF-8", "no last line end", "tiny reads",
  ]

  package mutating func field(_ encoding: TextEncoding = .utf8) -> String {
    if random.chance(1, in: 5) { return "" }
    let pieces = dialects ? Self.dialectPieces(encoding) : Self.pieces
    return (0..<random.int(1...6)).map { _ in random.element(pieces) }.joined()
  }

  /// The cases docs/formats.md names (its "CSV" section), read at a few sizes.
  package static let edgeCases: [File] = {
    let cases: [(String, [[String]])] = [
      ("", []), ("\u{FEFF}", []), ("\u{FEFF}a,b\r\n", [["a", "b"]]), ("\r\n\n\r", []),
      (",\n", [["", ""]]), ("\"\"", [[""]]), ("a,\"\"\r", [["a", ""]]), ("a,b,", [["a", "b", ""]]),
      ("\"a\r\nb\"\r\"c\rd\"\n", [["a\r\nb"], ["c\rd"]]), ("\"\"\"\"\n", [["\""]]),
      ("a\r\r\nb", [["a"], ["b"]]), ("\"x\"", [["x"]]), ("\u{FEFF}\"\u{FEFF}\"\n", [["\u{FEFF}"]]),
      ("\"\r\"\r\"\n\"\n", [["\r"], ["\n"]]),
    ]
    return cases.flatMap { text, records in
      [nil, 2, 3].map { size in
        File(
          bytes: Array(text.utf8), records: records.map { $0.map { Array($0.utf8) } },
          readSize: size)
      }
    }
  }()
}

extension RandomCSV {
  package static let dialectFeatures: Set<String> = Set(
    CSVSeparator.allCases.map { $0.rawValue }
      + [TextEncoding.utf8, .utf16LE, .utf16BE, .windows1252].map { $0.name })

  package mutating func randomDialect() -> (CSVSeparator, TextEncoding) {
    (
      random.element(CSVSeparator.allCases),
      random.element([TextEncoding.utf8, .utf8, .utf16LE, .utf16BE, .windows1252])
    )
  }

  /// Whether the text starts with U+FEFF: as drawn in UTF-8, always in UTF-16 (where it is the
  /// byte-order mark the reader needs), never in Windows-1252, which has no such character.
  package static func byteOrderMark(_ drawn: Bool, _ encoding: TextEncoding) -> Bool {
    switch encoding {
    case .utf16LE, .utf16BE: true
    case .windows1252, .latin1: false
    case .utf8: drawn
    }
  }

  /// The pieces of a field in a dialect file: a semicolon too, and in Windows-1252 only
  /// characters it has (its own among them).
  package static func dialectPieces(_ encoding: TextEncoding) -> [String] {
    guard encoding == .windows1252 else { return pieces + [";", ";;"] }
    return pieces.filter { $0.unicodeScalars.allSatisfy { windows1252Byte($0) != nil } }
      + [";", ";;", "’", "€", "…", "Ÿ", "ÿ", "Ž", "\u{A0}"]
  }

  /// The byte of `scalar` in Windows-1252, or nil when it has none.
  package static func windows1252Byte(_ scalar: Unicode.Scalar) -> UInt8? {
    if scalar.value < 0x80 || (scalar.value >= 0xA0 && scalar.value <= 0xFF) {
      return UInt8(scalar.value)
    }
    return TextTranscoder.windows1252High.firstIndex(of: scalar.value).flatMap {
      [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0 + 0x80) ? nil : UInt8($0 + 0x80)
    }
  }

  /// `text` in `encoding`.
  package static func encoded(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
    switch encoding {
    case .utf16LE: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BE: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .windows1252, .latin1: text.unicodeScalars.map { windows1252Byte($0)! }
    case .utf8: Array(text.utf8)
    }
  }
}
