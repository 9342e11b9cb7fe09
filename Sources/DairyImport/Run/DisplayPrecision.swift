import DairyFormats
import DairyModel

/// The decimals a series is displayed with, decided once at import for every format: the most
/// its source wrote, but no more than show ``significantDigits`` significant digits of its
/// typical amount, so that a series carried at machine precision (`0.048373566666666666`,
/// `9153.846153846154`) reads as published (`0.0483736`, `9,153.85`). Export and JSON keep
/// every digit; `dairy show --decimals N` overrides the display.
///
/// The typical amount is the median of the amounts' orders of magnitude (the power of ten at
/// or below each, zeros left out; of an even count, the lower of the middle two): a series of
/// 0.0484, 0.24 and 0.71 is typically in the tenths and shows 6 decimals, one in the thousands
/// shows 2, and one of 100,000 or more shows none.
///
/// ```swift
/// var precision = DisplayPrecision()
/// for amount in [0.048373566666666666, 0.24, 0.71] { precision.add(amount) }
/// precision.decimals(written: 18)  // 6
/// ```
package struct DisplayPrecision: Sendable {
  /// The significant digits the typical amount of a series shows at most.
  package static let significantDigits = 6
  /// The most decimals any amount is shown with.
  package static let maxDecimals = 12

  /// How many amounts fall in each order of magnitude, from 10^-7 and below (bucket 0) to 10^5
  /// and above (bucket 12): beyond these the cap is already 12 decimals, or none.
  private var counts = SIMD16<UInt32>(repeating: 0)

  /// Counts one amount.
  @inline(__always)
  package mutating func add(_ amount: Double) {
    let magnitude = amount.magnitude
    guard magnitude > 0 else { return }
    counts[Self.bucket(magnitude)] &+= 1
  }

  /// Counts the amounts `other` counted too: the precision of several series' amounts together.
  package mutating func add(_ other: DisplayPrecision) {
    counts &+= other.counts
  }

  /// The order-of-magnitude bucket of a positive number: 0 below 10^-6, then one per power of
  /// ten, 12 from 10^5 on.
  @inline(__always)
  package static func bucket(_ magnitude: Double) -> Int {
    if magnitude < 1 {
      if magnitude < 1e-3 {
        return magnitude < 1e-6 ? 0 : magnitude < 1e-5 ? 1 : magnitude < 1e-4 ? 2 : 3
      }
      return magnitude < 1e-2 ? 4 : magnitude < 1e-1 ? 5 : 6
    }
    return magnitude < 10
      ? 7
      : magnitude < 100 ? 8 : magnitude < 1e3 ? 9 : magnitude < 1e4 ? 10 : magnitude < 1e5 ? 11 : 12
  }

  /// The decimals to display: `written` (the most the source wrote), at most those that show
  /// ``significantDigits`` digits of the median order of magnitude.
  package func decimals(written: Int) -> Int {
    let total = (0..<13).reduce(0) { $0 + Int(counts[$1]) }
    guard total > 0 else { return written }
    var seen = 0
    for bucket in 0..<13 {
      seen += Int(counts[bucket])
      // The lower median: the bucket that holds the (total + 1) / 2-th amount.
      if seen * 2 >= total {
        // Bucket b holds 10^(b - 7) up to 10^(b - 6): 6 significant digits need 12 - b decimals.
        return min(written, Self.maxDecimals - bucket)
      }
    }
    return written
  }
}
