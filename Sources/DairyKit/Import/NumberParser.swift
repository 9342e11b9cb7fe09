#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the bytes of a CSV field into an amount or a year, exactly.
///
/// Accepts decimal and scientific notation (`247`, `-0.5`, `.5`, `36188e6`, `17469899999.999996`),
/// with spaces around it. The result is the double nearest to the source text (correctly rounded),
/// so `export` gives back what the file said. `NaN` and infinities are refused.
///
/// ```swift
/// let numbers = NumberParser(missingMarkers: ["NA"])
/// numbers.amount(Array("8.1".utf8))  // .value(8.1, decimals: 1)
/// ```
public struct NumberParser: Sendable {
  /// A field read as an amount.
  public enum Amount: Equatable, Sendable {
    /// A number, and how many decimals the source wrote for it.
    case value(Double, decimals: Int)
    /// A missing-value marker, or an empty field.
    case missing
    /// Not a number; the message says why.
    case invalid(String)
  }

  /// A field read as a year.
  public enum Year: Equatable, Sendable {
    case value(Int64)
    case missing
    case invalid(String)
  }

  /// The texts, besides the empty field, that mean "no value".
  public static let standardMissingMarkers = ["NA", "N/A", "(NA)", "-"]

  private let markers: [[UInt8]]

  /// - Parameter missingMarkers: texts that mean "no value", compared after trimming spaces.
  public init(missingMarkers: [String] = NumberParser.standardMissingMarkers) {
    markers = missingMarkers.map { Array($0.utf8) }
  }

  // MARK: - Amounts

  public func amount(_ bytes: [UInt8]) -> Amount {
    bytes.withUnsafeBufferPointer { amount($0) }
  }

  /// Reads an amount from the bytes of one field.
  public func amount(_ field: UnsafeBufferPointer<UInt8>) -> Amount {
    let text = Self.trimmed(field)
    if text.isEmpty || isMissingMarker(text) { return .missing }
    switch Self.scan(text) {
    case .number(let value, let decimals):
      if !value.isFinite { return .invalid("\(Self.quoted(text)) is too large for a number") }
      return .value(value, decimals: decimals)
    case .notANumber:
      return .invalid(Self.notANumberMessage(text))
    }
  }

  // MARK: - Years

  public func year(_ bytes: [UInt8]) -> Year {
    bytes.withUnsafeBufferPointer { year($0) }
  }

