import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The extremes of any run of a series, checked against reading every value.
@Suite("Range extremes")
struct RangeExtremesTests {
  @Test(arguments: [1, 2, 3, 16, 17, 31, 100, 1_000, 1_025])
  func everyRunAgreesWithAScan(count: Int) {
    var state: UInt64 = UInt64(count) &* 0x9E37_79B9_7F4A_7C15 | 1
    let values = (0..<count).map { _ -> Double in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Double(Int64(bitPattern: state) % 1_000_000) / 7
    }
    let extremes = RangeExtremes(values)
    let step = max(1, count / 60)
    for start in stride(from: 0, to: count, by: step) {
      for end in stride(from: start + 1, through: count, by: step) {
        let run = values[start..<end]
        let found = extremes.extremes(in: start..<end)
        #expect(found.low == run.min() && found.high == run.max(), "\(start)..<\(end) of \(count)")
      }
    }
  }

  /// The whole series, which reads the pyramid's top; and the runs one value shorter at
  /// either end, which do not.
  @Test(arguments: [17, 33, 100, 1_000, 4_097])
  func theWholeSeriesAgreesWithAScan(count: Int) {
    let values = (0..<count).map { Double(($0 * 7_919) % 1_013) - 500 }
    let extremes = RangeExtremes(values)
    for run in [0..<count, 1..<count, 0..<(count - 1)] {
      let found = extremes.extremes(in: run)
      let slice = values[run]
      #expect(found.low == slice.min() && found.high == slice.max(), "\(run) of \(count)")
    }
  }

  /// Random runs of random lengths, most across several blocks of 16 and not aligned to them.
  @Test(arguments: [40, 257, 4_099, 10_000])
  func randomRunsAgreeWithAScan(count: Int) {
    var state: UInt64 = UInt64(count) &* 0x2545_F491_4F6C_DD1D | 1
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    let values = (0..<count).map { _ in Double(next(2_000_001)) - 1_000_000 }
    let extremes = RangeExtremes(values)
    for _ in 0..<2_000 {
      let length = 1 + next([4, 40, 200, count][next(4)])
      let start = next(count)
      let run = values[start..<min(count, start + length)]
      let found = extremes.extremes(in: run.indices)
      #expect(found.low == run.min() && found.high == run.max(), "\(run.indices) of \(count)")
    }
  }

  /// The reader a dense trace uses: one run after the next, of lengths from 1 to far past a
  /// block, its first, last, lowest and highest value.
  @Test(arguments: [1, 5, 9, 40, 257, 4_099])
  func consecutiveRunsAgreeWithAScan(count: Int) {
    var random = ChartSamplerTests.Random(seed: UInt64(count))
    func next(_ bound: Int) -> Int { random.next(bound) }
    let values = (0..<count).map { _ in Double(next(2_001)) - 1_000 }
    let extremes = RangeExtremes(values)
    extremes.withReader { reader in
      for round in 0..<20 {
        var start = 0
        while start < count {
          let length = 1 + next([3, 8, 16, 40, 300][round % 5])
          let end = min(count, start + length)
          let run = reader.run(from: start, to: end)
          let expected = values[start..<end]
          #expect(
            run.first == expected.first && run.last == expected.last
              && run.low == expected.min() && run.high == expected.max(),
            "\(start)..<\(end) of \(count)")
          start = end
        }
      }
    }
  }
}
