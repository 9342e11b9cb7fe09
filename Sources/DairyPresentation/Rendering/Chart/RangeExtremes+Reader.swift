import DairyImport
import DairyModel

extension RangeExtremes {
  /// A run's first, last, lowest and highest value.
  package struct Run {
    package var first: Double
    package var last: Double
    package var low: Double
    package var high: Double
  }

  /// The extremes read through pointers, for a loop that reads one run after the next (the dot
  /// columns of a series with no year missing, ``DenseTrace``): the same extremes as
  /// ``RangeExtremes/extremes(in:)``, with fewer branches whose way changes from one run to the
  /// next. A run of up to 8 values is read as two runs of four; a longer run across blocks is
  /// its ends' sides (one SIMD minimum) and the block after the first, read whether or not it
  /// lies before the last. Unchecked: the caller keeps runs within the values.
  package struct Reader {
    /// The values, then the pyramid's levels.
    package let lows: UnsafeBufferPointer<Double>
    /// `RangeExtremes.sides` and `blocks`.
    package let sides: UnsafeRawPointer
    package let blocks: UnsafeRawPointer
    /// The index, for runs across many blocks.
    package let index: RangeExtremes

    /// The first, last, lowest and highest value from `first` to `end` (excluded), which is
    /// after `first` and at most the number of values. Transparent: with `@inline(__always)`, small changes
    /// to the dense trace's loops had the optimizer call it instead, at ~15 instructions and
    /// a returned struct a column.
    @_transparent
    package func run(from first: Int, to end: Int) -> Run {
      let last = end &- 1
      if end &- first <= 8 {
        // Two runs of four, one from each end, which cover the run; indices past it are held
        // at its ends. Ordinary reads: compares of lane indices are not SSE2 instructions.
        let (a, b) = (lows[first], lows[Swift.min(first &+ 1, last)])
        let (c, d) = (lows[Swift.min(first &+ 2, last)], lows[last])
        var low = Swift.min(Swift.min(a, b), Swift.min(c, d))
        var high = Self.larger(Self.larger(a, b), Self.larger(c, d))
        if end &- first > 4 {
          let (e, f, g) = (lows[first &+ 3], lows[end &- 4], lows[end &- 3])
          low = Swift.min(low, Swift.min(Swift.min(e, f), Swift.min(g, lows[end &- 2])))
          high = Self.larger(high, Self.larger(Self.larger(e, f), Self.larger(g, lows[end &- 2])))
        }
        return Run(first: a, last: d, low: low, high: high)
      }
      let (firstBlock, lastBlock) = (first &>> blockShift, last &>> blockShift)
      guard firstBlock < lastBlock else {
        let (low, high) = RangeExtremes.scan(lows, first..<end)
        return Run(first: lows[first], last: lows[last], low: low, high: high)
      }
      // The end of the first block from `first`, the start of the last up to `last`: both
      // extremes, highs negated, in one minimum; and the block after the first, or when it is
      // the last, the first's side again.
      let (head, tail) = (first &* 40, last &* 40)
      var extremes = Self.lower(pair(sides, head), pair(sides, tail &+ 24))
      let between = lastBlock &- firstBlock &- 1
      let next = between > 0 ? (blocks, (firstBlock &+ 1) &* 16) : (sides, head)
      extremes = Self.lower(extremes, pair(next.0, next.1))
      if between > 1 {
        guard between <= 8 else {
          let (low, high) = index.extremes(in: first..<end)
          return Run(
            first: value(sides, head), last: value(sides, tail), low: low, high: high)
        }
        for block in (firstBlock &+ 2)..<lastBlock {
          extremes = Self.lower(extremes, pair(blocks, block &* 16))
        }
      }
      return Run(
        first: value(sides, head), last: value(sides, tail), low: extremes[0], high: -extremes[1])
    }

    @inline(__always)
    private func pair(_ base: UnsafeRawPointer, _ offset: Int) -> SIMD2<Double> {
      base.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self)
    }

    /// The value whose sides start at `offset`.
    @inline(__always)
    private func value(_ base: UnsafeRawPointer, _ offset: Int) -> Double {
      base.loadUnaligned(fromByteOffset: offset &+ 16, as: Double.self)
    }

    /// The lower of each lane: one SIMD minimum.
    @inline(__always)
    private static func lower(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
      a.replacing(with: b, where: b .< a)
    }

    /// `Swift.max` for values that are not NaN, written as one maximum instruction takes it.
    @inline(__always)
    package static func larger(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
  }

  /// Runs `body` with a reader of these extremes, of one value or more.
  package func withReader<Result>(_ body: (Reader) -> Result) -> Result {
    lows.withUnsafeBufferPointer { lows in
      sides.withUnsafeBytes { sides in
        blocks.withUnsafeBytes { blocks in
          guard let sidesBase = sides.baseAddress, let blocksBase = blocks.baseAddress else {
            preconditionFailure("no values to read")
          }
          return body(
            Reader(
              lows: lows, sides: sidesBase, blocks: blocksBase, index: self))
        }
      }
    }
  }
}
