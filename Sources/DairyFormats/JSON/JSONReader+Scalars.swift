import DairyModel

// MARK: - Strings and numbers

extension JSONReader {
  /// A string, from its opening quote to its closing one, escapes decoded.
  package mutating func string() throws -> String {
    let start = index
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush() {
      scalars.append(
        contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard let byte = current, byte != UInt8(ascii: "\\") || index + 1 < bytes.count else {
        throw JSONSyntaxError(
          offset: start, message: "the text that starts here has no closing double quote")
      }
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        scalars.append(try escape())
        runStart = index
      case 0..<0x20:
        throw JSONSyntaxError(
          offset: index,
          message: "a control character (\(TextEscaping.visible(String(UnicodeScalar(byte)))))"
            + " must be written as an escape in JSON text")
      default:
        index += 1
      }
    }
  }

  /// The scalar an escape stands for, from its backslash on.
  private mutating func escape() throws -> Unicode.Scalar {
    let start = index
    index += 1
    let byte = bytes[index]  // there is one: string() looked
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): return try unicodeEscape(from: start)
    default:
      index -= 1
      throw JSONSyntaxError(
        offset: start,
        message: "expected an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX), found "
          + "\"\\\(found.dropFirst())")
    }
  }

  /// `\uXXXX`, or two of them for a character beyond U+FFFF; `start` is the backslash.
  private mutating func unicodeEscape(from start: Int) throws -> Unicode.Scalar {
    let high = try hexDigits(from: start)
    if (0xDC00...0xDFFF).contains(high) {
      throw JSONSyntaxError(
        offset: start, message: "\\u\(hex(high)) is the second half of a character without a first")
    }
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
    let second = index
    guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
      bytes[index + 1] == UInt8(ascii: "u")
    else {
      throw JSONSyntaxError(
        offset: start,
        message: "\\u\(hex(high)) is half a character: expected \\uDC00 to \\uDFFF after it")
    }
    index += 2
    let low = try hexDigits(from: second)
    guard (0xDC00...0xDFFF).contains(low) else {
      throw JSONSyntaxError(
        offset: second,
        message: "expected \\uDC00 to \\uDFFF after \\u\(hex(high)), found \\u\(hex(low))")
    }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
  }

  /// The four hex digits after `\u`.
  private mutating func hexDigits(from start: Int) throws -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
      bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else {
      throw JSONSyntaxError(offset: start, message: "expected four hex digits after \\u")
    }
    index += 4
    return value
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// A number, as written: `-`, an integer part without leading zeros, a fraction, an exponent.
  package mutating func number() throws -> String {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    if current == UInt8(ascii: "0") {
      index += 1
    } else {
      try digits("a digit")
    }
    if current == UInt8(ascii: ".") {
      index += 1
      try digits("a digit after \".\"")
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      try digits("a digit in the exponent")
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func digits(_ expected: String) throws {
    guard let byte = current, (0x30...0x39).contains(byte) else { throw unexpected(expected) }
    while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
  }
}
