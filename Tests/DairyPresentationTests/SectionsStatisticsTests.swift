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

/// `dairy sections --stats` and the statistics in `dairy sections --format json`.
@Suite("sections statistics")
struct SectionsStatisticsTests {
  static let summaries: [SectionSummary] = try! BrowseDriver.usda.summaries(
    matching: SectionFilter())

  @Test(arguments: [80, 120])
  func statisticsTable(width: Int) {
    let lines = SectionsStatisticsRenderer.render(Self.summaries, in: Viewport(width: width))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
    assertSnapshot(
      of: lines.joined(separator: "\n") + "\n", as: .lines, named: "width-\(width)")
  }

  @Test func fluidMilkFallsAndYogurtRises() throws {
    let milk = try #require(Self.summaries.first { $0.info.title == "Fluid beverage milk" })
    let cells = SectionsStatisticsRenderer.cells(milk)
    #expect(cells[1] == "247 (1975)" && cells[2] == "130 (2022)")
    #expect(cells[3].hasPrefix("−") && cells[5].hasPrefix("−"))
    let yogurt = try #require(Self.summaries.first { $0.info.title.hasPrefix("Yogurt") })
    #expect(SectionsStatisticsRenderer.cells(yogurt)[5].hasPrefix("+4.2"))
  }

  @Test func noCAGRWhenTheSeriesTouchesZero() {
    let info = SectionInfo(
      id: 1, dataset: "d", position: 0, fields: SectionFields(key: "k", title: "Zero"),
      decimals: 0, observationCount: 2, years: 2000...2001)
    let rows = [Observation(year: 2000, amount: 0), Observation(year: 2001, amount: 5)]
    let summary = SectionSummary(
      info: info, latest: rows.last, trend: [], statistics: SectionStatistics(rows: rows))
    let cells = SectionsStatisticsRenderer.cells(summary)
    #expect(cells[4] == "–" && cells[5] == "–")
    let json = SectionsJSON.render([summary], datasets: [])
    #expect(json.contains(#""percentChange":null,"growthRate":null"#))
  }

  @Test func jsonCarriesTheStatistics() {
    let json = SectionsJSON.render(Self.summaries, datasets: [])
    #expect(
      json.contains(#""first":{"year":1975,"amount":247.0},"last":{"year":2022,"amount":130.0}"#))
    #expect(json.contains(#""growthRate":"#))
  }

  @Test func jsonFiguresAreRoundedAsShowRoundsThem() throws {
    // Given butter (4.7 lb in 1975, 6.0 in 2022: 6.0 - 4.7 is 1.2999999999999998 in binary)
    let butter = try #require(Self.summaries.first { $0.info.title == "Butter" })
    let json = SectionsJSON.render([butter], datasets: [])
    // Then its change has the section's one decimal, its percent two, its growth rate four
    #expect(json.contains(#""change":1.3,"percentChange":27.66,"growthRate":0.0052"#), "\(json)")
    // And every section's figures print short
    let all = SectionsJSON.render(Self.summaries, datasets: [])
    #expect(!all.contains("99999") && !all.contains("00000"), "\(all)")
  }
}
