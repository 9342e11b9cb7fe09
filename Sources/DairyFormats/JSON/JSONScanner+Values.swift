import DairyModel

// MARK: - Strings and numbers

extension JSONScanner {
  /// Reads a string, its escapes decoded.
  ///
  /// - Throws: at a control character, a bad escape, a lone surrogate, invalid UTF-8, or a NUL
  ///   (which SQLite text cannot hold).
  package func string() throws -> String {
    let start = try valueLocation()
    try expect(UInt8(ascii: "\""), "a string")
    var bytes: [UInt8] = []
    while true {
      guard bytes.count <= maxTokenBytes else {
        throw failure(
          "this string is longer than \(CSVReader.size(maxTokenBytes)), the most a field may hold",
          at: start)
      }
      guard let byte = try nextByte() else {
        throw failure("this string is never closed", at: start)
      }
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw failure("this string is not valid UTF-8", at: start)
        }
        return text
      case UInt8(ascii: "\\"):
        try escape(into: &bytes)
      case 0..<0x20:
        throw failure("a control character in a string must be escaped (\\n, \\u001b)")
      default:
        bytes.append(byte)
      }
    }
  }

  /// What `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` and `\t` stand for.
  private static let simpleEscapes: [UInt8: UInt8] = [
    0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D,
    0x74: 0x09,
  ]

  private func escape(into bytes: inout [UInt8]) throws {
    let place = location
    guard let byte = try nextByte() else { throw failure("the file ends in an escape") }
    if let decoded = Self.simpleEscapes[byte] {
      bytes.append(decoded)
      return
    }
    guard byte == UInt8(ascii: "u") else { throw failure("unknown escape", at: place) }
    var value = try hex4()
    if (0xD800..<0xDC00).contains(value) {
      guard try nextByte() == UInt8(ascii: "\\"), try nextByte() == UInt8(ascii: "u") else {
        throw failure("a high surrogate (\\uD8xx) must be followed by a low one", at: place)
      }
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else {
        throw failure("a high surrogate (\\uD8xx) must be followed by a low one", at: place)
      }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    }
    guard value != 0, let scalar = Unicode.Scalar(value) else {
      throw failure(
        value == 0
          ? "a NUL character (\\u0000), which dairy cannot store" : "a lone surrogate",
        at: place)
    }
    bytes.append(contentsOf: String(scalar).utf8)
  }

  private func hex4() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let place = location
      guard let byte = try nextByte(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue
      else { throw failure("expected four hex digits after \\u", at: place) }
      value = value * 16 + UInt32(digit)
    }
    return value
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
