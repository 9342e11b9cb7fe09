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

/// The examples in the `///` comments of the chart and statistics API, as written there, with
/// the results the comments give.
@Suite("Chart and statistics documentation examples")
struct ChartDocExampleTests {
  static let butter = ChartSeries(
    title: "Butter", unit: "lb per person", dataset: "Dairy products",
    points: [Observation(year: 1975, amount: 4.7), Observation(year: 2022, amount: 6.0)])

  @Test func chartSeries() throws {
    #expect(Self.butter.points.count == 2)
    let info = SectionInfo(
      id: 1, dataset: "usda", position: 0, fields: SectionFields(key: "Butter", title: "Butter"))
    let section = Section(info: info, rows: [Observation(year: 1975, amount: 4.7)])
    let series = ChartSeries(section: section, dataset: DatasetInfo(name: "usda"))
    #expect(series.dataset == "usda" && series.title == "Butter")
  }

  @Test func chartStyle() {
    var style = ChartStyle()
    style.marks = .ascii
    style.index = true
    style.years = 1990...2022
    #expect(style == ChartStyle(marks: .ascii, index: true, years: 1990...2022))
  }

  @Test func renderers() {
    let lines = ChartRenderer.render([Self.butter], in: Viewport(width: 80, height: 24))
    #expect(lines.count == 24)
    let svg = ChartSVG.render([Self.butter], width: 800, height: 480)
    #expect(svg.hasPrefix("<?xml"))
    let one = ChartSeries(
      title: "Butter", unit: "lb per person", dataset: "Dairy products",
      points: [Observation(year: 1975, amount: 4.7)])
    #expect(ChartJSON.render([one]).hasPrefix("{\"title\":\"Dairy products\""))
    #expect(XMLText.escaped("Milk & <cream>") == "Milk &amp; &lt;cream&gt;")
  }

  @Test func statistics() throws {
    let rows = [Observation(year: 1975, amount: 2.0), Observation(year: 2022, amount: 13.9)]
    let yogurt = try #require(SectionStatistics(rows: rows))
    #expect(abs(try #require(yogurt.change) - 11.9) < 1e-12)
    #expect(abs(try #require(yogurt.percentChange) - 595) < 1e-9)
    #expect(abs(try #require(yogurt.growthRate) - 0.0421) < 5e-5)
  }

  @Test func yearChange() {
    let rows = [
      Observation(year: 1996, amount: 10), Observation(year: 1997, amount: 11),
      Observation(year: 1999, amount: 9.9),
    ]
    let changes = YearChange.changes(of: rows)
    #expect(changes[1]?.change == 1.0)
    #expect(changes[2]?.comparedYear == 1997)
  }

  @Test func datasets() throws {
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    let usda = try database.read { try $0.datasets() }.first!
    #expect(usda.title == "Dairy products: per capita consumption, United States")
    #expect(usda.displayTitle == usda.title)
    let titles = try database.read { snapshot in try snapshot.datasets().map(\.displayTitle) }
    #expect(titles == [usda.displayTitle])
    #expect(DatasetInfo(name: "stem", facts: DatasetFacts(title: "")).displayTitle == "stem")
  }
}
