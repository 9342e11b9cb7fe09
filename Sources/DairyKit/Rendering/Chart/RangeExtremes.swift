/// The lowest and highest of any run of values, in time logarithmic in the run's length: a
/// segment tree built once, so that downsampling a long series to one column per screen column
/// reads a few nodes a column rather than every value.
struct RangeExtremes: Sendable, Hashable {
  private let count: Int
  /// Node `i` covers nodes `2i` and `2i + 1`; the values are the leaves at `count..<2 * count`.
  private let lows: [Double]
  private let highs: [Double]

  init(_ values: [Double]) {
    count = values.count
    var lows = [Double](repeating: 0, count: count) + values
    var highs = lows
    for node in stride(from: count - 1, to: 0, by: -1) {
      lows[node] = Swift.min(lows[2 * node], lows[2 * node + 1])
      highs[node] = Swift.max(highs[2 * node], highs[2 * node + 1])
    }
    self.lows = lows
    self.highs = highs
  }

  /// The lowest and highest value in `range`, which must not be empty.
  func extremes(in range: Range<Int>) -> (low: Double, high: Double) {
    var low = Double.infinity
    var high = -Double.infinity
    var left = range.lowerBound + count
    var right = range.upperBound + count
    while left < right {
      if left & 1 == 1 {
        low = Swift.min(low, lows[left])
        high = Swift.max(high, highs[left])
        left += 1
      }
      if right & 1 == 1 {
        right -= 1
        low = Swift.min(low, lows[right])
        high = Swift.max(high, highs[right])
      }
      left >>= 1
      right >>= 1
    }
    return (low, high)
  }
}
