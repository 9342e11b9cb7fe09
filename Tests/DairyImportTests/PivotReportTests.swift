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

/// The rules of ERS pivot-table reports (Costs and Returns), each on a table of its own: a
/// pivot caption, category rows over their items, order-code rows, captions over runs of years,
/// a unit "except where indicated", and a notes block with a heading and sentences after its
/// source. Fixtures/report/costs-pivot-across.csv holds them all together.
@Suite("Pivot-table reports")
struct PivotReportTests {
  /// The sections of `csv` imported: (group, title, unit) each, and the dataset.
  static func imported(_ csv: String) throws -> ([SectionInfo], DatasetInfo) {
    let path = try TestSupport.file("pivot.csv", csv)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let sections = try database.read { try $0.sections() }
    return (sections, try #require(try database.read { try $0.datasets() }.first))
  }

  static let years = ",2021,2020,2019\n"

  @Test func aRowWithoutValuesGroupsTheRowsUnderItAtItsDepth() throws {
    let (sections, _) = try Self.imported(
      "Costs\n" + Self.years + "Feed,,,\nHay,1,2,3\nGrain,4,5,6\nLabor,,,\nHired,7,8,9\n")
    #expect(
      sections.map { "\($0.group ?? "-") > \($0.title)" } == [
        "Feed > Hay", "Feed > Grain", "Labor > Hired",
      ])
    #expect(sections.map(\.key) == ["Feed / Hay", "Feed / Grain", "Labor / Hired"])
  }

  @Test func orderCodeRowsAreNotNamesAndKeepTheGroup() throws {
    let (sections, _) = try Self.imported(
      "Costs\n" + Self.years + "1,,,\nFeed,,,\n350,,,\nHay,1,2,3\n360,,,\nGrain,4,5,6\n")
    #expect(sections.map { "\($0.group ?? "-") > \($0.title)" } == ["Feed > Hay", "Feed > Grain"])
  }

  @Test func rowsWithValuesStayUngroupedAsBefore() throws {
    let (sections, _) = try Self.imported("Costs\n" + Self.years + "Hay,1,2,3\nGrain,4,5,6\n")
    #expect(sections.map(\.group) == [nil, nil])
  }

  @Test func aPivotCaptionIsNotATitle() throws {
    let (_, dataset) = try Self.imported(
      "Milk costs\n(dollars per cwt)\nSum of Value,,,\n" + Self.years + "Hay,1,2,3\n")
    #expect(dataset.title == "Milk costs")
    #expect(ReportSurvey.isPivotCaption("Average of Price"))
    #expect(!ReportSurvey.isPivotCaption("Sum of the parts"))
    #expect(!ReportSurvey.isPivotCaption("Milk costs"))
  }

  @Test func captionsOverRunsOfYearsAreDatasetNotes() throws {
    let (sections, dataset) = try Self.imported(
      "Costs,,,,\n,Base survey of 2020,,Base survey of 2016,\n,2021,2020,2019,2018\n"
        + "Hay,1,2,3,4\n")
    #expect(sections.map(\.title) == ["Hay"])
    #expect(dataset.notes == "Base survey of 2016: 2018–2019\nBase survey of 2020: 2020–2021")
  }

  @Test func aPivotTablesOwnLabelsNameNothing() throws {
    // Given Excel's default pivot layout: field buttons, and totals across and down
    let (sections, dataset) = try Self.imported(
      "Milk costs\n(dollars per cwt)\n\nSum of Value,Column Labels,,,\n"
        + "Row Labels,2017,2016,2015,Grand Total\nFeed,,,,\nHay,1,2,3,6\nGrain,4,5,6,15\n"
        + "Grand Total,5,7,9,21\n")
    // Then no span of years is noted, and the grand total is in no group
    #expect(dataset.notes == nil)
    #expect(
      sections.map { "\($0.group ?? "-") > \($0.title)" } == [
        "Feed > Hay", "Feed > Grain", "- > Grand Total",
      ])
  }

  @Test(arguments: [
    ("dollars per hundredweight except where indicated", "dollars per hundredweight"),
    ("dollars, unless otherwise noted", "dollars"),
    ("pounds per person", "pounds per person"),
    ("in thousand head except as noted", "thousand head"),
  ])
  func aUnitExceptWhereIndicatedIsTheUnit(text: String, unit: String) {
    #expect(UnitText.normalized(text) == unit)
  }

  @Test func theNotesBlockOfAPivotSheet() {
    var notes = NotesBlock()
    let here = SourceLocation(file: "t.csv", line: 1)
    for line in [
      "Notes", "Source: USDA, Economic Research Service. See the ERS website.",
      "Survey base years are those in which a survey was conducted.",
      "The regions are ERS Farm Resource Regions.", "ᵃ  Income from renting.",
      "ᵇ  Feed costs by type", "of feed.",
    ] {
      notes.add(line, at: here)
    }
    #expect(notes.sources == ["USDA, Economic Research Service. See the ERS website."])
    #expect(
      notes.notes == [
        "Survey base years are those in which a survey was conducted.",
        "The regions are ERS Farm Resource Regions.",
      ])
    #expect(
      notes.footnotes == [
        .letter("a"): "Income from renting.", .letter("b"): "Feed costs by type of feed.",
      ])
    #expect(notes.warnings.isEmpty)
  }

  @Test func aSourceCutMidSentenceGoesOn() {
    var notes = NotesBlock()
    let here = SourceLocation(file: "t.csv", line: 1)
    notes.add("Sources: USDA, National Agricultural Statistics Service,", at: here)
    notes.add("Milk Production.", at: here)
    #expect(notes.sources == ["USDA, National Agricultural Statistics Service, Milk Production."])
    #expect(notes.notes.isEmpty)
  }
}
