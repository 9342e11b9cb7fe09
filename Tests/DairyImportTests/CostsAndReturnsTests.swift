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

/// ERS "U.S. milk production costs and returns per hundredweight sold" (MilkCostReturn.xlsx,
/// copied unchanged from ../shared/data/usda-published): a pivot-table sheet and a
/// machine-readable long sheet, imported with exact expectations.
@Suite("Costs and returns as published")
struct CostsAndReturnsTests {
  static let path = TestSupport.fixture("xlsx/MilkCostReturn.xlsx")
  static let pivot = "MilkCostReturn.milk-pivot"
  static let long = "MilkCostReturn.data-sheet-machine-readable"

  /// The import of the sample, once: its sections by dataset, and its datasets.
  static func imported() throws -> (DairyDatabase, [String: [SectionInfo]], [DatasetInfo]) {
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])
    #expect(summary.files.map(\.dataset) == [pivot, long])
    #expect(summary.warnings == [])
    let sections = Dictionary(grouping: try database.read { try $0.sections() }, by: \.dataset)
    return (database, sections, try database.read { try $0.datasets() })
  }

  @Test func thePivotSheet() throws {
    // Given the pivot sheet: `Sum of Value`, base surveys merged over the years, years across
    // in descending order, category rows, order-code rows, raised footnote letters, rows with
    // their own units, and a notes block under a `Notes` heading
    let (database, sections, datasets) = try Self.imported()
    let series = try #require(sections[Self.pivot])
    // Then 29 series of 2000 to 2019, each in its category
    #expect(series.count == 29)
    #expect(series.allSatisfy { $0.observationCount == 20 && $0.years == 2000...2019 })
    #expect(
      Array(series.prefix(5).map { "\($0.group ?? "-") > \($0.title)" }) == [
        "Gross value of production > Milk sold", "Gross value of production > Cattle",
        "Gross value of production > Other income",
        "Gross value of production > Total, gross value of production",
        "Operating costs > Purchased feed",
      ])
    #expect(
      Set(series.compactMap(\.group)) == [
        "Gross value of production", "Operating costs", "Allocated overhead", "Costs listed",
        "Net", "Supporting information",
      ])
    #expect(series.allSatisfy { $0.group != nil })
    // The title's unit, but for the rows that give their own
    let units = Dictionary(uniqueKeysWithValues: series.map { ($0.title, $0.unit) })
    #expect(units["Milk sold"] == "dollars per hundredweight")
    #expect(units["Milk cows"] == "head per farm")
    #expect(units["Output per cow"] == "pounds")
    // Raised letters leave the titles; their texts are the series' notes
    let other = try #require(series.first { $0.title == "Other income" })
    #expect(other.key == "Gross value of production / Other income ᵃ")
    #expect(other.notes?.hasPrefix("Income from renting or leasing dairy stock") == true)
    #expect(
      series.first { $0.title == "Other, operating costs" }?.notes
        == "Costs for third-party organic certification.")
    #expect(series.filter { $0.notes != nil }.count == 4)
    // Values by year, whatever the order of the years across
    let milk = try #require(series.first { $0.title == "Milk sold" })
    let rows = try database.read { try $0.observations(of: milk.id) }
    #expect(rows.first.map { [$0.year: $0.amount] } == [2000: 12.63])
    #expect(rows.last.map { [$0.year: $0.amount] } == [2019: 19.24])
    // The dataset: its title without the pivot caption, its source alone, its notes
    let dataset = try #require(datasets.first { $0.name == Self.pivot })
    #expect(dataset.title == "U.S. milk production costs and returns per hundredweight sold")
    #expect(dataset.source?.hasPrefix("USDA, Economic Research Service using data") == true)
    #expect(dataset.source?.hasSuffix("Commodity Costs and Returns\\ Documentation.") == true)
    let notes = try #require(dataset.notes).split(separator: "\n").map(String.init)
    #expect(notes.count == 7)
    #expect(notes[0].hasPrefix("Survey base years are those"))
    #expect(
      Array(notes.suffix(4)) == [
        "Base survey of 2000: 2000–2004", "Base survey of 2005: 2005–2009",
        "Base survey of 2010: 2010–2015", "Base survey of 2016: 2016–2019",
      ])
  }

  @Test func theMachineReadableSheet() throws {
    // Given the long sheet of 21 columns: 29 items × 8 regions, 2000 to 2019
    let (database, sections, datasets) = try Self.imported()
    let series = try #require(sections[Self.long])
    // Then one section per item and region (Basin and Range from 2016 on)
    #expect(series.count == 232)
    #expect(series.map(\.observationCount).reduce(0, +) == 4176)
    let first = series[0]
    #expect(first.key == "1 / 220 / 10")
    #expect(first.title == "Milk sold / U.S. total")
    #expect(first.group == "Gross value of production")
    #expect(first.unit == "dollars per cwt sold")
    #expect(first.years == 2000...2019)
    let rows = try database.read { try $0.observations(of: first.id) }
    #expect(rows.first?.amount == 12.63 && rows.last?.amount == 19.24)
    let last = try #require(series.last)
    #expect(last.title == "Output per cow / Fruitful Rim")
    #expect(last.group == "Supporting information" && last.unit == "pounds")
    let basin = series.filter { $0.title.hasSuffix("/ Basin and Range") }
    #expect(basin.count == 29 && basin.allSatisfy { $0.years == 2016...2019 })
    #expect(Set(series.compactMap(\.unit)) == ["dollars per cwt sold", "head per farm", "pounds"])
    // The note column gives the raised letters' texts, without the letter
    let other = try #require(series.first { $0.title == "Other income / Heartland" })
    #expect(other.notes?.hasPrefix("Income from renting") == true)
    #expect(!series.contains { $0.title.contains("ᵃ") || $0.title.contains("ᵇ") })
    // The base surveys, one value a year, are a note of the dataset
    let dataset = try #require(datasets.first { $0.name == Self.long })
    #expect(
      dataset.notes
        == "SurveyBaseYear: Base survey of 2000 (2000–2004); Base survey of 2005 (2005–2009); "
        + "Base survey of 2010 (2010–2015); Base survey of 2016 (2016–2019)")
  }
}
