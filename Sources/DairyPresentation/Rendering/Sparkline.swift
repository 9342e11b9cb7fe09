import DairyImport
import DairyModel

/// A small trend drawn with block characters, lowest value `▁`, highest `█`.
///
/// Any doubles draw: a series from `-1e308` to `1e308` (whose span a double cannot hold) is
/// placed through ``Proportion``, and a value that cannot be placed (NaN) draws at mid height.
///
/// ```swift
/// Sparkline.render([1, 2, 3, 4])  // "▁▃▆█"
/// Sparkline.render([-1e308, 0, 1e308])  // "▁▅█"
/// ```
package enum Sparkline {
  package static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// One character per value; a flat series draws at mid height.
  package static func render(_ values: [Double]) -> String {
    guard let low = values.min(), let high = values.max() else { return "" }
    return String(
      values.map { value in
        guard let fraction = Proportion.of(value, from: low, to: high) else { return blocks[3] }
        return blocks[Int((fraction * Double(blocks.count - 1)).rounded())]
      })
  }

  /// `values` averaged into at most `count` buckets, for a narrower sparkline.
  package static func resample(_ values: [Double], to count: Int) -> [Double] {
    guard values.count > count, count > 0 else { return values }
    return (0..<count).map { bucket in
      let start = bucket * values.count / count
      let end = max(start + 1, (bucket + 1) * values.count / count)
      return mean(values[start..<end])
    }
  }

  /// The mean of `values` (not empty), finite when they are: where their sum overflows (`1e308`
  /// twice), each is divided by the count first.
  package static func mean(_ values: ArraySlice<Double>) -> Double {
    let count = Double(values.count)
    let sum = values.reduce(0, +)
    if sum.isFinite { return sum / count }
    let scaled = values.reduce(0) { $0 + $1 / count }
    guard scaled.isInfinite else { return scaled }
    // Rounding at the very top of the range: the mean lies between its values.
    return scaled > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
  }
}
