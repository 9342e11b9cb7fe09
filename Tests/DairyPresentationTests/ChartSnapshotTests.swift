import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Whole terminal charts compared with the reference files in `__Snapshots__/ChartSnapshotTests/`
/// (colour off), on the bundled USDA data, at 40×12, 80×24 and 200×60. A missing reference is
/// recorded and the test fails once; review it and commit it.
@Suite("Chart snapshots")
struct ChartSnapshotTests {
  static let sizes = [(40, 12), (80, 24), (200, 60)]

  /// One snapshot per size, named `WxH`.
  func snapshots(
    _ series: [ChartSeries], style: ChartStyle = ChartStyle(), testName: String = #function,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    for (width, height) in Self.sizes {
      assertSnapshot(
        of: ChartFixtures.text(series, width: width, height: height, style: style), as: .lines,
        named: "\(width)x\(height)", fileID: fileID, file: filePath, testName: testName,
        line: line, column: column)
    }
  }

  /// Fluid milk's fall from 247 to 130 lb, with its notes under the legend.
  @Test func fluidMilk() {
    snapshots([ChartFixtures.series("Fluid beverage milk")])
  }

  /// Yogurt's rise, and frozen yogurt missing before 1989.
  @Test func yogurts() {
    snapshots(ChartFixtures.matching("yogurt"))
  }

  /// Three cheeses on one axis, told apart by their marks.
  @Test func cheeses() {
    snapshots(ChartFixtures.matching("cheese"))
  }

  /// Every section: two units, so two panels, one above the other.
  @Test func everySectionInPanelsByUnit() {
    snapshots(ChartFixtures.usda)
  }

  /// Index mode: every series at 100 in its first year, on one axis whatever its unit.
  @Test func indexMode() {
    snapshots(
      ChartFixtures.matching("cheese") + ChartFixtures.matching("milk-fat"),
      style: ChartStyle(index: true))
  }

  @Test func asciiMode() {
    snapshots(ChartFixtures.matching("yogurt"), style: ChartStyle(marks: .ascii))
  }

  /// A year range: butter since 2000.
  @Test func yearRange() {
    snapshots(ChartFixtures.matching("butter"), style: ChartStyle(years: 2000...2022))
  }

  /// One point is a dot in the middle, with the year under it.
  @Test func onePoint() {
    snapshots([ChartFixtures.series("Butter")], style: ChartStyle(years: 1990...1990))
  }

  /// Missing years break the line: three runs and a lone point.
  @Test func gaps() {
    let amounts: [Double?] = [
      1, 2, 3, 4, nil, nil, 6, 7, 6, 5, nil, 4, nil, nil, nil, 3, 3.5, 4, 4.5, 5,
    ]
    snapshots([ChartFixtures.series("Gappy", amounts)])
  }

  /// Long series, downsampled to a sample per dot column: 10,000 years (one with gaps every 97
  /// years), 1,000 years and 48 years on one axis, in two units.
  @Test func longSeries() {
    snapshots(Self.long)
  }

  /// The same long series rebased to 100, in ASCII, over a year range inside them.
  @Test func longSeriesIndexedInRange() {
    snapshots(Self.long, style: ChartStyle(marks: .ascii, index: true, years: 2_500...9_000))
  }

  static let long = [
    ChartFixtures.walk("Ten thousand", years: 10_000, seed: 1),
    ChartFixtures.walk("Ten thousand, gaps", years: 10_000, seed: 2, gapEvery: 97),
    ChartFixtures.walk("One thousand", start: 6_000, years: 1_000, seed: 3, gapEvery: 211),
    ChartFixtures.walk("Forty-eight", unit: "kg", start: 4_000, years: 48, seed: 4),
    ChartFixtures.walk("Four hundred, gaps", unit: "kg", years: 400, seed: 5, gapEvery: 7),
  ]

  /// Control characters, bidi overrides and wide characters in every text, escaped and fitted.
  @Test func hostileText() {
    let hostile = ChartSeries(
      title: "Milk\u{1B}[31m red \u{202E}evil\u{202C} 牛乳🥛", unit: "lb\u{07}\r\nper 人",
      dataset: "Data\u{1B}]0;title\u{07}set 乳製品", source: "<script>",
      notes: "Line one\u{1B}[2J\nLine two\u{0} with \u{9B}CSI", decimals: 1,
      points: (1990...2000).map { Observation(year: $0, amount: Double($0 - 1985)) })
    snapshots([hostile])
  }

  /// Below the minimum size the chart says so.
  @Test func tooSmall() {
    assertSnapshot(
      of: ChartFixtures.text(ChartFixtures.usda, width: 19, height: 10), as: .lines,
      named: "19x10")
    assertSnapshot(
      of: ChartFixtures.text(ChartFixtures.usda, width: 80, height: 6), as: .lines,
      named: "80x6")
  }

  /// Six units: at 30 lines four panels of four rows or more, not six of two; at 10 lines one
  /// panel; at 60 all six. Sections sharing a unit share a panel (`Pounds ` and `pounds`).
  @Test func manyUnitsGiveFewerTallerPanels() throws {
    let series = Self.sixUnits
    for (width, height) in [(80, 10), (100, 30), (100, 60)] {
      let (lines, overflow) = ChartRenderer.draw(
        series, in: Viewport(width: width, height: height))
      let notice = overflow.map { "\n[stderr] " + $0.notice } ?? ""
      assertSnapshot(
        of: lines.joined(separator: "\n") + notice + "\n", as: .lines, named: "\(width)x\(height)")
    }
    let overflow = try #require(
      ChartRenderer.draw(series, in: Viewport(width: 100, height: 30)).overflow)
    #expect(overflow.shown == 4 && overflow.leftOut.map(\.unit) == ["dollars per cwt", "percent"])
    #expect(overflow.neededHeight == ChartLayout.minimumHeight(panels: 6))
  }

  /// Seven series in six units, as `annualmilkprodfactors` has them.
  static let sixUnits = [
    ChartFixtures.series("Milk cows", unit: "thousand head", start: 2010, [9_117, 9_199, 9_237]),
    ChartFixtures.series("Milk per cow", unit: "pounds", start: 2010, [21_149, 21_334, 21_697]),
    ChartFixtures.series(
      "Milk volume to buy 1 ton of feed", unit: "Pounds ", start: 2010, [1_710, 2_150, 2_390]),
    ChartFixtures.series("Milk production", unit: "million pounds", start: 2010, [192, 196, 200]),
    ChartFixtures.series(
      "Alfalfa hay price", unit: "dollars per ton", start: 2010, [112, 186, 206]),
    ChartFixtures.series(
      "Price paid for milk", unit: "dollars per cwt", start: 2010, [16.3, 20.1, 18.5]),
    ChartFixtures.series("Replacement rate", unit: "percent", start: 2010, [49.1, 49.8, 50.6]),
  ]

  /// Nothing in range.
  @Test func noData() {
    assertSnapshot(
      of: ChartFixtures.text(
        ChartFixtures.matching("yogurt"), width: 80, height: 6,
        style: ChartStyle(years: 2030...2040)), as: .lines)
  }
}
