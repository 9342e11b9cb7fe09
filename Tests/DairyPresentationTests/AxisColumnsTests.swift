import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The end of each column of an axis: the first year that `YearAxis.column` places after it.
@Suite("Axis columns")
struct AxisColumnsTests {
  /// Every column's end, checked year by year on axes short enough to walk.
  @Test(arguments: [
    (Int64(1975), Int64(2022)), (0, 0), (-5, 5), (1, 10_000), (1_000, 1_001), (-3_000, 7_000),
  ])
  func endsAreTheFirstYearOfTheNextColumn(first: Int64, last: Int64) {
    let axis = YearAxis(years: first...last, maxTicks: 10)
    for count in [1, 2, 3, 47, 48, 49, 392, 1_000, 20_001] {
      let columns = AxisColumns(axis: axis, count: count)
      var expected: [Int64] = []
      for year in first...last {
        let column = axis.column(year, of: count)
        while expected.count < column { expected.append(year) }
      }
      #expect(columns.ends == expected, "\(first)...\(last) over \(count) columns")
    }
  }

  static let hugeAxes: [(Int64, Int64)] = [
    (.min, .max), (.min, .min + 5_000), (.max - 100_000, .max), (-(1 << 60), 1 << 61), (.min, 0),
  ]

  /// On axes of any `Int64` years, where a double cannot tell neighbouring years apart.
  @Test(arguments: hugeAxes)
  func endsHoldOnHugeAxes(first: Int64, last: Int64) {
    let axis = YearAxis(years: first...last, maxTicks: 10)
    for count in [1, 2, 5, 392, 4_001] {
      let columns = AxisColumns(axis: axis, count: count)
      #expect(columns.ends.count == axis.column(last, of: count))
      for (column, end) in columns.ends.enumerated() {
        #expect(axis.column(end, of: count) > column, "\(end) over \(count)")
        #expect(end == first || axis.column(end - 1, of: count) <= column, "\(end) over \(count)")
      }
    }
  }

  /// The search itself, from guesses near and far, for every place the answer can be.
  @Test func firstYearIsFoundFromAnyGuess() {
    let years: ClosedRange<Int64> = -50...50
    for answer in years {
      for guess in [-50, -49, -1, 0, answer - 1, answer, answer + 1, 49, 50] where years ~= guess {
        let found = AxisColumns.firstYear(in: years, near: guess) { $0 >= answer }
        #expect(found == answer, "answer \(answer), guess \(guess)")
      }
    }
  }
}
