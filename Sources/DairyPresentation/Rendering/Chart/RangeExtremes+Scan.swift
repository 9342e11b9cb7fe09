import DairyImport
import DairyModel

extension RangeExtremes {
  /// The lowest and highest of `values[range]` (not empty), read four at a time as two pairs; the
  /// last four are read again from the end, which changes no extreme.
  package static func scan(_ values: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (
    low: Double, high: Double
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= values.count && !range.isEmpty)
    guard range.count >= 4, let base = values.baseAddress else {
      var (low, high) = (values[range.lowerBound], values[range.lowerBound])
      for index in range.dropFirst() {
        low = Swift.min(low, values[index])
        high = Swift.max(high, values[index])
      }
      return (low, high)
    }
    let bytes = UnsafeRawPointer(base)
    func pair(_ index: Int) -> SIMD2<Double> {
      bytes.loadUnaligned(fromByteOffset: index &* 8, as: SIMD2<Double>.self)
    }
    var (low, low2) = (pair(range.upperBound &- 4), pair(range.upperBound &- 2))
    var (high, high2) = (low, low2)
    var index = range.lowerBound
    while index < range.upperBound &- 4 {
      let (next, next2) = (pair(index), pair(index &+ 2))
      // `replacing(with:where:)` with a comparison is one SIMD min or max instruction.
      low = low.replacing(with: next, where: next .< low)
      high = high.replacing(with: next, where: next .> high)
      low2 = low2.replacing(with: next2, where: next2 .< low2)
      high2 = high2.replacing(with: next2, where: next2 .> high2)
      index &+= 4
    }
    low = low.replacing(with: low2, where: low2 .< low)
    high = high.replacing(with: high2, where: high2 .> high)
    return (Swift.min(low[0], low[1]), Swift.max(high[0], high[1]))
  }
}
