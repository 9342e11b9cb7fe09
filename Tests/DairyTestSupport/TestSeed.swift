import Foundation

/// A small, fast generator whose sequence depends only on its seed, on every platform.
package struct SplitMix64: RandomNumberGenerator {
  package var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  package mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
  package mutating func chance(_ count: Int, in total: Int) -> Bool { int(1...total) <= count }
  package mutating func element<T>(_ array: [T]) -> T { array[int(0...(array.count - 1))] }
}

/// The seed of the tests that draw new random inputs on each run (`CrashSafetyTests`' moments to
/// kill an import, `ZipChecksumTests`' bytes, `WorkbookBoundsTests`' merged ranges), so that a
/// failure can be replayed.
///
/// Each run draws a seed, unless `DAIRY_TEST_SEED` gives one; every failure of those tests ends
/// with ``replay``. To replay one, run the failing test again with that seed:
///
///     DAIRY_TEST_SEED=1234567890 swift test --skip-build --filter ZipChecksumTests
///
/// Each test starts its own generator from the seed (``generator()``), so it draws the same
/// numbers whichever tests ran before it or beside it. (Tests with fixed seeds, such as
/// `DifferentialCSVTests` or `RoundTripPropertyTests`, replay as they are.)
package enum TestSeed {
  package static let value: UInt64 = {
    guard let text = ProcessInfo.processInfo.environment["DAIRY_TEST_SEED"] else {
      return UInt64.random(in: 0...UInt64(UInt32.max))
    }
    guard let seed = UInt64(text) else {
      fatalError("DAIRY_TEST_SEED must be a whole number, not \(text.debugDescription)")
    }
    return seed
  }()

  /// A generator started from the seed.
  package static func generator() -> SplitMix64 { SplitMix64(seed: value) }

  /// What a failure says, so that it can be replayed.
  package static var replay: String { "replay: DAIRY_TEST_SEED=\(value)" }
}
