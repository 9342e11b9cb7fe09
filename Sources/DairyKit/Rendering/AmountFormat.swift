import Foundation

/// Amounts as a person reads them: the decimals the source used for the series, and thousands
/// separators.
///
/// ```swift
/// AmountFormat.string(36188000000, decimals: 0)  // "36,188,000,000"
/// AmountFormat.string(4.7, decimals: 1)          // "4.7"
/// ```
public enum AmountFormat {
  public static func string(_ amount: Double, decimals: Int) -> String {
    let decimals = min(max(decimals, 0), 12)
    if abs(amount) >= 1e21 { return "\(amount)" }
    return Grouping.decimal(String(format: "%.\(decimals)f", amount))
  }
}
