import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The round ticks of a chart's value axis and year axis.
@Suite("Chart axes")
struct ChartAxisTests {
  struct ValueCase: CustomTestStringConvertible, Sendable {
    var low: Double
    var high: Double
    var maxTicks: Int = 8
    var ticks: [Double]
    var testDescription: String { "\(low)…\(high), at most \(maxTicks)" }
  }

  static let valueCases: [ValueCase] = [
    // The ticks that cover the data most closely: 125–250 rather than 120–260
    ValueCase(low: 130, high: 247, ticks: [125, 150, 175, 200, 225, 250]),
    ValueCase(low: 1_710, high: 21_697, maxTicks: 3, ticks: [0, 25_000]),
    // The axis spans the data, not down to zero: milk per cow does not lie flat at the top
    ValueCase(
      low: 18_210, high: 23_149,
      ticks: [18_000, 19_000, 20_000, 21_000, 22_000, 23_000, 24_000]),
    ValueCase(low: 2, high: 14.9, ticks: [2, 4, 6, 8, 10, 12, 14, 16]),
    ValueCase(low: 539, high: 653, ticks: [520, 540, 560, 580, 600, 620, 640, 660]),
    ValueCase(low: 0.1, high: 0.3, ticks: [0.1, 0.15, 0.2, 0.25, 0.3]),
    ValueCase(low: 0.12, high: 0.31, ticks: [0.1, 0.15, 0.2, 0.25, 0.3, 0.35]),
    ValueCase(low: 0.1, high: 0.7, ticks: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]),
    ValueCase(low: 1.03, high: 1.07, ticks: [1.03, 1.04, 1.05, 1.06, 1.07]),
    ValueCase(low: 130, high: 247, maxTicks: 3, ticks: [100, 200, 300]),
    // A series crossing zero, and one all negative
    ValueCase(low: -3, high: 5, ticks: [-4, -2, 0, 2, 4, 6]),
    ValueCase(low: -250, high: -120, ticks: [-260, -240, -220, -200, -180, -160, -140, -120]),
    ValueCase(low: -250, high: -200, ticks: [-250, -240, -230, -220, -210, -200]),
    // A flat series sits mid-height
    ValueCase(low: 7, high: 7, ticks: [2, 4, 6, 8, 10, 12]),
    ValueCase(low: 0, high: 0, ticks: [-1, -0.5, 0, 0.5, 1]),
    ValueCase(low: 36_188e6, high: 40_000e6, ticks: [36e9, 37e9, 38e9, 39e9, 40e9]),
  ]

  /// Each tick is the double nearest its decimal value (`0.3`, never `0.30000000000000004`),
  /// so that JSON and labels write it as it reads.
  @Test(arguments: valueCases)
  func roundValueTicks(_ test: ValueCase) {
    let scale = ChartScale(dataLow: test.low, dataHigh: test.high, maxTicks: test.maxTicks)
    #expect(scale.ticks.count <= test.maxTicks + 1)
    #expect(scale.ticks == test.ticks)
    #expect(scale.low <= test.low && scale.high >= test.high)
    #expect(scale.low == scale.ticks.first && scale.high == scale.ticks.last)
  }

  /// Over ranges of many sizes, every tick prints as a short decimal, with no binary noise.
  @Test func ticksHaveNoBinaryNoise() {
    for exponent in -12...12 {
      for (low, high) in [(0.1, 0.7), (1.03, 1.07), (0.3, 0.9), (2.2, 2.9), (-0.7, 0.35)] {
        let scale = ChartScale(
          dataLow: low * pow(10, Double(exponent)), dataHigh: high * pow(10, Double(exponent)),
          maxTicks: 8)
        for tick in scale.ticks {
          let digits = tick.description.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
          let significant = digits.reversed().drop { $0 == "0" }
          #expect(significant.count <= 4, "\(tick) in \(scale.ticks)")
        }
      }
    }
  }

  /// `--zero`: every panel's axis reaches zero, below positive data or above negative data.
  @Test func zeroIsDrawnOnlyWhenAsked() {
    let cows = ChartFixtures.series("Milk per cow", unit: "pounds", [18_210, 20_000, 23_149])
    let negative = ChartFixtures.series("Loss", unit: "$", [-250, -120])
    let plain = Chart(series: [cows, negative], style: ChartStyle())
    #expect(plain.panels.map(\.low) == [18_210, -250])
    #expect(plain.panels.map(\.high) == [23_149, -120])
    let zero = Chart(series: [cows, negative], style: ChartStyle(zero: true))
    #expect(zero.panels.map(\.low) == [0, -250])
    #expect(zero.panels.map(\.high) == [23_149, 0])
    let scale = ChartScale(dataLow: zero.panels[0].low, dataHigh: zero.panels[0].high, maxTicks: 8)
    #expect(scale.ticks.first == 0 && scale.ticks.last == 25_000)
  }

  /// 4 to 8 ticks of 1, 2, 2.5 or 5 × 10^k, covering the data, over ranges of every size.
  @Test func ticksAreRoundAndFewOverManyRanges() {
    var state: UInt64 = 15
    func random() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    for _ in 0..<2_000 {
      let magnitude = pow(10, random() * 40 - 20)
      let low = (random() * 2 - 1) * magnitude
      let high = low + random() * magnitude
      guard high > low else { continue }
      let scale = ChartScale(dataLow: low, dataHigh: high, maxTicks: 8)
      let step = scale.ticks[1] - scale.ticks[0]
      let mantissa = step / pow(10, floor(log10(step)))
      #expect(
        [1, 2, 2.5, 5, 10].contains { abs($0 - mantissa) < 1e-6 }, "\(low)…\(high): \(scale.ticks)")
      #expect((4...8).contains(scale.ticks.count), "\(low)…\(high): \(scale.ticks)")
      #expect(scale.low <= low && scale.high >= high)
    }
  }

  @Test func extremesGiveFiniteTicks() {
    let big = Double.greatestFiniteMagnitude
    let tiny = Double.leastNonzeroMagnitude
    for (low, high) in [
      (-big, big), (big, big), (-big, -big), (0, big), (-1e308, 1e308), (tiny, tiny), (0, tiny),
      (-tiny, tiny), (1e308, big), (big - 1e292, big), (1, 1 + 2.220446049250313e-16),
    ] {
      let scale = ChartScale(dataLow: low, dataHigh: high, maxTicks: 8)
      #expect(scale.ticks.count >= 2 && scale.ticks.allSatisfy(\.isFinite), "\(low)…\(high)")
      #expect(scale.low.isFinite && scale.high.isFinite && scale.low < scale.high)
      for value in [low, high, (low / 2 + high / 2)] {
        #expect((0...1).contains(scale.fraction(value)), "\(value) in \(low)…\(high)")
      }
      for tick in scale.ticks { _ = ChartNumberFormat.tick(tick, step: scale.step) }
    }
  }

  @Test func tickLabelsUseTheStepsDecimals() {
    #expect(ChartNumberFormat.tick(12.5, step: 2.5) == "12.5")
    #expect(ChartNumberFormat.tick(10, step: 2.5) == "10.0")
    #expect(ChartNumberFormat.tick(0.30000000000000004, step: 0.05) == "0.30")
    #expect(ChartNumberFormat.tick(36_000_000_000, step: 500_000_000) == "36,000,000,000")
    #expect(ChartNumberFormat.tick(1e300, step: 1e299) == "1e+300")
  }

  struct YearCase: CustomTestStringConvertible, Sendable {
    var years: ClosedRange<Int64>
    var maxTicks: Int
    var step: Int64?
    var ticks: [Int64]
    var testDescription: String { "\(years), at most \(maxTicks)" }
  }

  static let yearCases: [YearCase] = [
    YearCase(
      years: 1975...2022, maxTicks: 12, step: 5,
      ticks: [1975, 1980, 1985, 1990, 1995, 2000, 2005, 2010, 2015, 2020]),
    YearCase(years: 1975...2022, maxTicks: 5, step: 10, ticks: [1980, 1990, 2000, 2010, 2020]),
    YearCase(years: 1975...2022, maxTicks: 3, step: 20, ticks: [1980, 2000, 2020]),
    YearCase(years: 2019...2022, maxTicks: 12, step: 1, ticks: [2019, 2020, 2021, 2022]),
    YearCase(
      years: 2011...2022, maxTicks: 8, step: 2, ticks: [2012, 2014, 2016, 2018, 2020, 2022]),
    YearCase(years: 1990...1990, maxTicks: 5, step: 1, ticks: [1990]),
    YearCase(years: -30...30, maxTicks: 5, step: 20, ticks: [-20, 0, 20]),
    YearCase(years: 0...10_000, maxTicks: 12, step: 1_000, ticks: (0...10).map { $0 * 1_000 }),
    YearCase(years: 1975...2022, maxTicks: 0, step: nil, ticks: []),
    YearCase(
      years: Int64.min...Int64.max, maxTicks: 12, step: 2_000_000_000_000_000_000,
      ticks: [-8, -6, -4, -2, 0, 2, 4, 6, 8].map { $0 * 1_000_000_000_000_000_000 }),
  ]

  @Test(arguments: yearCases)
  func roundYears(_ test: YearCase) {
    let axis = YearAxis(years: test.years, maxTicks: test.maxTicks)
    #expect(axis.ticks == test.ticks)
    #expect(axis.step == test.step)
    #expect(
      axis.fraction(test.years.lowerBound)
        == (test.years.lowerBound == test.years.upperBound ? 0.5 : 0))
  }
}
