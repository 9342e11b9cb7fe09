import DairyImport
import DairyModel
import Foundation

/// A value axis: the span drawn and its round ticks ("nice numbers": 1, 2, 2.5 or 5 × 10^k).
///
/// Arithmetic on the values goes through halves where they are large, so that a series holding
/// both `-1e308` and `1e308` (whose difference a double cannot hold) draws rather than traps;
/// a span too small for round ticks (subnormals) gets its two ends as ticks.
package struct ChartScale: Sendable, Hashable {
  /// The lowest and highest value drawn: the data's, widened to the outer ticks.
  package var low: Double
  package var high: Double
  /// Round values between `low` and `high`, ascending.
  package var ticks: [Double]
  /// The distance between ticks; nil when the ticks are only the two ends.
  package var step: Double?

  /// A scale for values from `dataLow` to `dataHigh` (finite) with at most `maxTicks` ticks.
  package init(dataLow: Double, dataHigh: Double, maxTicks: Int) {
    var (low, high) = Self.widened(dataLow, dataHigh)
    // Zero is drawn when it is no further from the data than the data's own spread.
    if low > 0 && low <= high - low { low = 0 }
    if high < 0 && -high <= high - low { high = 0 }
    guard let (step, ticks) = Self.roundTicks(low, high, count: Swift.max(2, maxTicks)) else {
      self.init(low: low, high: high, ticks: [low, high], step: nil)
      return
    }
    self.init(
      low: Swift.min(low, ticks[0]), high: Swift.max(high, ticks[ticks.count - 1]), ticks: ticks,
      step: step)
  }

  package init(low: Double, high: Double, ticks: [Double], step: Double?) {
    self.low = low
    self.high = high
    self.ticks = ticks
    self.step = step
    let inverse = 1 / (high - low)
    self.inverse = inverse.isNormal && inverse > 0 ? inverse : nil
  }

  /// `1 / (high - low)` when that is an ordinary number: a multiplication a point, where most
  /// spans allow it, rather than a division.
  private let inverse: Double?

  /// `1 / (high - low)`, when values are placed by it: then a higher value never lies lower.
  package var inverseSpan: Double? { inverse }

  /// Where `value` lies: 0 at `low`, 1 at `high`, clamped; 0.5 when the scale is a point.
  package func fraction(_ value: Double) -> Double {
    guard let inverse else { return Proportion.of(value, from: low, to: high) ?? 0.5 }
    let fraction = (value - low) * inverse
    return fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0.5
  }

  /// A span around a single value, so that it draws mid-height.
  package static func widened(_ low: Double, _ high: Double) -> (Double, Double) {
    guard low == high else { return (low, high) }
    var margin = low == 0 ? 1 : low.magnitude / 2
    if margin == 0 { margin = low.magnitude }  // half of the least subnormal rounds to 0
    return (finite(low - margin), finite(low + margin))
  }

  package static func finite(_ value: Double) -> Double {
    value.isFinite ? value : (value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
  }

  /// The smallest round step that puts at most `count` ticks over `low...high`, and the ticks.
  private static func roundTicks(_ low: Double, _ high: Double, count: Int) -> (Double, [Double])? {
    let halfStep = (high / 2 - low / 2) / Double(count - 1)
    guard halfStep > 0, halfStep.isFinite else { return nil }
    let exponent = (log10(halfStep) + log10(2.0)).rounded(.down)
    for power in (-1...2).map({ pow(10, exponent + Double($0)) }) {
      for multiple in [1, 2, 2.5, 5] {
        let step = multiple * power
        guard step.isFinite, step > 0 else { continue }
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        guard last - first + 1 <= Double(count) else { continue }
        let ticks = multiples(of: step, from: first, through: last)
        return ticks.count >= 2 ? (step, ticks) : nil
      }
    }
    return nil
  }

  /// `first × step … last × step`, the finite and distinct ones; `last - first` is small.
  private static func multiples(of step: Double, from first: Double, through last: Double)
    -> [Double]
  {
    var ticks: [Double] = []
    for offset in 0...Int(last - first) {
      let value = (first + Double(offset)) * step
      guard value.isFinite, ticks.last.map({ value > $0 }) ?? true else { continue }
      ticks.append(value == 0 ? 0 : value)  // never "-0"
    }
    return ticks
  }
}
