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

/// What every terminal chart must be, whatever its data and size: exactly the height asked,
/// never wider than the width, no trap on any finite double, and lines that read right.
@Suite("Chart rendering")
struct ChartRenderingTests {
  static let big = Double.greatestFiniteMagnitude
  static let tiny = Double.leastNonzeroMagnitude

  /// Series that have broken charts elsewhere: the extremes of a double, flat, one point.
  static let extremes: [[ChartSeries]] = [
    [ChartFixtures.series("Both ends", [big, -big, big])],
    [ChartFixtures.series("1e308", [1e308, -1e308, 0, 1e308])],
    [ChartFixtures.series("Subnormals", [tiny, 2 * tiny, 0, -tiny])],
    [ChartFixtures.series("Zeros", [0, -0.0, 0, -0.0])],
    [ChartFixtures.series("Flat", [7, 7, 7])],
    [ChartFixtures.series("Flat huge", [big, big])],
    [ChartFixtures.series("Flat tiny", [tiny, tiny])],
    [ChartFixtures.series("Mixed", [-3, 5, -1e-300, 1e300])],
    [ChartFixtures.series("One", [42])],
    [ChartFixtures.series("Huge years", start: Int64.max - 2, [1, 2, 3])],
    [
      ChartFixtures.series("Far apart", start: Int64.min, [1]),
      ChartFixtures.series("Far apart too", start: Int64.max, [2]),
    ],
    [
      ChartFixtures.series("From zero", [0, 1, 2]), ChartFixtures.series("Tiny base", [tiny, big]),
    ],
  ]

