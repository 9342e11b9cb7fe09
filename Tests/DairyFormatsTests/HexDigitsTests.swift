import Testing

@testable import DairyFormats

/// The one hex decoder, behind JSON's `\u`, SpreadsheetML's `_x…_`, XML's `&#x…;` and `%20`.
@Suite("Hex digits")
struct HexDigitsTests {
  @Test(arguments: [
    ("0", 0), ("9", 9), ("a", 10), ("F", 15), ("00e9", 0xE9), ("000D", 0x0D), ("D83E", 0xD83E),
    ("10FFFF", 0x10_FFFF), ("ffffffff", 0xFFFF_FFFF),
  ])
  func reads(_ text: String, _ value: UInt32) {
    #expect(HexDigits.value(of: Array(text.utf8)) == value)
    #expect(HexDigits.value(of: Array(text.utf16)) == value)
  }

  /// No sign, no prefix, nothing but ASCII digits and letters, one to eight of them.
  @Test(arguments: ["", "+F", "-0", "0x1", "g", "1 ", "٣", "Ａ", "123456789"])
  func refuses(_ text: String) {
    #expect(HexDigits.value(of: Array(text.utf8)) == nil, "\(text)")
    #expect(HexDigits.value(of: Array(text.utf16)) == nil, "\(text)")
  }

  @Test func aCodeUnitPastASCIIIsNoDigit() {
    // 0x130 and 0x141 end in the bytes of "0" and "A"
    #expect(HexDigits.digit(UInt16(0x130)) == nil)
    #expect(HexDigits.digit(UInt16(0x141)) == nil)
  }
}
