import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Scanning the text of a number

extension NumberParser {
  package enum Scan {
    case number(Double, decimals: Int)
    case notANumber
  }

  package static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
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
  package static func scan(_ text: UnsafeBufferPointer<UInt8>) -> Scan {
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
    guard let exponent = scanExponent(text, from: &i), i == n else { return .notANumber }
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

  /// The exponent `[eE] [+-]? digits` at `i`, 0 when there is none, nil when it has no digits.
  @inline(__always)
  private static func scanExponent(_ text: UnsafeBufferPointer<UInt8>, from i: inout Int) -> Int? {
    let n = text.count
    guard i < n && (text[i] == 0x65 || text[i] == 0x45) else { return 0 }
    i += 1
    var negative = false
    if i < n && (text[i] == 0x2B || text[i] == 0x2D) {
      negative = text[i] == 0x2D
      i += 1
    }
    var exponent = 0
    var exponentDigits = 0
    while i < n && text[i] >= 0x30 && text[i] <= 0x39 {
      if exponent < 100_000 { exponent = exponent * 10 + Int(text[i] - 0x30) }
      exponentDigits += 1
      i += 1
    }
    guard exponentDigits > 0 else { return nil }
    return negative ? -exponent : exponent
  }

  /// `strtod` needs a NUL-terminated string; glibc's is correctly rounded.
  private static func strtodCopy(_ text: UnsafeBufferPointer<UInt8>) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { copy in
      for index in 0..<text.count { copy[index] = CChar(bitPattern: text[index]) }
      copy[text.count] = 0
      return strtod(copy.baseAddress!, nil)
    }
  }

  // MARK: - Numbers a source stored as numbers

  /// The shortest text that reads back as `value`: `1999`, `8.1`, `1e-07`.
  package static func shortestText(of value: Double) -> String {
    if value.isFinite && value.rounded(.towardZero) == value && abs(value) < 1e15 {
      return String(Int64(value))
    }
    return value.description
  }

  /// The decimals of `value`'s shortest text, counted as for the text of a field.
  package static func decimals(of value: Double) -> Int {
    let text = Array(shortestText(of: value).utf8)
    return text.withUnsafeBufferPointer { bytes in
      if case .number(_, let decimals) = scan(bytes) { return decimals }
      return 0
    }
  }
}