  static func strippingColor(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  /// Every line of `lines`, colour removed, fits `width`, and there are `height` of them.
  static func expectFits(
    _ lines: [String], width: Int, height: Int, _ context: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(lines.count == height, "\(context)", sourceLocation: sourceLocation)
    for line in lines where DisplayWidth.of(strippingColor(line)) > width {
      Issue.record("\(context): wider than \(width): \(line)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [false, true])
  func everySizeFits(color: Bool) {
    let sets = [ChartFixtures.usda, ChartFixtures.matching("yogurt"), []] + Self.extremes
    let styles = [
      ChartStyle(), ChartStyle(marks: .ascii), ChartStyle(index: true),
      ChartStyle(marks: .ascii, index: true, years: 1980...1990),
    ]
    for width in [1, 5, 19, 20, 21, 33, 40, 57, 80, 133, 200] {
      for height in [0, 1, 2, 6, 7, 10, 11, 12, 24, 60] {
        for (index, series) in sets.enumerated() {
          let style = styles[(width + height + index) % styles.count]
          let lines = ChartRenderer.render(
            series, in: Viewport(width: width, height: height, color: color), style: style)
          Self.expectFits(lines, width: width, height: height, "set \(index) at \(width)×\(height)")
          if !color { #expect(!lines.joined().contains("\u{1B}")) }
        }
      }
    }
  }

  @Test(arguments: extremes)
  func extremesDraw(_ series: [ChartSeries]) {
    for style in [ChartStyle(), ChartStyle(index: true), ChartStyle(marks: .ascii)] {
      let lines = ChartRenderer.render(series, in: Viewport(width: 80, height: 24), style: style)
      let plotted = lines.dropFirst(2).prefix(12).joined()
      // (The message that nothing can be indexed is two lines long: not a plot.)
      let refused = lines.joined(separator: " ").contains("Nothing to chart as an index")
      let drawn =
        !refused
        && (plotted.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
          || plotted.contains("*") || plotted.contains("o"))
      let indexable = style.index ? series.contains { ($0.points.first?.amount ?? 0) > 0 } : true
      #expect(
        drawn == indexable, "\(series.map(\.title)) \(style)\n\(lines.joined(separator: "\n"))")
      for text in [ChartSVG.render(series, style: style), ChartJSON.render(series, style: style)] {
        #expect(!text.contains("nan") && !text.contains("inf"), "\(series.map(\.title))")
      }
    }
  }

  /// The plot rows of an ASCII chart: the lines between the first unit line and its axis.
  static func plotRows(_ lines: [String]) -> [String] {
    let end = lines.firstIndex { $0.contains("+--") || $0.contains("└─") } ?? lines.count
    return Array(lines[2..<end])
  }

  /// The first and last column holding `mark` in `rows`.
  static func columns(of mark: Character, in rows: [String]) -> ClosedRange<Int>? {
    let found = rows.flatMap { row in row.enumerated().filter { $0.element == mark }.map(\.offset) }
    guard let low = found.min(), let high = found.max() else { return nil }
    return low...high
  }

  @Test func frozenYogurtStartsIn1989() throws {
    let lines = ChartRenderer.render(
      ChartFixtures.matching("yogurt"), in: Viewport(width: 80, height: 24),
      style: ChartStyle(marks: .ascii))
    let rows = Self.plotRows(lines)
    let frozen = try #require(Self.columns(of: "*", in: rows))
    let yogurt = try #require(Self.columns(of: "o", in: rows))
    // The plot starts after "15.0|" (5 columns): 1989 is 14 of 47 years across 75 columns.
    #expect(yogurt.lowerBound == 5)
    #expect(abs(frozen.lowerBound - (5 + Int((14.0 / 47 * 74).rounded()))) <= 1)
    #expect(frozen.upperBound == yogurt.upperBound)
  }

  @Test func missingYearsBreakTheLine() throws {
    // Given 2000–2004 and 2010–2014, nothing in between
    let gappy = ChartFixtures.series(
      "Gappy", [1, 2, 3, 4, 5, nil, nil, nil, nil, nil, 5, 4, 3, 2, 1])
    let lines = ChartRenderer.render(
      [gappy], in: Viewport(width: 60, height: 20), style: ChartStyle(marks: .ascii))
    let rows = Self.plotRows(lines)
    // Then the columns of 2005–2009 are empty: 2004 is at 4/14 of the plot, 2010 at 10/14
    let plotStart = try #require(rows[0].firstIndex(of: "+")).utf16Offset(in: rows[0]) + 1
    let plotWidth = 60 - plotStart
    let after2004 = plotStart + Int((4.0 / 14 * Double(plotWidth - 1)).rounded()) + 1
    let before2010 = plotStart + Int((10.0 / 14 * Double(plotWidth - 1)).rounded()) - 1
    for row in rows {
      let cells = Array(row)
      for column in after2004...before2010 where column < cells.count {
        #expect(cells[column] == " ", "column \(column) of \(row)")
      }
    }
    #expect(Self.columns(of: "*", in: rows) == plotStart...(plotStart + plotWidth - 1))
  }

  @Test func onePointIsOneDot() {
    let lines = ChartRenderer.render(
      [ChartFixtures.series("One", start: 1990, [4.5])], in: Viewport(width: 40, height: 12))
    let cells = lines.dropFirst(2).prefix(5).flatMap { $0.unicodeScalars }
      .filter { (0x2801...0x28FF).contains($0.value) }
    #expect(cells.count == 1)
    #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "1990" })
    #expect(lines.contains("* One, lb: 4.5"))
  }

  @Test func downsamplingKeepsEveryPeak() {
    // Given 10,000 years at 1, but for one spike and one dip
    var amounts = [Double?](repeating: 1, count: 10_000)
    amounts[5_000] = 1_000
    amounts[7_777] = -1_000
    let lines = ChartRenderer.render(
      [ChartFixtures.series("Spiky", start: 0, amounts)], in: Viewport(width: 80, height: 24),
      style: ChartStyle(marks: .ascii))
    let rows = Self.plotRows(lines)
    // Then the top row holds the spike and the bottom row the dip, each in one column
    #expect(rows.first?.filter { $0 == "*" }.count == 1)
    #expect(rows.last?.filter { $0 == "*" }.count == 1)
  }

  @Test func colorPaintsEachSeriesAndChangesNothingElse() {
    let milk = [ChartFixtures.series("Fluid beverage milk")]
    let colored = ChartFixtures.text(milk, width: 80, height: 24, color: true)
    #expect(colored.contains("\u{1B}[38;5;214m⠒"))
    #expect(colored.hasPrefix("\u{1B}[1mDairy products"))
    #expect(Self.strippingColor(colored) == ChartFixtures.text(milk, width: 80, height: 24))
    // Two series: two colours, and no marks on the lines (the colours tell them apart)
    let yogurts = ChartFixtures.text(
      ChartFixtures.matching("yogurt"), width: 80, height: 24, color: true)
    #expect(yogurts.contains("\u{1B}[38;5;214m") && yogurts.contains("\u{1B}[38;5;74m"))
    let plot = Self.strippingColor(yogurts).split(separator: "\n").dropFirst(2).prefix(16)
    #expect(!plot.joined().contains("*") && !plot.joined().contains("o"))
  }

  @Test func withoutColorEachLineCarriesItsMark() {
    let lines = ChartRenderer.render(
      ChartFixtures.matching("cheese"), in: Viewport(width: 80, height: 24))
    let plot = lines.dropFirst(2).prefix(16).joined()
    for mark in ["*", "o", "x"] { #expect(plot.contains(mark)) }
    #expect(lines.contains { $0.hasPrefix("x Cottage cheese, lb per person: 4.6 → 1.9") })
  }

  @Test func unitsMakePanelsUnlessIndexed() {
    let panels = ChartRenderer.render(ChartFixtures.usda, in: Viewport(width: 80, height: 30))
    #expect(panels.filter { $0 == "lb per person" }.count == 1)
    #expect(panels.filter { $0 == "lb milk equivalent per person" }.count == 1)
    let indexed = ChartRenderer.render(
      ChartFixtures.usda, in: Viewport(width: 80, height: 30), style: ChartStyle(index: true))
    #expect(indexed[1] == "index, first year in range = 100")
    #expect(!indexed.contains("lb per person"))
  }

  @Test func indexModeRebasesAndSaysWhatItCannot() {
    let series = [
      ChartFixtures.series("Up", [2, 3, 4]), ChartFixtures.series("Zero", [0, 1, 2]),
      ChartFixtures.series("Negative", [-1, 1, 2]),
    ]
    let lines = ChartRenderer.render(
      series, in: Viewport(width: 80, height: 24), style: ChartStyle(index: true))
    #expect(lines.contains("* Up, lb: 2.0 → 4.0 (index 200)"))
    #expect(lines.contains("o Zero, lb: not indexed: first value 0.0 is not above 0"))
    #expect(lines.contains("x Negative, lb: not indexed: first value -1.0 is not above 0"))
  }

  @Test func nothingToIndexSaysWhyInTextAndSVG() {
    // Given series none of which can be rebased to 100: their first values are not above 0
    let series = [
      ChartFixtures.series("Zero", [0, 1, 2]), ChartFixtures.series("Negative", [-1, 1, 2]),
    ]
    let style = ChartStyle(index: true)

    // When they are charted as an index
    let lines = ChartRenderer.render(series, in: Viewport(width: 100, height: 24), style: style)
    let svg = ChartSVG.render(series, style: style)

    // Then the text chart says why, as the SVG does, and what to do
    let why =
      "Nothing to chart as an index: an index needs a first value above 0, and Zero starts at "
      + "0.0, Negative starts at -1.0; chart without --index, or from a later year with --since."
    #expect(lines.joined(separator: " ").contains(why))
    let said = svg.matches(of: /<text class="empty"[^>]*>([^<]*)<\/text>/).map { String($0.1) }
    #expect(said.count > 1, "wrapped to the image's width")
    #expect(said.joined(separator: " ") == why)
    #expect(!lines.contains { $0.contains("No data to chart") })
  }

  /// Report tables often title a series with its unit (`Wisconsin, mil. pounds`): the legend
  /// names the unit once.
  @Test func theLegendDoesNotRepeatAUnitTheTitleCarries() {
    let series = [
      ChartFixtures.series("Wisconsin, mil. pounds", unit: "mil. pounds", [1, 2]),
      ChartFixtures.series("Milk cows (Thousand head)", unit: "thousand head", [3, 4]),
      ChartFixtures.series("Pounds", unit: "pounds", [5, 6]),
      ChartFixtures.series("Cheese, lb", unit: "lb per person", [7, 8]),
    ]
    let lines = ChartRenderer.render(series, in: Viewport(width: 100, height: 40))
    #expect(lines.contains { $0.hasPrefix("* Wisconsin, mil. pounds: 1.0 → 2.0") })
    #expect(lines.contains { $0.contains("o Milk cows (Thousand head): 3.0 → 4.0") })
    #expect(lines.contains { $0.contains(" Pounds: 5.0 → 6.0") })
    #expect(lines.contains { $0.contains(" Cheese, lb, lb per person: 7.0 → 8.0") })
  }

  @Test func notesOnlyForOneSeries() {
    let one = ChartFixtures.text([ChartFixtures.series("Frozen yogurt")], width: 80, height: 24)
    #expect(one.contains("Notes: Frozen yogurt, in pounds"))
    let two = ChartFixtures.text(ChartFixtures.matching("yogurt"), width: 80, height: 24)
    #expect(!two.contains("Notes:"))
    #expect(two.contains("* Frozen yogurt, lb per person: 2.0 (1989) → 0.9"))
  }

  @Test func theMinimumSizeDraws() {
    let butter = [ChartFixtures.series("Butter")]
    let smallest = ChartRenderer.render(butter, in: Viewport(width: 20, height: 7))
    #expect(smallest.contains { $0.contains("┤") })
    for (width, height) in [(19, 7), (20, 6)] {
      let lines = ChartRenderer.render(butter, in: Viewport(width: width, height: height))
      #expect(lines.joined(separator: " ").contains("Too small"))
    }
    #expect(ChartRenderer.minimumHeight(panels: 2) == 15)
  }
}

/// A legend entry too long for its column is cut in its title before the place that tells it
/// from the others of its title; with no room for both, the place alone is kept.
@Suite("Chart legend entries")
struct ChartLegendEntryTests {
  @Test(arguments: [
    (80, "Cattle, cows, milk: inventory · Green Lake, Wisconsin, head"),
    (50, "Cattle, cows, milk:… · Green Lake, Wisconsin, head"),
    (30, "Green Lake, Wisconsin, head"),
    (12, "Green Lake,…"),
  ])
  func theTitleGivesWayBeforeThePlace(room: Int, expected: String) {
    let name = "Cattle, cows, milk: inventory · Green Lake, Wisconsin, head"
    let tail = " · Green Lake, Wisconsin, head".count
    #expect(ChartLegend.Entry.shortened(name, tail: tail, to: room) == expected)
  }

  @Test func aNameWithoutAPlaceIsCutAtItsEnd() {
    #expect(ChartLegend.Entry.shortened("Butter, lb per person", tail: 0, to: 10) == "Butter, l…")
  }
}
