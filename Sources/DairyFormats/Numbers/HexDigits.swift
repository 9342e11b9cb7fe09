/// The one decoder of hex digits, as the formats `dairy` reads write them in escapes: JSON's
/// `\u00E9`, SpreadsheetML's `_x000D_`, XML's `&#x26;`, a relationship target's `%20`. Strict:
/// ASCII digits and letters only, no sign, no `0x`.
///
/// ```swift
/// HexDigits.value(of: Array("00e9".utf8))  // 0xE9
/// HexDigits.value(of: Array("+F".utf8))  // nil
/// ```
package enum HexDigits {
  /// The most digits ``value(of:)`` reads: eight fill a `UInt32`.
  package static let maxDigits = 8

  /// The value of one hex digit, `0`–`9`, `a`–`f` or `A`–`F`, given as a byte or a UTF-16
  /// code unit; nil for anything else.
  @inline(__always)
  package static func digit<Unit: FixedWidthInteger>(_ unit: Unit) -> UInt32? {
    switch unit {
    case 0x30...0x39: UInt32(unit - 0x30)
    case 0x41...0x46: UInt32(unit - 0x37)
    case 0x61...0x66: UInt32(unit - 0x57)
    default: nil
    }
  }

  /// The value of `digits`: one to ``maxDigits`` hex digits (bytes or UTF-16 code units); nil
  /// when there are none or more, or when one is not a hex digit.
  package static func value<Digits: Collection>(of digits: Digits) -> UInt32?
  where Digits.Element: FixedWidthInteger {
    guard !digits.isEmpty, digits.count <= maxDigits else { return nil }
    var value: UInt32 = 0
    for unit in digits {
      guard let digit = digit(unit) else { return nil }
      value = value << 4 | digit
    }
    return value
  }
}