  /// Reads a year: any integral number (`1975`, `2e3`); `2000.5` is refused.
  public func year(_ field: UnsafeBufferPointer<UInt8>) -> Year {
    let text = Self.trimmed(field)
    if text.isEmpty || isMissingMarker(text) { return .missing }
    // Fast path: plain digits.
    if text.count <= 9, text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      var value: Int64 = 0
      for byte in text { value = value * 10 + Int64(byte - 0x30) }
      return .value(value)
    }
    switch Self.scan(text) {
    case .number(let value, _):
      guard value.isFinite, abs(value) <= 9_007_199_254_740_992 else {
        return .invalid("\(Self.quoted(text)) is out of range for a year")
      }
      guard value.rounded(.towardZero) == value else {
        return .invalid("\(Self.quoted(text)) is not a whole year")
      }
      return .value(Int64(value))
    case .notANumber:
      return .invalid("year \(Self.quoted(text)) is not a number")
    }
  }

  // MARK: - Scanning

  private enum Scan {
    case number(Double, decimals: Int)
    case notANumber
  }

  private func isMissingMarker(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for marker in markers where marker.count == text.count {
      if marker.withUnsafeBufferPointer({
        memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0
      }) {
        return true
      }
    }
    return false
  }

  private static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = field.count
    while start < end && (field[start] == 0x20 || field[start] == 0x09) { start += 1 }
    while end > start && (field[end - 1] == 0x20 || field[end - 1] == 0x09) { end -= 1 }
    return UnsafeBufferPointer(rebasing: field[start..<end])
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Checks the grammar `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` and converts.
  private static func scan(_ text: UnsafeBufferPointer<UInt8>) -> Scan {
    var i = 0
    let n = text.count
    var negative = false
    if i < n && (text[i] == 0x2B || text[i] == 0x2D) {
      negative = text[i] == 0x2D
      i += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0  // digits accumulated into `mantissa`, leading zeros excluded
    var dropped = 0  // integer digits that did not fit into `mantissa`
    var digits = 0
    while i < n && text[i] >= 0x30 && text[i] <= 0x39 {
      let digit = UInt64(text[i] - 0x30)
      if significant < 19 {
        if mantissa != 0 || digit != 0 {
          mantissa = mantissa * 10 + digit
          significant += 1
        }
      } else {
        dropped += 1
      }
      digits += 1
      i += 1
    }
    var fractionDigits = 0
    var exact = dropped == 0
    if i < n && text[i] == 0x2E {
      i += 1
      while i < n && text[i] >= 0x30 && text[i] <= 0x39 {
        let digit = UInt64(text[i] - 0x30)
        if significant < 19 {
          if mantissa != 0 || digit != 0 { significant += 1 }
          mantissa = mantissa * 10 + digit
          fractionDigits += 1
        } else if digit != 0 {
          exact = false
        }
        digits += 1
        i += 1
      }
    }
    guard digits > 0 else { return .notANumber }
    var exponent = 0
    if i < n && (text[i] == 0x65 || text[i] == 0x45) {
      i += 1
      var negativeExponent = false
      if i < n && (text[i] == 0x2B || text[i] == 0x2D) {
        negativeExponent = text[i] == 0x2D
        i += 1
      }
      var exponentDigits = 0
      while i < n && text[i] >= 0x30 && text[i] <= 0x39 {
        if exponent < 100_000 { exponent = exponent * 10 + Int(text[i] - 0x30) }
        exponentDigits += 1
        i += 1
      }
      guard exponentDigits > 0 else { return .notANumber }
      if negativeExponent { exponent = -exponent }
    }
    guard i == n else { return .notANumber }
    let decimals = max(0, min(fractionDigits - exponent, 12))

    // Clinger's fast path: a mantissa of at most 53 bits times an exact power of ten is
    // correctly rounded by one IEEE operation.
    let scale = exponent - fractionDigits + dropped
    if exact && mantissa <= 1 << 53 && scale >= -22 && scale <= 22 {
      var value = Double(mantissa)
      value = scale < 0 ? value / powersOfTen[-scale] : value * powersOfTen[scale]
      return .number(negative ? -value : value, decimals: decimals)
    }
    return .number(strtodCopy(text), decimals: decimals)
  }

  /// `strtod` needs a NUL-terminated string; glibc's is correctly rounded.
  private static func strtodCopy(_ text: UnsafeBufferPointer<UInt8>) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { copy in
      for index in 0..<text.count { copy[index] = CChar(bitPattern: text[index]) }
      copy[text.count] = 0
      return strtod(copy.baseAddress!, nil)
    }
  }

  private static func notANumberMessage(_ text: UnsafeBufferPointer<UInt8>) -> String {
    let lowered = String(decoding: text, as: UTF8.self).lowercased()
    let bare =
      lowered.hasPrefix("+") || lowered.hasPrefix("-") ? String(lowered.dropFirst()) : lowered
    if bare == "nan" { return "NaN is not a number dairy can store; leave the cell empty or NA" }
    if bare == "inf" || bare == "infinity" {
      return "infinity is not a number dairy can store; leave the cell empty or NA"
    }
    return "\(quoted(text)) is not a number"
  }

  static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> String {
    let string = String(decoding: text.prefix(40), as: UTF8.self)
    return "\"" + TextEscaping.visible(string) + (text.count > 40 ? "…" : "") + "\""
  }
}
