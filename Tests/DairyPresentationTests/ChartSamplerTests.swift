import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Downsampling checked against the plain definition: every point placed in its column by
/// `YearAxis.column`, and each column's first, last, lowest and highest point. Random series,
/// dense and with gaps, over random axes, widths and year ranges.
@Suite("Chart sampler")
struct ChartSamplerTests {
  /// A small deterministic generator (xorshift), so that a failure names its seed.
  struct Random {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
  }

  /// The samples by definition: every point in range placed in its column, one at a time.
  static func expected(_ line: ChartLine, axis: YearAxis, columns: Int) -> [ChartSample] {
    var samples: [ChartSample] = []
    for point in line.series.points[line.range] {
      let column = axis.column(point.year, of: columns)
      if let last = samples.last, last.column == column {
        samples[samples.count - 1].last = point
        samples[samples.count - 1].low = min(last.low, point.amount)
        samples[samples.count - 1].high = max(last.high, point.amount)
      } else {
        samples.append(
          ChartSample(
            column: column, first: point, last: point, low: point.amount, high: point.amount))
      }
    }
    return samples
  }

  /// A series of `count` years from `start`, each year kept with probability `density` %.
  static func series(_ random: inout Random, start: Int64, count: Int, density: Int) -> ChartSeries
  {
    var points: [Observation] = []
    for offset in 0..<count where random.next(100) < density {
      let amount = Double(random.next(2_001) - 1_000) / 8
      points.append(Observation(year: start + Int64(offset), amount: amount))
    }
    return ChartSeries(title: "Random", unit: nil, dataset: "Test", points: points)
  }

  @Test(arguments: 0..<40)
  func samplesAgreeWithPlacingEveryPoint(seed: Int) {
    var random = Random(seed: UInt64(seed))
    let count = [1, 2, 48, 400, 1_000, 10_000][random.next(6)]
    let start = Int64(random.next(4_000)) - 2_000
    let series = Self.series(
      &random, start: start, count: count, density: [100, 100, 97, 60, 5][random.next(5)])
    guard let first = series.points.first?.year, let last = series.points.last?.year else { return }
    // The chart's axis runs from its lines' first year to their last; another line may widen it.
    let years = (first - Int64(random.next(3) * random.next(500)))...(last + Int64(random.next(50)))
    let axis = YearAxis(years: years, maxTicks: 10)
    let range = random.next(3) == 0 ? (first + Int64(random.next(count)))...last : nil
    let line = ChartLine(series: series, number: 0, years: range, index: false)
    for columns in [1, 2, 3, 7, 80, 392, 997, 2 + random.next(3_000)] {
      let found = ChartSampler.samples(of: line, columns: AxisColumns(axis: axis, count: columns))
      let expected = Self.expected(line, axis: axis, columns: columns)
      #expect(found == expected, "seed \(seed), \(count) years over \(columns) columns")
    }
  }

  @Test func aDenseLongSeriesHasASampleInEveryColumn() {
    var random = Random(seed: 7)
    let series = Self.series(&random, start: 1, count: 10_000, density: 100)
    let line = ChartLine(series: series, number: 0, years: nil, index: false)
    let axis = YearAxis(years: 1...10_000, maxTicks: 10)
    let samples = ChartSampler.samples(of: line, columns: AxisColumns(axis: axis, count: 392))
    #expect(samples.map(\.column) == Array(0..<392))
    #expect(samples.map(\.high).max() == series.points.map(\.amount).max())
    #expect(samples.map(\.low).min() == series.points.map(\.amount).min())
  }
}
