import DairyModel

// MARK: - Strings and numbers

extension JSONScanner {
  /// Reads a string, its escapes decoded.
  ///
  /// - Throws: at a control character, a bad escape, half a surrogate pair, a byte that is not
  ///   UTF-8, or (unless ``allowsNUL``) a NUL, which SQLite text cannot hold.
  package func string() throws -> String {
    let start = try valueLocation()
    let startOffset = offset
    try expect(UInt8(ascii: "\""), "a string")
    var bytes: [UInt8] = []
    while true {
      let next = try takeTextRun(into: &bytes)
      guard bytes.count <= maxTokenBytes else {
        throw failure(
          "this string is longer than \(CSVReader.size(maxTokenBytes)), the most a field may hold",
          at: start)
      }
      guard let byte = next else { throw unclosed(at: start) }
      switch byte {
      case UInt8(ascii: "\""):
        try nextByte()
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw notUTF8(from: startOffset + 1, at: start)
        }
        return text
      case UInt8(ascii: "\\"):
        try escape(into: &bytes, in: start)
      case 0..<0x20:
        throw failure(
          "a control character (\(TextEscaping.visible(String(UnicodeScalar(byte)))))"
            + " must be written as an escape in JSON text")
      default:
        preconditionFailure("a run of text ends at a quote, a backslash or a control character")
      }
    }
  }

  private func unclosed(at start: SourceLocation) -> DairyError {
    failure("the text that starts here has no closing double quote", at: start)
  }

  /// The error at the first byte that is not UTF-8 in the text of a string read whole (from
  /// `start` in the file, after its opening quote, to the closing quote just taken), which
  /// starts at `place`. The text holds no line end (those are control characters).
  private func notUTF8(from start: Int, at place: SourceLocation) -> DairyError {
    let text = bytes(at: start, count: self.offset - 1 - start)
    let bad = UTF8Validation.firstInvalidByte(in: text) ?? 0
    var bytePlace = place
    bytePlace.column = (place.column ?? 1) + 1 + text[..<bad].count { $0 & 0xC0 != 0x80 }
    return failure("this byte is not UTF-8; save the file as UTF-8", at: bytePlace)
  }

  /// What `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` and `\t` stand for.
  private static let simpleEscapes: [UInt8: UInt8] = [
    0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D,
    0x74: 0x09,
  ]

  /// Decodes the escape at the next byte (its backslash) into `bytes`, of the string that
  /// starts at `string`.
  private func escape(into bytes: inout [UInt8], in string: SourceLocation) throws {
    let start = location
    try nextByte()
    let afterBackslash = location
    guard let byte = try peekByte() else { throw unclosed(at: string) }
    if let decoded = Self.simpleEscapes[byte] {
      try nextByte()
      bytes.append(decoded)
      return
    }
    guard byte == UInt8(ascii: "u") else {
      let found = Self.found(upcoming(24))
      throw failure(
        "expected an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX), found "
          + "\"\\\(found.dropFirst())", at: start)
    }
    try nextByte()
    let high = try hexDigits(after: start)
    if (0xDC00...0xDFFF).contains(high) {
      throw failure(
        "\\u\(Self.hex(high)) is the second half of a character without a first", at: start)
    }
    var value = high
    if (0xD800...0xDBFF).contains(high) {
      let second = location
      guard upcoming(2) == [UInt8(ascii: "\\"), UInt8(ascii: "u")] else {
        throw failure(
          "\\u\(Self.hex(high)) is half a character: expected \\uDC00 to \\uDFFF after it",
          at: start)
      }
      try nextByte()
      try nextByte()
      let low = try hexDigits(after: second)
      guard (0xDC00...0xDFFF).contains(low) else {
        throw failure(
          "expected \\uDC00 to \\uDFFF after \\u\(Self.hex(high)), found \\u\(Self.hex(low))",
          at: second)
      }
      value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }
    if value == 0 && !allowsNUL {
      throw failure("a NUL character (\\u0000), which dairy cannot store", at: afterBackslash)
    }
    bytes.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
  }

  /// The four hex digits after `\u`, whose backslash is at `start`.
  private func hexDigits(after start: SourceLocation) throws -> UInt32 {
    let digits = upcoming(4)
    guard digits.count == 4, let value = HexDigits.value(of: digits) else {
      throw failure("expected four hex digits after \\u", at: start)
    }
    for _ in 0..<4 { try nextByte() }
    return value
  }

  /// A UTF-16 code unit as escapes write it: four upper-case hex digits.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The text of a number, checked against JSON's grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?`
  /// `([eE][+-]?[0-9]+)?`.
  package func numberText(_ what: String) throws -> (text: String, place: SourceLocation) {
    let place = try valueLocation()
    guard let first = try peek(), first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
    else { throw try unexpected(what) }
    var text: [UInt8] = []
    while let byte = try peekByte(),
      (0x30...0x39).contains(byte) || [0x2B, 0x2D, 0x2E, 0x45, 0x65].contains(byte)
    {
      guard text.count < maxTokenBytes else {
        throw failure(
          "this number is longer than \(CSVReader.size(maxTokenBytes)), the most a field may hold",
          at: place)
      }
      text.append(byte)
      try nextByte()
    }
    let string = String(decoding: text, as: UTF8.self)
    guard Self.isNumber(text) else {
      throw failure("\(Self.quoted(string)) is not a JSON number", at: place)
    }
    return (string, place)
  }

  /// A whole number (a year, decimals).
  package func integer(_ what: String) throws -> (value: Int64, place: SourceLocation) {
    let (text, place) = try numberText(what)
    guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }) else {
      throw failure("\(what) must be a whole number, not \(Self.quoted(text))", at: place)
    }
    guard let value = Int64(text) else {
      throw failure("\(Self.quoted(text)) is out of range for \(what)", at: place)
    }
    return (value, place)
  }

  /// A finite number (an amount): the double nearest to its text.
  package func double(_ what: String) throws -> Double {
    let (text, place) = try numberText(what)
    guard let value = Double(text), value.isFinite else {
      throw failure("\(Self.quoted(text)) is out of range for \(what)", at: place)
    }
    return value
  }

  /// How many characters of a value a message quotes.
  package static let quotedCharacters = 40

  /// A value as a message quotes it, escaped: its first 40 characters, then `…` and its length
  /// when it is longer (`"1111…" (52428800 bytes)`), so that a huge value gives a short message.
  package static func quoted(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > quotedCharacters else { return "\"\(TextEscaping.visible(text))\"" }
    let shown = String(String.UnicodeScalarView(scalars.prefix(quotedCharacters)))
    return "\"\(TextEscaping.visible(shown))…\" (\(text.utf8.count) bytes)"
  }

  private static func isNumber(_ text: [UInt8]) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < text.count, (0x30...0x39).contains(text[index]) { index += 1 }
      return index - start
    }
    if index < text.count, text[index] == 0x2D { index += 1 }
    let whole = index
    guard digits() > 0, text[whole] != 0x30 || index == whole + 1 else { return false }
    if index < text.count, text[index] == 0x2E {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < text.count, text[index] == 0x45 || text[index] == 0x65 {
      index += 1
      if index < text.count, text[index] == 0x2B || text[index] == 0x2D { index += 1 }
      guard digits() > 0 else { return false }
    }
    return index == text.count
  }
}
