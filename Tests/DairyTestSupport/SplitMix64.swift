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
