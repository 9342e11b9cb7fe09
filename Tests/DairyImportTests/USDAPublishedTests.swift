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

/// The two real USDA CSV exports (copied unchanged from ../shared/data/usda-published), imported
/// as published: every section's key, title, group, unit, notes, first and last value and count,
/// and what the dataset says of itself.
@Suite("USDA tables as published")
struct USDAPublishedTests {
  static func path(_ name: String) -> String { TestSupport.fixture("usda-published/" + name) }

  /// (key, title, first value, last value) of each section of annualmilkprodfactors.csv.
  static let factors: [(String, String, Double, Double)] = [
    (
      "Milk cows and heifers that have calved", "Milk cows and heifers that have calved", 10849,
      9403
    ),
    ("Replace-ment heifers, 500+ pounds", "Replacement heifers, 500+ pounds", 4342, 4337),
    ("Replace-ments per 100 cows", "Replacements per 100 cows", 40.0, 46.1),
    (
      "Average number of milk cows in the United States",
      "Average number of milk cows in the United States", 10799, 9402
    ),
    ("Milk per cow", "Milk per cow", 11891, 24087),
    ("Milk production", "Milk production", 128_406, 226_462),
    ("Average price paid for milk1", "Average price paid for milk", 13.00, 25.60),
    ("Dairy ration value2", "Dairy ration value", 4.84, 13.33),
    ("Milk-feed ratio3", "Milk-feed ratio", 2.72, 1.92),
    ("Milk_Cow_Price", "Milk Cow Price", 1190, 1598),
    ("Milk volume required to buy a cow", "Milk volume required to buy a cow", 9154, 6211),
    (
      "Alfalfa hay price received by farmers4", "Alfalfa hay price received by farmers", 72.00,
      254.50
    ),
    ("Slaughter cow price5", "Slaughter cow price", 45.73, 78.44),
  ]

  @Test func milkProductionAndFactorsAffectingSupply() throws {
    // Given the years-down export, with a header cell over two lines, glued footnote digits,
    // thousands separators and trailing empty rows
    let database = try DairyDatabase.inMemory()
    // When it is imported
    let summary = try database.importFiles([Self.path("annualmilkprodfactors.csv")])
    // Then it has its 13 series, 1980 to 2022, titled without markers, with no unit or group
    #expect(summary.files[0].rows == 43 && summary.observations == 13 * 43 && summary.missing == 0)
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key) == Self.factors.map(\.0))
    #expect(sections.map(\.title) == Self.factors.map(\.1))
    #expect(sections.allSatisfy { $0.unit == nil && $0.group == nil && $0.notes == nil })
    #expect(sections.allSatisfy { $0.observationCount == 43 && $0.years == 1980...2022 })
    let rows = try TestSupport.contents(database)
    for (key, _, first, last) in Self.factors {
      #expect(rows[key]?[1980] == first && rows[key]?[2022] == last, "\(key)")
    }
    #expect(rows["Milk production"]?[2000] == 167_393)
    #expect(sections.map(\.decimals) == [0, 0, 1, 0, 0, 0, 2, 2, 2, 0, 0, 2, 2])
    // And the markers whose footnotes the file lost are warnings, one each
    #expect(
      summary.warnings.map { $0.replacingOccurrences(of: Self.path("") + "/", with: "") } == [
        "annualmilkprodfactors.csv:1:186: footnote 1 is marked here, but the file has no text "
          + "for it",
        "annualmilkprodfactors.csv:1:215: footnote 2 is marked here, but the file has no text "
          + "for it",
        "annualmilkprodfactors.csv:1:235: footnote 3 is marked here, but the file has no text "
          + "for it",
        "annualmilkprodfactors.csv:1:301: footnote 4 is marked here, but the file has no text "
          + "for it",
        "annualmilkprodfactors.csv:1:340: footnote 5 is marked here, but the file has no text "
          + "for it",
      ])
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(
      dataset
        == DatasetInfo(
          name: "annualmilkprodfactors", facts: DatasetFacts(link: "annualmilkprodfactors.csv")))
  }

  @Test func milkProductionByStateAndRegion() throws {
    // Given the years-across export: regions in the first column, states in the second, each
    // year over two columns (mil. pounds, % US)
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("milk_prod.csv")])
    let sections = try database.read { try $0.sections() }
    let rows = try TestSupport.contents(database)
    // Then each row is two series, named after its region when it is a state
    let expected = try Self.milkProductionSections()
    #expect(sections.count == 122 && expected.count == 122)
    #expect(summary.observations == 122 * 48 && summary.missing == 0)
    for (section, row) in zip(sections, expected) {
      #expect(section.key == row.key)
      #expect(section.title == row.title)
      #expect(section.group == row.group)
      #expect(section.unit == row.unit)
      #expect(section.notes == nil)
      #expect(section.observationCount == 48 && section.years == 1970...2017)
      #expect(rows[row.key]?[1970] == row.first && rows[row.key]?[2017] == row.last, "\(row.key)")
    }
    // Spelled out for a region, a state and the nation
    #expect(
      sections[0].key == "Northeast | mil. pounds" && sections[0].title == "Northeast, mil. pounds")
    #expect(sections[3].title == "Maine, % US" && sections[3].group == "Northeast")
    #expect(sections[3].key == "Northeast / Maine | % US")
    #expect(rows["Northeast / Maine | % US"]?[1970] == 0.53)
    #expect(rows["United States | mil. pounds"]?[2017] == 215_466)
    #expect(sections[121].title == "United States, % US" && sections[121].group == nil)
    #expect(summary.warnings.isEmpty)
  }

  /// What milk_prod.csv's sections are, read here by the simplest split (the file has no
  /// quotes): a name in column 1 is a region, in column 2 a state of the region above it.
  static func milkProductionSections() throws -> [(
    key: String, title: String, group: String?, unit: String, first: Double, last: Double
  )] {
    let text = try String(contentsOfFile: path("milk_prod.csv"), encoding: .utf8)
    var result: [(String, String, String?, String, Double, Double)] = []
    var region: String?
    for line in text.split(separator: "\n").dropFirst(4) {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let outer = cells[0].trimmingCharacters(in: .whitespaces)
      let inner = cells[1].trimmingCharacters(in: .whitespaces)
      guard !outer.isEmpty || !inner.isEmpty else { continue }
      if !outer.isEmpty { region = outer }
      let name = outer.isEmpty ? inner : outer
      let key = outer.isEmpty ? region! + " / " + inner : outer
      for (offset, unit) in ["mil. pounds", "% US"].enumerated() {
        result.append(
          (
            key + " | " + unit, name + ", " + unit, outer.isEmpty ? region : nil, unit,
            Double(cells[2 + offset])!, Double(cells[cells.count - 2 + offset])!
          ))
      }
    }
    return result
  }
}
