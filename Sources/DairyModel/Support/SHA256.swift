import SHAExtensions

/// SHA-256 (FIPS 180-4), fed incrementally; used to fingerprint imported files in the imports log.
///
/// Written here rather than taken from a package: it is small, and the import streams every byte
/// through it once, so it avoids a second read of the file. Where the processor has the x86 SHA
/// extensions (most made since 2017) the blocks are compressed by them (`SHAExtensions`, in C),
/// about ten times faster than the portable compression below, which unrolls its rounds.
/// Valgrind's processor has no SHA extensions, so under callgrind the portable one runs.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// print(hash.hexDigest)  // ba7816bf…
/// ```
package struct SHA256: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19
  )
  private var pending: [UInt8] = []
  private var length: UInt64 = 0
  /// Whether blocks are compressed by the SHA extensions.
  package let usesSHAExtensions: Bool

  /// Whether this processor has the x86 SHA extensions.
  package static let hasSHAExtensions = sha_extensions_available()

  /// A hash that uses the SHA extensions when the processor has them, or never when
  /// `usingSHAExtensions` is false (tests compare the two compressions).
  package init(usingSHAExtensions: Bool = SHA256.hasSHAExtensions) {
    usesSHAExtensions = usingSHAExtensions && Self.hasSHAExtensions
  }

  /// Adds bytes to the hash.
  package mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Adds bytes to the hash.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    length &+= UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      start = take
      if pending.count == 64 {
        pending.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
        pending.removeAll(keepingCapacity: true)
      }
    }
    let blocks = (bytes.count - start) / 64
    if blocks > 0 {
      compress(bytes.baseAddress! + start, blocks: blocks)
      start += blocks * 64
    }
    if start < bytes.count {
      pending.append(contentsOf: bytes[start...])
    }
  }

  /// The digest of everything added so far, as 64 lowercase hex digits.
  package var hexDigest: String {
    var copy = self
    let bitLength = length &* 8
    var tail: [UInt8] = [0x80]
    while (copy.pending.count + tail.count) % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedLength = copy.length
    tail.withUnsafeBytes { copy.update($0) }
    copy.length = savedLength
    let words = [
      copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5,
      copy.state.6, copy.state.7,
    ]
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for word in words {
      for shift in stride(from: 28, through: 0, by: -4) {
        out.append(digits[Int((word >> UInt32(shift)) & 0xF)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: - Compression

  private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
    if usesSHAExtensions {
      withUnsafeMutableBytes(of: &state) { words in
        sha_extensions_compress(
          words.baseAddress!.assumingMemoryBound(to: UInt32.self),
          data.assumingMemoryBound(to: UInt8.self), blocks)
      }
    } else {
      compressPortably(data, blocks: blocks)
    }
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  @inline(__always)
  private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 &- n)) }

  /// One round. The caller names the eight working variables in turn instead of moving their
  /// values: `d` and `h` are the two that change.
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
  ) {
    let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (g ^ (e & (f ^ g))) &+ kw
    let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) | (c & (a | b)))
    d &+= t1
    h = t1 &+ t2
  }

  /// Schedule word `i` (mod 16) of the next sixteen, in place in the ring of the last sixteen.
  @inline(__always)
  private static func extend(_ w: UnsafeMutablePointer<UInt32>, _ i: Int) -> UInt32 {
    let w15 = w[(i &+ 1) & 15]
    let w2 = w[(i &+ 14) & 15]
    let s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >> 3)
    let s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >> 10)
    let next = w[i] &+ s0 &+ w[(i &+ 9) & 15] &+ s1
    w[i] = next
    return next
  }

  /// The portable compression: the rounds sixteen at a time with constant indices into a ring
  /// of schedule words, the working variables in locals across all the blocks.
  private mutating func compressPortably(_ data: UnsafeRawPointer, blocks: Int) {
    var (h0, h1, h2, h3, h4, h5, h6, h7) = state
    Self.k.withUnsafeBufferPointer { constants in
      let k = constants.baseAddress!
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { ring in
        let w = ring.baseAddress!
        for block in 0..<blocks {
          let bytes = data + block &* 64
          var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
          for first in stride(from: 0, to: 64, by: 16) {
            @inline(__always) func word(_ j: Int) -> UInt32 {
              guard first > 0 else {
                let value = UInt32(
                  bigEndian: bytes.loadUnaligned(fromByteOffset: j &* 4, as: UInt32.self))
                w[j] = value
                return value &+ k[j]
              }
              return Self.extend(w, j) &+ k[first &+ j]
            }
            Self.round(a, b, c, &d, e, f, g, &h, word(0))
            Self.round(h, a, b, &c, d, e, f, &g, word(1))
            Self.round(g, h, a, &b, c, d, e, &f, word(2))
            Self.round(f, g, h, &a, b, c, d, &e, word(3))
            Self.round(e, f, g, &h, a, b, c, &d, word(4))
            Self.round(d, e, f, &g, h, a, b, &c, word(5))
            Self.round(c, d, e, &f, g, h, a, &b, word(6))
            Self.round(b, c, d, &e, f, g, h, &a, word(7))
            Self.round(a, b, c, &d, e, f, g, &h, word(8))
            Self.round(h, a, b, &c, d, e, f, &g, word(9))
            Self.round(g, h, a, &b, c, d, e, &f, word(10))
            Self.round(f, g, h, &a, b, c, d, &e, word(11))
            Self.round(e, f, g, &h, a, b, c, &d, word(12))
            Self.round(d, e, f, &g, h, a, b, &c, word(13))
            Self.round(c, d, e, &f, g, h, a, &b, word(14))
            Self.round(b, c, d, &e, f, g, h, &a, word(15))
          }
          h0 &+= a
          h1 &+= b
          h2 &+= c
          h3 &+= d
          h4 &+= e
          h5 &+= f
          h6 &+= g
          h7 &+= h
        }
      }
    }
    state = (h0, h1, h2, h3, h4, h5, h6, h7)
  }
}
