import DairyImport
import DairyModel
import Foundation

/// A value axis: the span drawn and its round ticks ("nice numbers": 1, 2, 2.5 or 5 × 10^k).
///
/// The span is the data's, widened to the round ticks just outside it: an axis does not reach
/// down to zero unless the data does (`ChartStyle.zero` makes a chart's panels include zero), so
/// that milk per cow rising from 18,000 to 23,000 pounds fills the plot rather than lying flat at
/// its top. Each tick is an integer multiple of a decimal step, computed as that integer divided
/// (or multiplied) by a power of ten, so that `0.3` is the double nearest 0.3 and never
/// `0.30000000000000004` in any format.
///
/// Arithmetic on the values goes through halves where they are large, so that a series holding
/// both `-1e308` and `1e308` (whose difference a double cannot hold) draws rather than traps;
/// a span too small for round ticks (subnormals) gets its two ends as ticks.
///
/// ```swift
/// ChartScale(dataLow: 18_210, dataHigh: 23_149, maxTicks: 8).ticks  // [18000, 19000, … 24000]
/// ChartScale(dataLow: 0.12, dataHigh: 0.31, maxTicks: 8).ticks  // [0.1, 0.15, … 0.35]
/// ```
package struct ChartScale: Sendable, Hashable {
  /// The lowest and highest value drawn: the data's, widened to the outer ticks.
  package var low: Double
  package var high: Double
  /// Round values between `low` and `high`, ascending.
  package var ticks: [Double]
  /// The distance between ticks; nil when the ticks are only the two ends.
  package var step: Double?
  /// The decimals that write every tick exactly (`2.5` steps: 1; `0.25`: 2); nil with no step.
  package var decimals: Int?

  /// A scale for values from `dataLow` to `dataHigh` (finite) with at most `maxTicks` ticks.
  package init(dataLow: Double, dataHigh: Double, maxTicks: Int) {
    let (low, high) = Self.widened(dataLow, dataHigh)
    guard let round = Self.roundTicks(low, high, count: Swift.max(2, maxTicks)) else {
      self.init(low: low, high: high, ticks: [low, high], step: nil)
      return
    }
    self.init(
      low: Swift.min(low, round.ticks[0]),
      high: Swift.max(high, round.ticks[round.ticks.count - 1]),
      ticks: round.ticks, step: round.step.value)
    decimals = round.step.decimals
  }

  package init(low: Double, high: Double, ticks: [Double], step: Double?) {
    self.low = low
    self.high = high
    self.ticks = ticks
    self.step = step
    decimals = nil
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

  /// A round step, `mantissa × 10^exponent` with `mantissa` one of 10, 20, 25, 50.
  private struct Step {
    var mantissa: Double
    var exponent: Int

    /// The step as a double: exact for the steps ≥ 1, the nearest double below.
    var value: Double { multiple(1) }

    /// `count` steps, as the double nearest the decimal value (a power of ten up to 10^22 is
    /// exact, so one division or multiplication rounds once).
    func multiple(_ count: Double) -> Double {
      let whole = count * mantissa
      if exponent >= 0 { return whole * Self.power(exponent) }
      if exponent >= -22 { return whole / Self.power(-exponent) }
      return whole * pow(10, Double(exponent))
    }

    /// The decimals a multiple needs: `25e-2` two, `50e-2` one.
    var decimals: Int {
      let trailing = mantissa == 25 ? 0 : 1
      return Swift.max(0, -exponent - trailing)
    }

    private static func power(_ exponent: Int) -> Double {
      exponent <= 22 ? Double("1e\(exponent)")! : pow(10, Double(exponent))
    }
  }

  /// The round step whose ticks, at most `count` of them and at least `count - 1` or 4, cover
  /// `low...high` most closely (the smaller step when two cover it alike; the smallest step when
  /// none gives that many ticks), and the ticks: with three ticks, 0 to 25,000 rather than 0 to
  /// 40,000 for data up to 21,697.
  private static func roundTicks(_ low: Double, _ high: Double, count: Int)
    -> (step: Step, ticks: [Double])?
  {
    let fewest = Double(Swift.max(2, Swift.min(4, count - 1)))
    let steps = candidates(low, high, count: count)
    // Halves, so that the span of `-1e308...1e308` does not overflow.
    func span(_ step: Candidate) -> Double { (step.last / 2 - step.first / 2) * step.step.value }
    let closest = steps.filter { $0.last - $0.first + 1 >= fewest }
      .min { span($0) < span($1) }
    guard let chosen = closest ?? steps.first else { return nil }
    let ticks = multiples(of: chosen.step, from: chosen.first, through: chosen.last)
    return ticks.count >= 2 ? (chosen.step, ticks) : nil
  }

  /// A step and the multiples of it at the ends of the ticks.
  private typealias Candidate = (step: Step, first: Double, last: Double)

  /// The round steps near the span's `count`th part that put at most `count` ticks over
  /// `low...high`, smallest first.
  private static func candidates(_ low: Double, _ high: Double, count: Int) -> [Candidate] {
    let halfStep = (high / 2 - low / 2) / Double(count - 1)
    guard halfStep > 0, halfStep.isFinite else { return [] }
    let exponent = Int((log10(halfStep) + log10(2.0)).rounded(.down))
    var found: [Candidate] = []
    for power in (exponent - 2)...(exponent + 2) {
      for mantissa in [10.0, 20, 25, 50] {
        let step = Step(mantissa: mantissa, exponent: power)
        let size = step.value
        guard size.isFinite, size > 0 else { continue }
        let first = (low / size).rounded(.down)
        let last = (high / size).rounded(.up)
        guard last - first + 1 <= Double(count) else { continue }
        found.append((step, first, last))
      }
    }
    return found
  }

  /// `first × step … last × step`, the finite and distinct ones; `last - first` is small.
  private static func multiples(of step: Step, from first: Double, through last: Double)
    -> [Double]
  {
    var ticks: [Double] = []
    for offset in 0...Int(last - first) {
      let value = step.multiple(first + Double(offset))
      guard value.isFinite, ticks.last.map({ value > $0 }) ?? true else { continue }
      ticks.append(value == 0 ? 0 : value)  // never "-0"
    }
    return ticks
  }
}
