/// The lowest and highest of any run of values, in time logarithmic in the run's length, so that
/// downsampling a long series to one sample per screen column reads a few numbers a column
/// rather than every value.
///
/// Level `k` holds the extremes of each aligned block of 2^k values (level 0: the values), each
/// level contiguous. A run is cut into the largest aligned blocks it holds; as columns go from
/// left to right, each level is read forwards, which keeps the reads in the cache.
struct RangeExtremes: Sendable, Hashable {
  /// Where each level starts in `lows` and `highs`.
  private let levels: [Int]
  private let lows: [Double]
  private let highs: [Double]

  init(_ values: [Double]) {
    var lows = values
    var highs = values
    var levels = [0]
    var start = 0
    var count = values.count
    while count > 1 {
      levels.append(start + count)
      for block in 0..<((count + 1) / 2) {
        let left = start + 2 * block
        let right = Swift.min(left + 1, start + count - 1)
        lows.append(Swift.min(lows[left], lows[right]))
        highs.append(Swift.max(highs[left], highs[right]))
      }
      start += count
      count = (count + 1) / 2
    }
    self.levels = levels
    self.lows = lows
    self.highs = highs
  }

  /// The lowest and highest value in `range`, which must not be empty.
  func extremes(in range: Range<Int>) -> (low: Double, high: Double) {
    var low = Double.infinity
    var high = -Double.infinity
    // A short run is quicker read value by value (level 0 is the values).
    if range.count <= 32 {
      for index in range {
        let value = lows[index]
        if value < low { low = value }
        if value > high { high = value }
      }
      return (low, high)
    }
    var start = range.lowerBound
    while start < range.upperBound {
      var level = 0
      while level < levels.count - 1 && start & ((2 << level) - 1) == 0
        && start + (2 << level) <= range.upperBound
      {
        level += 1
      }
      let index = levels[level] + start >> level
      low = Swift.min(low, lows[index])
      high = Swift.max(high, highs[index])
      start += 1 << level
    }
    return (low, high)
  }
}
