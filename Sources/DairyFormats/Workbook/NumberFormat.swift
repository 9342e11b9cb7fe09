import DairyModel

/// How a workbook shows a number: its format code, and what that says about the value.
///
/// The stored value is always the exact double; the format tells how many decimals the table
/// was published with (`0.0` → 1, `#,##0` → 0, `#,##0.00_);(#,##0.00)` → 2), whether the number
/// is a date (`mm-dd-yy`) or a percent (`0.0%`). Only the first section of the code (the one for
/// positive numbers) decides; quoted text, `\x`, `_x`, `*x` and bracketed parts (`[Red]`,
/// `[$-409]`, `[>100]`) are not digits.
///
/// ```swift
/// let format = NumberFormat(id: 164, code: "#,##0.0_);(#,##0.0)")
/// format.decimals  // 1
/// NumberFormat.general.decimals  // nil: General shows what fits
/// NumberFormat(id: 14, code: "mm-dd-yy").isDate  // true
/// ```
package struct NumberFormat: Hashable, Sendable {
  /// The format's id in the workbook (`numFmtId`): below 164 a built-in format.
  package var id: Int
  /// The format code, as the workbook writes it.
  package var code: String
  /// The decimals it shows; nil when it shows no fixed number of them (`General`, text `@`,
  /// dates, fractions, scientific notation).
  package var decimals: Int?
  /// Whether the number is a date or a time (serial days; see ``ExcelDate``).
  package var isDate: Bool
  /// Whether it is shown as a percent (the value 0.25 shows as 25%).
  package var isPercent: Bool

  /// Whether it is a date shown as its year alone (`yyyy`, `yy`): what a reader sees is a year.
  package var showsOnlyAYear: Bool

  /// `General`: the number as it fits, no fixed decimals.
  package static let general = NumberFormat(id: 0, code: "General")

  /// The format of `code`, analysed.
  package init(id: Int, code: String) {
    self.id = id
    self.code = code
    let analysis = Analysis(code)
    decimals = analysis.decimals
    isDate = analysis.isDate
    isPercent = analysis.isPercent
    showsOnlyAYear = analysis.showsOnlyAYear
  }

  package init(id: Int, code: String, decimals: Int?, isDate: Bool, isPercent: Bool) {
    self.id = id
    self.code = code
    self.decimals = decimals
    self.isDate = isDate
    self.isPercent = isPercent
    showsOnlyAYear = isDate && Analysis(code).showsOnlyAYear
  }
}

extension NumberFormat {
  /// One pass over the first section of a format code.
  package struct Analysis {
    package var decimals: Int?
    package var isDate = false
    package var isPercent = false
    /// The date parts it shows: a year (`y`, `e`), anything else (day, month, time, era name).
    private var sawYear = false
    private var sawOtherDatePart = false
    package var showsOnlyAYear: Bool { isDate && sawYear && !sawOtherDatePart }
    private var sawPlaceholder = false
    private var sawPoint = false
    private var countingDecimals = false
    private var decimalCount = 0
    private var isGeneral = false
    private var isFractionOrScientific = false

    package init(_ code: String) {
      let bytes = Array(code.utf8)
      var index = 0
      while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
        index = step(bytes, at: index)
      }
      if isDate || isGeneral || isFractionOrScientific || !sawPlaceholder {
        decimals = nil
      } else {
        decimals = decimalCount
      }
    }

    /// Reads the token at `index`; returns where the next one starts.
    private mutating func step(_ bytes: [UInt8], at index: Int) -> Int {
      let byte = bytes[index]
      let lower = byte | 0x20
      var next = index + 1
      if byte != UInt8(ascii: "0") && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "?") {
        countingDecimals = false
      }
      switch byte {
      case UInt8(ascii: "\""):
        next = (bytes[next...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count - 1) + 1
      case UInt8(ascii: "\\"), UInt8(ascii: "_"), UInt8(ascii: "*"):
        next = Self.scalarEnd(bytes, from: next)
      case UInt8(ascii: "["):
        let close = bytes[next...].firstIndex(of: UInt8(ascii: "]")) ?? bytes.count
        // [h], [mm], [ss]: elapsed time. Colours, conditions and locales say nothing here.
        let inside = bytes[next..<close]
        if !inside.isEmpty && inside.allSatisfy({ [0x68, 0x6D, 0x73].contains($0 | 0x20) }) {
          isDate = true
          sawOtherDatePart = true
        }
        next = min(close + 1, bytes.count)
      case UInt8(ascii: "0"), UInt8(ascii: "#"), UInt8(ascii: "?"):
        sawPlaceholder = true
        if countingDecimals { decimalCount += 1 }
      case UInt8(ascii: "."):
        if !sawPoint {
          sawPoint = true
          countingDecimals = true
        }
      case UInt8(ascii: "%"):
        isPercent = true
      case UInt8(ascii: "/"):
        if sawPlaceholder { isFractionOrScientific = true }
      default:
        next = letter(bytes, at: index, lower: lower)
      }
      return next
    }

    /// Letters: date and time parts, `AM/PM`, `General`, an exponent; anything else is shown
    /// as it is.
    private mutating func letter(_ bytes: [UInt8], at index: Int, lower: UInt8) -> Int {
      let rest = bytes[index...]
      if lower == UInt8(ascii: "e"), rest.count > 1, [43, 45].contains(rest.dropFirst().first!) {
        isFractionOrScientific = true
        return index + 2
      }
      if Self.hasPrefix(rest, "general") {
        isGeneral = true
        return index + 7
      }
      for marker in ["am/pm", "a/p"] where Self.hasPrefix(rest, marker) {
        isDate = true
        sawOtherDatePart = true
        return index + marker.utf8.count
      }
      // d m y h s, and e g (era years and names in East Asian date formats).
      if [0x64, 0x6D, 0x79, 0x68, 0x73, 0x65, 0x67].contains(lower) {
        isDate = true
        if lower == 0x79 || lower == 0x65 { sawYear = true } else { sawOtherDatePart = true }
      }
      // Any other byte, a UTF-8 lead or continuation byte included, is shown as it is.
      return index + 1
    }

    private static func hasPrefix(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
      bytes.count >= prefix.utf8.count && zip(bytes, prefix.utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The index after the character that starts at `index` (a whole UTF-8 sequence).
    private static func scalarEnd(_ bytes: [UInt8], from index: Int) -> Int {
      var end = min(index + 1, bytes.count)
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
      return end
    }
  }
}
