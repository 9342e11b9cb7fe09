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

/// First and last value, change, percent change, growth rate, min and max of a section over a
/// year range, table-driven, with gaps, one point, zeros, negatives and the extremes of a double.
@Suite("Section statistics")
struct SectionStatisticsTests {
  /// Rows from `(year, amount)` pairs.
  static func rows(_ pairs: [(Int64, Double)]) -> [Observation] {
    pairs.map { Observation(year: $0.0, amount: $0.1) }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var rows: [(Int64, Double)]
    var years: ClosedRange<Int64>? = nil
    var first: (Int64, Double)
    var last: (Int64, Double)
    var min: (Int64, Double)
    var max: (Int64, Double)
    var change: Double?
    var percent: Double?
    var growth: Double?
    var testDescription: String { name }
  }

  static let big = Double.greatestFiniteMagnitude
  static let tiny = Double.leastNonzeroMagnitude

  static let cases: [Case] = [
    Case(
      name: "a rise over 10 years", rows: [(2000, 100), (2005, 150), (2010, 200)],
      first: (2000, 100), last: (2010, 200), min: (2000, 100), max: (2010, 200), change: 100,
      percent: 100, growth: pow(2, 0.1) - 1),
    Case(
      name: "a fall", rows: [(1975, 247), (2022, 130)], first: (1975, 247), last: (2022, 130),
      min: (2022, 130), max: (1975, 247), change: -117, percent: -117 / 247 * 100,
      growth: pow(130 / 247, 1 / 47.0) - 1),
    Case(
      name: "gaps count calendar years", rows: [(2000, 1), (2001, 2), (2010, 4)],
      first: (2000, 1), last: (2010, 4), min: (2000, 1), max: (2010, 4), change: 3, percent: 300,
      growth: pow(4, 0.1) - 1),
    Case(
      name: "one point: no span, no growth", rows: [(1999, 5)], first: (1999, 5),
      last: (1999, 5), min: (1999, 5), max: (1999, 5), change: 0, percent: 0, growth: nil),
    Case(
      name: "starts at zero", rows: [(2000, 0), (2001, 1), (2002, 2)], first: (2000, 0),
      last: (2002, 2), min: (2000, 0), max: (2002, 2), change: 2, percent: nil, growth: nil),
    Case(
      name: "ends at zero", rows: [(2000, 2), (2002, 0)], first: (2000, 2), last: (2002, 0),
      min: (2002, 0), max: (2000, 2), change: -2, percent: -100, growth: nil),
    Case(
      name: "crosses zero", rows: [(2000, 5), (2001, -1), (2002, 6)], first: (2000, 5),
      last: (2002, 6), min: (2001, -1), max: (2002, 6), change: 1, percent: 20, growth: nil),
    Case(
      name: "negative throughout: percent of the first value's size",
      rows: [(2000, -10), (2001, -5)], first: (2000, -10), last: (2001, -5), min: (2000, -10),
      max: (2001, -5), change: 5, percent: 50, growth: nil),
    Case(
      name: "ties keep the earliest year", rows: [(2000, 3), (2001, 1), (2002, 3), (2003, 1)],
      first: (2000, 3), last: (2003, 1), min: (2001, 1), max: (2000, 3), change: -2,
      percent: -200 / 3, growth: pow(1 / 3.0, 1 / 3.0) - 1),
    Case(
      name: "a year range", rows: [(1990, 1), (2000, 2), (2010, 8), (2020, 1)],
      years: 1995...2015, first: (2000, 2), last: (2010, 8), min: (2000, 2), max: (2010, 8),
      change: 6, percent: 300, growth: pow(4, 0.1) - 1),
    Case(
      name: "the extremes: the change does not fit a double", rows: [(1, -big), (2, big)],
      first: (1, -big), last: (2, big), min: (1, -big), max: (2, big), change: nil,
      percent: 200, growth: nil),
    Case(
      name: "a huge ratio: growth in logarithms, too large to hold",
      rows: [(2000, 1e-300), (2001, 1e300)], first: (2000, 1e-300), last: (2001, 1e300),
      min: (2000, 1e-300), max: (2001, 1e300), change: 1e300, percent: nil, growth: nil),
    Case(
      name: "subnormals", rows: [(2000, tiny), (2001, 2 * tiny)], first: (2000, tiny),
      last: (2001, 2 * tiny), min: (2000, tiny), max: (2001, 2 * tiny), change: tiny,
      percent: 100, growth: 1),
    Case(
      name: "years at the ends of Int64", rows: [(Int64.min, 1), (Int64.max, 2)],
      first: (Int64.min, 1), last: (Int64.max, 2), min: (Int64.min, 1), max: (Int64.max, 2),
      change: 1, percent: 100, growth: expm1(log(2.0) / (Double(Int64.max) - Double(Int64.min)))),
  ]

