import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The change of a row from the previous year with data.
@Suite("Year-over-year change")
struct YearChangeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var rows: [(Int64, Double)]
    var before: (Int64, Double)? = nil
    /// Per row: (change, percent, compared year) or nil for no change.
    var expected: [(Double?, Double?, Int64?)?]
    var testDescription: String { name }
  }

  static let big = Double.greatestFiniteMagnitude

  static let cases: [Case] = [
    Case(
      name: "consecutive years", rows: [(2000, 10), (2001, 11), (2002, 9.9)],
      expected: [nil, (1, 10, nil), (9.9 - 11, (9.9 - 11) / 11 * 100, nil)]),
    Case(
      name: "a gap: compared with the last year with data", rows: [(1997, 4), (1999, 5)],
      expected: [nil, (1, 25, 1997)]),
    Case(
      name: "the first row of a page, with the row before it", rows: [(2010, 3)],
      before: (2009, 2), expected: [(1, 50, nil)]),
    Case(
      name: "the first row after --since, the row before it years back", rows: [(2010, 3)],
      before: (2001, 6), expected: [(-3, -50, 2001)]),
    Case(
      name: "from zero: no percent", rows: [(2000, 0), (2001, 2)],
      expected: [nil, (2, nil, nil)]),
    Case(
      name: "to zero", rows: [(2000, 2), (2001, 0)], expected: [nil, (-2, -100, nil)]),
    Case(
      name: "negative values: percent of the size", rows: [(2000, -4), (2001, -2)],
      expected: [nil, (2, 50, nil)]),
    Case(
      name: "the extremes: the change does not fit a double", rows: [(1, -big), (2, big)],
      expected: [nil, (nil, 200, nil)]),
    Case(
      name: "years at the ends of Int64", rows: [(Int64.min, 1), (Int64.max, 2)],
      expected: [nil, (1, 100, Int64.min)]),
    Case(name: "no rows", rows: [], before: (2000, 1), expected: []),
  ]

  @Test(arguments: cases)
  func changes(_ test: Case) {
    let rows = test.rows.map { Observation(year: $0.0, amount: $0.1) }
    let before = test.before.map { Observation(year: $0.0, amount: $0.1) }
    let changes = YearChange.changes(of: rows, after: before)
    #expect(changes.count == test.expected.count)
    for (change, expected) in zip(changes, test.expected) {
      guard let expected else {
        #expect(change == nil)
        continue
      }
      guard let change else {
        Issue.record("no change where \(expected) was expected")
        continue
      }
      SectionStatisticsTests.expectClose(change.change, expected.0, "change")
      SectionStatisticsTests.expectClose(change.percentChange, expected.1, "percent")
      #expect(change.comparedYear == expected.2)
    }
  }

  @Test func frozenYogurtHasNoChangeBeforeItsFirstYear() {
    let frozen = ChartFixtures.series("Frozen yogurt").points
    let changes = YearChange.changes(of: frozen)
    #expect(changes[0] == nil)
    #expect(changes[1]?.previous == Observation(year: 1989, amount: 2.0))
    #expect(changes.dropFirst().allSatisfy { $0?.comparedYear == nil })
  }
}
