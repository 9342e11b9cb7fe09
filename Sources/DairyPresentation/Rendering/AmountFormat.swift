import DairyImport
import DairyModel
import Foundation

/// Amounts as a person reads them: the decimals the source used for the series, and thousands
/// separators. An amount too large for that (1e21 and over) is written as the shortest text that
/// reads back as it, in scientific notation; one not zero that would show as zeros only
/// (`0.0043` at 2 decimals, `5e-324` at 12) with its first two significant digits, so that it
/// neither reads as 0 nor floods the column with digits nobody published.
///
/// ```swift
/// AmountFormat.string(36188000000, decimals: 0)  // "36,188,000,000"
/// AmountFormat.string(4.7, decimals: 1)          // "4.7"
/// AmountFormat.string(5e-324, decimals: 12)      // "5e-324"
/// AmountFormat.string(0.004285, decimals: 2)      // "0.0043"
/// ```
package enum AmountFormat {
  package static func string(_ amount: Double, decimals: Int) -> String {
    let decimals = min(max(decimals, 0), 12)
    if abs(amount) >= 1e21 { return "\(amount)" }
    let text = fixed(amount, decimals: decimals)
    if amount != 0 && !text.contains(where: { $0 >= "1" && $0 <= "9" }) { return small(amount) }
    return Grouping.decimal(text)
  }

  /// A non-zero amount too small for its decimals: its shortest text when that has two
  /// significant digits or fewer (`5e-324`), else two of them (`0.0043`, `1.2e-15`).
  package static func small(_ amount: Double) -> String {
    let shortest = amount.description
    let mantissa = shortest.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
    return mantissa.count <= 2 ? shortest : String(format: "%.2g", amount)
  }

  /// `amount` with exactly `decimals` decimals. The shortest text that reads back as the amount
  /// (Swift's description) is used when it has no more decimals than asked, as the source's
  /// amounts do; otherwise C's rounding.
  package static func fixed(_ amount: Double, decimals: Int) -> String {
    let shortest = amount.description
    if !shortest.contains("e"), let dot = shortest.firstIndex(of: ".") {
      let fraction = shortest[shortest.index(after: dot)...]
      let integer = String(shortest[..<dot])
      if fraction == "0" {
        return decimals == 0 ? integer : integer + "." + String(repeating: "0", count: decimals)
      }
      if fraction.count <= decimals {
        return shortest + String(repeating: "0", count: decimals - fraction.count)
      }
    }
    return String(format: "%.\(decimals)f", amount)
  }
}