  @Test(arguments: cases)
  func statistics(_ test: Case) throws {
    let statistics = try #require(SectionStatistics(rows: Self.rows(test.rows), years: test.years))
    #expect(statistics.first == Observation(year: test.first.0, amount: test.first.1))
    #expect(statistics.last == Observation(year: test.last.0, amount: test.last.1))
    #expect(statistics.min == Observation(year: test.min.0, amount: test.min.1))
    #expect(statistics.max == Observation(year: test.max.0, amount: test.max.1))
    Self.expectClose(statistics.change, test.change, "change")
    Self.expectClose(statistics.percentChange, test.percent, "percent")
    Self.expectClose(statistics.growthRate, test.growth, "growth")
  }

  static func expectClose(
    _ actual: Double?, _ expected: Double?, _ what: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    guard let expected else {
      #expect(actual == nil, "\(what)", sourceLocation: sourceLocation)
      return
    }
    guard let actual else {
      Issue.record("\(what): nil, expected \(expected)", sourceLocation: sourceLocation)
      return
    }
    #expect(
      abs(actual - expected) <= 1e-12 * max(abs(expected), Double.leastNormalMagnitude),
      "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
  }

  @Test func noRowsInRangeIsNil() {
    #expect(SectionStatistics(rows: []) == nil)
    #expect(SectionStatistics(rows: Self.rows([(2000, 1)]), years: 2001...2005) == nil)
  }

  @Test func theBundledData() throws {
    // Given fluid milk and yogurt as the bundled file has them
    let milk = try #require(
      SectionStatistics(rows: ChartFixtures.series("Fluid beverage milk").points))
    let yogurt = try #require(
      SectionStatistics(rows: ChartFixtures.series("Yogurt (other than frozen)").points))
    // Then milk fell by almost half and yogurt grew about 4 % a year
    #expect(milk.first == Observation(year: 1975, amount: 247))
    #expect(milk.last == Observation(year: 2022, amount: 130))
    #expect(milk.max == Observation(year: 1975, amount: 247))
    #expect((try #require(milk.percentChange)) < -47)
    #expect(abs((try #require(yogurt.growthRate)) - 0.0421) < 0.0005)
    let frozen = try #require(SectionStatistics(rows: ChartFixtures.series("Frozen yogurt").points))
    #expect(frozen.first.year == 1989)
    #expect(frozen.count == 34)
  }

  @Test func everyPairOfExtremesIsSafe() {
    let values: [Double] = [
      0, -0.0, 1, -1, Self.tiny, -Self.tiny, .leastNormalMagnitude, Self.big, -Self.big, 1e308,
      -1e308, 1e-308,
    ]
    for a in values {
      for b in values {
        let statistics = SectionStatistics(rows: Self.rows([(1, a), (3, b)]))!
        for figure in [statistics.change, statistics.percentChange, statistics.growthRate] {
          #expect(figure.map(\.isFinite) ?? true, "\(a) → \(b)")
        }
      }
    }
  }
}
