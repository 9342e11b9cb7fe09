extension RangeExtremes {
  /// The extremes read through pointers, for a loop that reads one run after the next (the dot
  /// columns of a series with no year missing, ``DenseTrace``): the same extremes as
  /// ``RangeExtremes/extremes(in:)``, with fewer branches whose way changes from one run to the
  /// next. A run of up to 8 values is read as two runs of four; a longer run across blocks reads
  /// the block after the first without a branch. Unchecked: the caller keeps runs within
  /// `count`.
  struct Reader {
    /// The values, then the pyramid's levels.
    let lows: UnsafeBufferPointer<Double>
    let highs: UnsafeBufferPointer<Double>
    let sides: UnsafeBufferPointer<Double>
    /// Where the extremes of the blocks (level `blockShift`) start in `lows` and `highs`.
    let blocks: Int
    /// The number of values.
    let count: Int
    /// The index, for runs across many blocks.
    let index: RangeExtremes

    /// The value at `index`.
    @inline(__always)
    func value(_ index: Int) -> Double { lows[index] }

    /// The lowest and highest value from `first` to `end` (excluded), which is after `first`
    /// and at most `count`.
    @inline(__always)
    func extremes(from first: Int, to end: Int) -> (low: Double, high: Double) {
      let count = end &- first
      if count <= 8 {
        // Two runs of four, one from each end, which cover the run; indices past it are held
        // at its ends. Ordinary reads: compares of lane indices are not SSE2 instructions.
        let last = end &- 1
        let (a, b) = (lows[first], lows[Swift.min(first &+ 1, last)])
        let (c, d) = (lows[Swift.min(first &+ 2, last)], lows[Swift.min(first &+ 3, last)])
        var low = Swift.min(Swift.min(a, b), Swift.min(c, d))
        var high = Swift.max(Swift.max(a, b), Swift.max(c, d))
        guard count > 4 else { return (low, high) }
        let (e, f, g, h) = (lows[end &- 4], lows[end &- 3], lows[end &- 2], lows[last])
        low = Swift.min(low, Swift.min(Swift.min(e, f), Swift.min(g, h)))
        high = Swift.max(high, Swift.max(Swift.max(e, f), Swift.max(g, h)))
        return (low, high)
      }
      let last = end &- 1
      let (firstBlock, lastBlock) = (first &>> blockShift, last &>> blockShift)
      guard firstBlock < lastBlock else { return RangeExtremes.scan(lows, first..<end) }
      // The end of the first block from `first`, the start of the last up to `last`.
      let (head, tail) = (4 &* first, 4 &* last)
      var low = Swift.min(sides[head &+ 2], sides[tail])
      var high = Swift.max(sides[head &+ 3], sides[tail &+ 1])
      // The block after the first, read whether or not it lies before the last (it exists: the
      // last is after the first), counted only if it does.
      let between = lastBlock &- firstBlock &- 1
      let (nextLow, nextHigh) = (lows[blocks &+ firstBlock &+ 1], highs[blocks &+ firstBlock &+ 1])
      low = Swift.min(low, between > 0 ? nextLow : low)
      high = Swift.max(high, between > 0 ? nextHigh : high)
      guard between > 1 else { return (low, high) }
      guard between <= 8 else { return index.extremes(in: first..<end) }
      for block in (firstBlock &+ 2)..<lastBlock {
        low = Swift.min(low, lows[blocks &+ block])
        high = Swift.max(high, highs[blocks &+ block])
      }
      return (low, high)
    }
  }

  /// Runs `body` with a reader of these extremes.
  func withReader<Result>(_ body: (Reader) -> Result) -> Result {
    lows.withUnsafeBufferPointer { lows in
      highs.withUnsafeBufferPointer { highs in
        sides.withUnsafeBufferPointer { sides in
          body(
            Reader(
              lows: lows, highs: highs, sides: sides,
              blocks: levels.count > Self.blockShift ? levels[Self.blockShift] : 0,
              count: sides.count / 4, index: self))
        }
      }
    }
  }
}
