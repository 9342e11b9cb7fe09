import DairyModel

extension XMLTokenizer {
  /// What a run of bytes is, which decides how it is decoded.
  package enum TextKind {
    /// Text: entities and references decoded, line ends made `\n`.
    case text
    /// An attribute value: as text, and then each white-space character a space.
    case attribute
    /// A CDATA section: only line ends are normalised.
    case cdata
  }

  /// The bytes at `start` as they read, decoded into the scratch buffer only when they hold an
  /// entity, a reference or a carriage return.
  package mutating func decodedIfNeeded(start: Int, count: Int, as kind: TextKind) throws -> Span {
    var index = start
    let stop = start + count
    while index < stop {
      let byte = buffer[index]
      if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "&") && kind != .cdata) {
        return try decode(start: start, count: count, as: kind)
      }
      index += 1
    }
    return Span(start: start, count: count)
  }

  /// Decodes the bytes at `start` into the scratch buffer. Decoding never lengthens them.
  package mutating func decode(start: Int, count: Int, as kind: TextKind) throws -> Span {
    reserveScratch(count)
    let first = scratchCount
    var index = start
    let stop = start + count
    while index < stop {
      let byte = buffer[index]
      index += 1
      switch byte {
      case UInt8(ascii: "&") where kind != .cdata:
        index = try entity(at: index - 1, stop: stop)
      case UInt8(ascii: "\r"):
        if index < stop && buffer[index] == UInt8(ascii: "\n") { index += 1 }
        append(kind == .attribute ? UInt8(ascii: " ") : UInt8(ascii: "\n"))
      case UInt8(ascii: "\n"), UInt8(ascii: "\t"):
        append(kind == .attribute ? UInt8(ascii: " ") : byte)
      default:
        append(byte)
      }
    }
    return Span(start: first, count: scratchCount - first, decoded: true)
  }

  private mutating func append(_ byte: UInt8) {
    scratch[scratchCount] = byte
    scratchCount += 1
  }

  /// Decodes the entity or character reference at `start` (its `&`); returns the index after
  /// its `;`.
  private mutating func entity(at start: Int, stop: Int) throws -> Int {
    var semicolon = start + 1
    while semicolon < stop, semicolon - start <= 12, buffer[semicolon] != UInt8(ascii: ";") {
      semicolon += 1
    }
    guard semicolon < stop, buffer[semicolon] == UInt8(ascii: ";") else {
      throw error("'&' starts no entity; write it as &amp;")
    }
    let name = UnsafeBufferPointer(start: buffer + start + 1, count: semicolon - start - 1)
    if let byte = Self.predefined(name) {
      append(byte)
    } else if name.first == UInt8(ascii: "#"), let scalar = Self.reference(name.dropFirst()) {
      for unit in UTF8.encode(scalar)! { append(unit) }
    } else if name.first == UInt8(ascii: "#") {
      throw error("&\(Self.visible(name)); is not a character XML allows")
    } else {
      throw error(
        "unknown entity &\(Self.visible(name));; only &lt; &gt; &amp; &quot; &apos; are read")
    }
    return semicolon + 1
  }

  private static func predefined(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
    switch Array(name) {
    case [0x6C, 0x74]: UInt8(ascii: "<")  // lt
    case [0x67, 0x74]: UInt8(ascii: ">")  // gt
    case [0x61, 0x6D, 0x70]: UInt8(ascii: "&")  // amp
    case [0x71, 0x75, 0x6F, 0x74]: UInt8(ascii: "\"")  // quot
    case [0x61, 0x70, 0x6F, 0x73]: UInt8(ascii: "'")  // apos
    default: nil
    }
  }

  /// The character of a reference's digits (`38` or `x26`), if XML allows it.
  private static func reference(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
    var value: UInt32 = 0
    if digits.first == UInt8(ascii: "x") {
      guard let hex = HexDigits.value(of: digits.dropFirst()) else { return nil }
      value = hex
    } else {
      guard !digits.isEmpty, digits.count <= 8 else { return nil }
      for byte in digits {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + UInt32(byte - 0x30)
      }
    }
    let allowed =
      value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    return allowed ? Unicode.Scalar(value) : nil
  }
}
