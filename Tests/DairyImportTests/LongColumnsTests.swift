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

/// The columns of a long table read whole (``LongColumns``): each rule on a fixture of its own in
/// Fixtures/good, the sections it gives (key, title, group, unit, notes, rows) and the dataset's
/// notes; and the rules' text helpers (ID names, raised footnote letters).
@Suite("Long tables read whole")
struct LongColumnsTests {
  /// One section as the test expects it.
  struct Expected: Sendable, CustomStringConvertible {
    var key: String
    var title: String
    var group: String?
    var unit: String?
    var notes: String?
    var rows: Int

    var description: String { key }
  }

  static let cases: [(String, [Expected], String?)] = [
    // `…ID` columns one-to-one with a text column stand for it in the key; a constant column
    // (and its ID) is left out; `Region`, coarser than `State`, is the group; `UnitAbbr`
    // restates the unit; `Attribute` is one-to-one with the unit, yet names the series.
    (
      "long-ids.csv",
      [
        Expected(
          key: "1 / Northeast / 23", title: "Production / Maine", group: "Northeast",
          unit: "million pounds", rows: 2),
        Expected(
          key: "1 / Northeast / 50", title: "Production / Vermont", group: "Northeast",
          unit: "million pounds", rows: 2),
        Expected(
          key: "1 / Midwest / 19", title: "Production / Iowa", group: "Midwest",
          unit: "million pounds", rows: 2),
        Expected(
          key: "2 / Northeast / 23", title: "Cows / Maine", group: "Northeast",
          unit: "thousand head", rows: 2),
        Expected(
          key: "2 / Midwest / 19", title: "Cows / Iowa", group: "Midwest", unit: "thousand head",
          rows: 1),
      ], nil
    ),
    // A `Code` column and a column of whole numbers (`Sort`) one-to-one with `Item`: the first
    // is the key; `Item long name` restates `Item`; a raised letter leaves the title, and the
    // note that starts with it is the section's notes without it.
    (
      "long-codes.csv",
      [
        Expected(key: "B01", title: "Butter", notes: "Includes anhydrous milkfat.", rows: 2),
        Expected(key: "C02", title: "Cheese", rows: 2),
        Expected(key: "Y03", title: "Yogurt", rows: 1),
      ], nil
    ),
    // A column with one value a year does not split the series: its years are a dataset note.
    (
      "long-year-status.csv",
      [
        Expected(key: "Maine", title: "Maine", rows: 3),
        Expected(key: "Iowa", title: "Iowa", rows: 3),
      ],
      "status: final (2020–2021); preliminary (2022)"
    ),
    // An ID column not one-to-one with a text column names the series too (two Washingtons).
    (
      "long-code-not-one-to-one.csv",
      [
        Expected(key: "Washington / 41067", title: "Washington / 41067", rows: 2),
        Expected(key: "Washington / 53075", title: "Washington / 53075", rows: 2),
        Expected(key: "Lane / 41039", title: "Lane / 41039", rows: 2),
      ], nil
    ),
    // As before: two regions of one state each are one-to-one with their states, no group.
    (
      "long-states.csv",
      [
        Expected(
          key: "Northeast / Maine", title: "Northeast / Maine",
          notes: "Revised in 1980.\nEstimate.", rows: 3),
        Expected(
          key: "Midwest / Iowa", title: "Midwest / Iowa", notes: "Revised in 1980.", rows: 2),
      ], nil
    ),
  ]

  @Test(arguments: cases)
  func sectionsOfALongTableReadWhole(file: String, expected: [Expected], notes: String?) throws {
    // Given a long table whose columns only the whole table tells apart
    let database = try DairyDatabase.inMemory()
    // When it is imported
    _ = try database.importFiles([TestSupport.fixture("good/" + file)])
    // Then its sections are named, grouped and keyed as a person would read them
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key) == expected.map(\.key))
    #expect(sections.map(\.title) == expected.map(\.title))
    #expect(sections.map(\.group) == expected.map(\.group))
    #expect(sections.map(\.unit) == expected.map(\.unit))
    #expect(sections.map(\.notes) == expected.map(\.notes))
    #expect(sections.map(\.observationCount) == expected.map(\.rows))
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.notes == notes)
  }

  @Test func inspectNamesThePartOfEachColumn() throws {
    let inspection = ImportRun.inspect(
      TestSupport.fixture("good/long-ids.csv"), options: ImportOptions())
    let dataset = try #require(inspection.datasets.first)
    #expect(
      dataset.columns.map { "\($0.name): \($0.part)" } == [
        "Commodity: the same on every row: left out",
        "CommodityID: the same on every row: left out", "Attribute: title",
        "AttributeID: ID of \"Attribute\": in the key", "Region: group", "State: title",
        "StateID: ID of \"State\": in the key", "Year: year", "Value: value", "Unit: unit",
        "UnitAbbr: restates \"Unit\": left out",
      ])
    let lines = InspectTableRenderer.render([inspection], in: Viewport(width: 100, color: false))
    #expect(lines.contains("    StateID      ID of \"State\": in the key"))
  }

  @Test func aTableWithOneNamingColumnIsNotReadWhole() throws {
    // Given product,year,amount (the benchmark's shape): nothing to tell apart
    let path = try TestSupport.file("one.csv", "product,year,amount\nMilk,1990,1\nMilk,1991,2\n")
    let inspection = ImportRun.inspect(path, options: ImportOptions())
    #expect(inspection.datasets.first?.columns == [])
  }

  @Test func namedSectionColumnsAreNotSecondGuessed() throws {
    // Given --section-column: the columns it names are the series' names, as given
    let path = TestSupport.fixture("good/long-ids.csv")
    var options = ImportOptions()
    options.sectionColumns = ["State", "Attribute"]
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path], options: options)
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key).first == "Maine / Production")
    #expect(sections.allSatisfy { $0.group == nil })
  }

  @Test(arguments: [
    ("CommodityId", true), ("ItemID", true), ("state_id", true), ("FIPS Code", true),
    ("id", true), ("Code", true), ("StateCode", true), ("paid", false), ("Item", false),
    ("Decode", false), ("Region", false),
  ])
  func idNames(name: String, isID: Bool) {
    #expect(LongColumns.isIDName(name) == isID)
  }

  @Test(arguments: [
    ("Other income ᵃ ", "Other income", "a"), ("Total ᵃ,ᵇ", "Total", "ab"),
    ("Capital recoveryᵈ", "Capital recovery", "d"), ("Milk sold", "Milk sold", ""),
    ("ᵃ", "ᵃ", ""), ("Alaska, Hawaii", "Alaska, Hawaii", ""),
  ])
  func raisedLettersAtTheEnd(text: String, kept: String, letters: String) {
    let (rest, found) = SuperscriptMarks.trailing(text)
    #expect(rest == kept)
    #expect(String(found) == letters)
  }

  @Test func raisedLetterFootnoteLines() {
    #expect(SuperscriptMarks.footnote("ᵃ  Income from renting")! == ("a", "Income from renting"))
    #expect(SuperscriptMarks.footnote("ᶜ Costs.")! == ("c", "Costs."))
    #expect(SuperscriptMarks.footnote("ᵃIncome") == nil)
    #expect(SuperscriptMarks.footnote("Income ᵃ") == nil)
    #expect(
      NotesBlock.markedFootnotes("ᵇ  Feed costs")!.map { [$0.mark: $0.text] }
        == [[.letter("b"): "Feed costs"]])
    #expect(
      NotesBlock.markedFootnotes("2/ Feed costs")!.map { [$0.mark: $0.text] } == [[2: "Feed costs"]]
    )
  }
}
