import DairyImport
import DairyModel
import Foundation

/// Changes as a person reads them: always signed, with a true minus sign (`+1.2`, `−0.4`), in the
/// series' decimals; percentages with one decimal (`+12.5%`).
///
/// ```swift
/// ChangeFormat.signed(1.2, decimals: 1)   // "+1.2"
/// ChangeFormat.signed(-0.4, decimals: 1)  // "−0.4"
/// ChangeFormat.percent(-47.35)            // "−47.4%"
/// ChangeFormat.signed(nil, decimals: 1)   // "–"
/// ```
package enum ChangeFormat {
  /// What is shown where there is no figure (no previous year, or none that can be computed).
  package static let none = "–"

  /// `value` with its sign, a zero as `0`; ``none`` for nil.
  package static func signed(_ value: Double?, decimals: Int) -> String {
    guard let value else { return none }
    // A change too small to show at these decimals is no change (an amount that small is
    // written in full, `5e-324`, but a change is read against its neighbours).
    let scale = Foundation.pow(10, Double(decimals))
    guard (value.magnitude * scale).rounded() != 0 else {
      return AmountFormat.string(0, decimals: decimals)
    }
    let text = AmountFormat.string(value.magnitude, decimals: decimals)
    return (value < 0 ? "−" : "+") + text
  }

  /// `value` percent with its sign and one decimal; ``none`` for nil.
  package static func percent(_ value: Double?) -> String {
    guard let value else { return none }
    return signed(value, decimals: 1) + "%"
  }
}
