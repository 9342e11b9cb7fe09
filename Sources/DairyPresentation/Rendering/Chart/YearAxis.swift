import DairyImport
import DairyModel

/// The year axis: the years drawn and round years to mark on it (every 1, 2, 5, 10, 20, 25, 50…
/// years, as many as fit). Arithmetic stays in range for any `Int64` years.
package struct YearAxis: Sendable, Hashable {
  package let years: ClosedRange<Int64>
  /// Years that are multiples of `step`, ascending, within `years`.
  package var ticks: [Int64]
  package var step: Int64?

  /// What the positions are (years, or months… counted without gaps) and how they are written.
  package let time: ChartTime

  /// An axis over `years` (positions of `time`) with at most `maxTicks` round ones.
  package init(years: ClosedRange<Int64>, maxTicks: Int, time: ChartTime = ChartTime()) {
    self.years = years
    self.time = time
    let span = Double(years.upperBound) - Double(years.lowerBound)
    perYear = span > 0 ? 1 / span : 0
    ticks = []
    guard maxTicks > 0 else { return }
    for step in time.steps {
      let first = Self.quotient(years.lowerBound, step, roundingUp: true)
      let last = Self.quotient(years.upperBound, step, roundingUp: false)
      let (span, overflow) = last.subtractingReportingOverflow(first)
      guard !overflow, span < maxTicks else { continue }
      self.step = step
      // Each tick lies within `years`, so the products stay in range.
      ticks = span < 0 ? [] : (0...span).map { (first + $0) * step }
      return
    }
  }

  /// 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500 … up to 5 × 10^18.
  package static let steps: [Int64] = {
    var steps: [Int64] = [1, 2, 5]
    var power: Int64 = 10
    for _ in 1...18 {
      steps += [power, 2 * power, 5 * power / 2, 5 * power]
      if power <= Int64.max / 10 { power *= 10 }
    }
    return steps
  }()

  /// Where `year` lies: 0 at the first year, 1 at the last; 0.5 for a one-year axis.
  package func fraction(_ year: Int64) -> Double {
    guard perYear > 0 else { return 0.5 }
    return Swift.min(Swift.max((Double(year) - Double(years.lowerBound)) * perYear, 0), 1)
  }

  /// The fraction of the axis a year takes (0 for a one-year axis).
  private let perYear: Double

  /// The column of `year` among `columns` spread evenly over the axis: the first year in the first,
  /// the last year in the last.
  package func column(_ year: Int64, of columns: Int) -> Int {
    // The position is never negative, so adding a half and truncating rounds it.
    Swift.min(Int(fraction(year) * Double(Swift.max(0, columns - 1)) + 0.5), columns - 1)
  }

  /// `value / divisor` rounded down or up (`divisor` > 0), without overflow.
  package static func quotient(_ value: Int64, _ divisor: Int64, roundingUp: Bool) -> Int64 {
    let quotient = value / divisor
    let remainder = value % divisor
    if roundingUp && remainder > 0 { return quotient + 1 }
    if !roundingUp && remainder < 0 { return quotient - 1 }
    return quotient
  }
}
