// MARK: - Finding the end of a field's text, eight bytes at a time

extension CSVReader {
  /// The first byte at or after `start` where an unquoted field's text stops: the separator, a
  /// quote, or a control byte (below 0x10: a line end, a NUL, and a few that are text, which the
  /// caller steps over); `window.end` when there is none.
  ///
  /// Reads the buffer eight bytes at a time and tests all eight at once (a byte equal to `b` is a
  /// zero byte of `word ^ bbbbbbbb`), so that a field costs a few instructions per eight
  /// bytes instead of several per byte.
  @inline(__always)
  static func unquotedStop<Separator: SeparatorByte>(
    _ window: Window, from start: Int, _: Separator.Type
  ) -> Int {
    var p = start
    let raw = UnsafeRawPointer(window.buffer)
    while p &+ 8 <= window.end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
      let stops =
        controlBytes(word) | matching(word, Separator.byte)
        | matching(word, quote)
      if stops != 0 { return p &+ stops.trailingZeroBitCount &>> 3 }
      p &+= 8
    }
    while p < window.end {
      let byte = window.buffer[p]
      if byte < 0x10 || byte == Separator.byte || byte == quote { return p }
      p &+= 1
    }
    return p
  }

  /// The first byte at or after `start` where a run of a quoted field's text stops: a quote or
  /// a control byte (below 0x10: a line feed, a NUL, and a few that are text, which the caller
  /// steps over); `window.end` when there is none. Eight bytes at a time, as
  /// ``unquotedStop(_:from:_:)``.
  @inline(__always)
  static func quotedStop(_ window: Window, from start: Int) -> Int {
    var p = start
    let raw = UnsafeRawPointer(window.buffer)
    while p &+ 8 <= window.end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
      let stops = controlBytes(word) | matching(word, quote)
      if stops != 0 { return p &+ stops.trailingZeroBitCount &>> 3 }
      p &+= 8
    }
    while p < window.end {
      let byte = window.buffer[p]
      if byte < 0x10 || byte == quote { return p }
      p &+= 1
    }
    return p
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of each zero byte of `word` set. A byte above a zero byte may be flagged too
  /// (the subtraction borrows through it), never one below it: the lowest flag is exact, and the
  /// scans above only read the lowest.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highBits
  }

  @inline(__always)
  private static func matching(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    zeroBytes(word ^ (ones &* UInt64(byte)))
  }

  /// Flags the bytes below 0x10 (their high four bits zero).
  @inline(__always)
  private static func controlBytes(_ word: UInt64) -> UInt64 {
    zeroBytes(word & 0xF0F0_F0F0_F0F0_F0F0)
  }
}
