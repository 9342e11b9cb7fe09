import DairyImport
import DairyModel

/// Where a value lies between two others, for any doubles: the arithmetic goes through halves
/// where the values are large, so that a span from `-1e308` to `1e308` (which a double cannot
/// hold) still places its values rather than giving infinity or NaN. The sparklines and the
/// chart's value axis both place their values with it.
///
/// ```swift
/// Proportion.of(0, from: -1e308, to: 1e308)  // 0.5
/// Proportion.of(3, from: 3, to: 3)           // nil: no span
/// ```
package enum Proportion {
  /// Where `value` lies: 0 at `low`, 1 at `high`, clamped between; nil when `high` is not above
  /// `low`, or a value is not finite enough to place.
  package static func of(_ value: Double, from low: Double, to high: Double) -> Double? {
    guard high > low else { return nil }
    let large = Swift.max(low.magnitude, high.magnitude) > 1
    // Small values (subnormals) are taken whole, as halving would lose their last bits.
    let fraction =
      large ? (value / 2 - low / 2) / (high / 2 - low / 2) : (value - low) / (high - low)
    return fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : nil
  }
}
