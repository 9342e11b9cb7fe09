import DairyImport
import DairyModel

/// The lowest and highest of any run of values in a few reads, so that downsampling a long
/// series to one sample per screen column costs the same whatever the number of values that fall
/// in a column.
///
/// The values are cut into aligned blocks of 16. Each value keeps the extremes from its block's
/// start to it and from it to its block's end (`sides`); a pyramid keeps the extremes of every
/// aligned run of 2^k values (level `k`, each level contiguous). A run across blocks is then the
/// end of its first block, the start of its last (one read each) and the whole blocks between
/// them, as the largest aligned runs of the pyramid; a run within one block is read value by
/// value.
///
/// A pair of extremes is kept as the lowest and the negated highest, so that one SIMD minimum
/// of two pairs gives both extremes; a value's sides lie on either side of the value itself, so
/// that where one run ends and the next starts, everything read lies within 48 bytes.
package struct RangeExtremes: Sendable, Hashable {
  /// log2 of the block size.
  package static let blockShift = 4
  /// Where each level starts in `lows` and `highs`.
  package let levels: [Int]
  /// Level 0 is the values themselves.
  package let lows: [Double]
  package let highs: [Double]
  /// Five per value: the lowest and the negated highest from it to its block's end, the value,
  /// then the lowest and the negated highest from its block's start to it. (Doubles rather than
  /// SIMD types: a new array type costs a process its metadata.)
  package let sides: [Double]
  /// Two per block: the lowest and the negated highest value of the block (level `blockShift`
  /// of the pyramid, in pairs).
  package let blocks: [Double]

  package init(_ values: [Double]) {
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
    (sides, blocks) = Self.sides(values)
  }

  /// The sides of each value and the extremes of each block.
  private static func sides(_ values: [Double]) -> (sides: [Double], blocks: [Double]) {
    let blockCount = (values.count + (1 << blockShift) - 1) >> blockShift
    var blocks = [Double](repeating: 0, count: 2 * blockCount)
    // Written in place: through the array's subscript, each write was a uniqueness check.
    let sides = [Double](unsafeUninitializedCapacity: 5 * values.count) { sides, count in
      for start in stride(from: 0, to: values.count, by: 1 << blockShift) {
        let block = start..<Swift.min(start + 1 << blockShift, values.count)
        var (low, high) = (values[start], values[start])
        for index in block {
          (low, high) = (Swift.min(low, values[index]), Swift.max(high, values[index]))
          (sides[5 * index + 2], sides[5 * index + 3], sides[5 * index + 4]) =
            (values[index], low, -high)
        }
        (blocks[2 * (start >> blockShift)], blocks[2 * (start >> blockShift) + 1]) = (low, -high)
        (low, high) = (values[block.upperBound - 1], values[block.upperBound - 1])
        for index in block.reversed() {
          (low, high) = (Swift.min(low, values[index]), Swift.max(high, values[index]))
          (sides[5 * index], sides[5 * index + 1]) = (low, -high)
        }
      }
      count = 5 * values.count
    }
    return (sides, blocks)
  }

  /// The lowest and highest value in `range`, which must not be empty.
  @inline(__always)
  package func extremes(in range: Range<Int>) -> (low: Double, high: Double) {
    let (first, last) = (range.lowerBound, range.upperBound - 1)
    let (firstBlock, lastBlock) = (first >> Self.blockShift, last >> Self.blockShift)
    guard firstBlock < lastBlock else {
      return lows.withUnsafeBufferPointer { Self.scan($0, range) }
    }
    // A whole series (a line's lowest and highest value, which each panel's scale and each
    // dense trace ask for when no year range cuts it): the pyramid's top.
    if first == 0 && last == levels[1] - 1 {
      return (lows[lows.count - 1], highs[highs.count - 1])
    }
    // The end of the first block from `first`, the start of the last up to `last`.
    var (low, high) = sides.withUnsafeBufferPointer { sides in
      precondition(first >= 0 && 5 * last + 4 < sides.count)
      let (head, tail) = (5 &* first, 5 &* last)
      return (
        Swift.min(sides[head], sides[tail &+ 3]), -Swift.min(sides[head &+ 1], sides[tail &+ 4])
      )
    }
    // The whole blocks between: a few read one by one, more as the largest aligned runs of
    // blocks the pyramid holds.
    let between = (firstBlock + 1)..<lastBlock
    if between.count <= 8 {
      let blocks = levels[Self.blockShift]
      for block in between {
        low = Swift.min(low, lows[blocks + block])
        high = Swift.max(high, highs[blocks + block])
      }
      return (low, high)
    }
    var start = between.lowerBound &<< Self.blockShift
    let end = between.upperBound &<< Self.blockShift
    while start < end {
      var level = Self.blockShift
      while level < levels.count - 1 && start & ((2 &<< level) - 1) == 0
        && start + (2 &<< level) <= end
      {
        level += 1
      }
      let index = levels[level] + start &>> level
      low = Swift.min(low, lows[index])
      high = Swift.max(high, highs[index])
      start += 1 &<< level
    }
    return (low, high)
  }
}
