import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// A line with no year missing, drawn in one pass (`DenseTrace`), sets the same dots, owners and
/// marks as its samples drawn one by one (`ChartSampler`, then `ChartPen.draw(_:of:scale:)`):
/// random walks and spiky series, from a little longer than the width to far longer, over
/// random axes, canvas sizes, scales and year ranges, in index mode too.
@Suite("Dense trace")
struct DenseTraceTests {
  typealias Random = ChartSamplerTests.Random

  /// `count` years from `start`, none missing: a random walk, or noise, or a walk with spikes.
  static func series(_ random: inout Random, start: Int64, count: Int) -> ChartSeries {
    let kind = random.next(3)
    var amount = Double(random.next(200))
    let points = (0..<count).map { offset in
      switch kind {
      case 0: amount += Double(random.next(201) - 100) / 100
      case 1: amount = Double(random.next(2_001) - 1_000) / 8
      default:
        amount += Double(random.next(21) - 10) / 10
        if random.next(50) == 0 { amount += Double(random.next(2_001) - 1_000) }
      }
      return Observation(year: start + Int64(offset), amount: amount)
    }
    return ChartSeries(title: "Random", unit: nil, dataset: "Test", points: points)
  }

  @Test(arguments: 0..<60)
  func drawsTheDotsOfItsSamples(seed: Int) {
    var random = Random(seed: UInt64(seed) + 1_000)
    let count = [300, 500, 1_000, 2_000, 3_000, 10_000, 30_000][random.next(7)]
    let start = Int64(random.next(4_000)) - 2_000
    let series = Self.series(&random, start: start, count: count)
    let other = Self.series(&random, start: start + Int64(random.next(100)), count: count / 2)
    let index = random.next(4) == 0
    let years =
      random.next(3) == 0 ? (start + Int64(random.next(count / 2)))...(start + Int64(count)) : nil
    let line = ChartLine(series: series, number: 1, years: years, index: index)
    let first = ChartLine(series: other, number: 0, years: years, index: index)
    guard let low = line.low, let high = line.high else { return }
    // Another line may widen the axis and the scale.
    let before = Int64(random.next(2) * random.next(300))
    let after = Int64(random.next(2) * random.next(300))
    let axis = YearAxis(years: (start - before)...(start + Int64(count - 1) + after), maxTicks: 10)
    let scale = ChartScale(
      dataLow: low - Double(random.next(2) * random.next(100)),
      dataHigh: high + Double(random.next(2) * random.next(100)), maxTicks: 2 + random.next(7))
    var drawn = 0
    for cells in [10, 60, 99, 150, 199, 10 + random.next(300)] {
      let rows = 3 + random.next(40)
      let columns = AxisColumns(axis: axis, count: 2 * cells)
      var expected = ChartCanvas(columns: cells, rows: rows, marks: .braille)
      var found = expected
      let firstSamples = ChartSampler.samples(of: first, columns: columns)
      expected.draw(firstSamples, of: first, scale: scale)
      found.draw(firstSamples, of: first, scale: scale)
      let samples = ChartSampler.samples(of: line, columns: columns)
      expected.draw(samples, of: line, scale: scale)
      guard let trace = DenseTrace(line, columns: columns, scale: scale) else {
        #expect(!columns.everyColumnHasAYear || samples.count < 2, "seed \(seed), \(cells) cells")
        continue
      }
      found.drawing(series: line.number) { pen in pen.draw(trace, scale: scale) }
      let (offset, spacing) = (random.next(2 * cells), 1 + random.next(2 * cells))
      expected.mark(samples, of: line, scale: scale, offset: offset, spacing: spacing)
      found.mark(
        trace.samples(from: offset, every: spacing), of: line, scale: scale, offset: offset,
        spacing: spacing)
      // Compared apart: a failure printing both canvases would run to thousands of lines.
      let same = found == expected
      #expect(same, "seed \(seed), \(count) years over \(cells) cells × \(rows) rows")
      drawn += 1
    }
    #expect(drawn > 0, "seed \(seed): no dense trace drawn")
  }
}
