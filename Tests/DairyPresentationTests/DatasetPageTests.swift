import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Which part of a page opens or closes its dataset, and the runs of missing years a part holds.
@Suite("Dataset headers and gaps on pages")
struct DatasetPageTests {
  static let database = DatasetDisplaySnapshotTests.database

  @Test func runsJoinConsecutiveYearsOfOneMarker() {
    let runs = MissingRun.runs(
      [(2003, "NA"), (2004, "NA"), (2005, "NA"), (2006, "(D)"), (2008, "(D)")],
      legend: ["NA": "not available"])
    #expect(
      runs == [
        MissingRun(years: 2003...2005, marker: "NA", meaning: "not available"),
        MissingRun(years: 2006...2006, marker: "(D)"),
        MissingRun(years: 2008...2008, marker: "(D)"),
      ])
  }

  @Test func theFirstAndLastSectionsOfADatasetCarryIt() throws {
    // Given every row on one page
    let page = try Self.database.page(PageRequest(pageSize: 500))
    // Then the report's first part opens it, its last closes it, and the plain file's
    // parts carry its (undescribed) dataset too
    let flags = page.parts.map { [$0.opensDataset, $0.closesDataset] }
    #expect(flags.first == [true, false])
    #expect(flags[9] == [false, true])
    #expect(flags[10] == [true, false] && flags[12] == [false, true])
    #expect(page.parts[0].dataset?.contact == "Jane Doe, 202-555-0100, jane.doe@example.gov")
    #expect(page.parts[1].dataset == nil)
    #expect(page.parts[10].dataset?.notes == nil && page.parts[10].dataset?.updated == nil)
  }

  @Test func aTitleOrASourceIsEnoughForTheTableHeader() {
    let plain = TextStyle(enabled: false)
    let rule = String(repeating: "─", count: 30)
    // A title alone, a source alone: a header; an update date or notes alone: no header
    #expect(
      DatasetHeaderView(dataset: DatasetInfo(name: "m", facts: DatasetFacts(title: "Milk cows")))
        .lines(width: 30, style: plain) == ["Milk cows", rule])
    #expect(
      DatasetHeaderView(
        dataset: DatasetInfo(name: "m", facts: DatasetFacts(source: "NASS", updated: "2024-09-05"))
      )
      .lines(width: 30, style: plain) == ["Source: NASS", "Updated: 2024-09-05", rule])
    #expect(
      DatasetHeaderView(
        dataset: DatasetInfo(name: "m", facts: DatasetFacts(updated: "2024", notes: "n"))
      )
      .lines(width: 30, style: plain).isEmpty)
    // A contact alone: a footer; a title alone: none
    #expect(
      DatasetFooterView(dataset: DatasetInfo(name: "m", facts: DatasetFacts(contact: "Jane Doe")))
        .lines(width: 30, style: plain) == [rule, "Contact: Jane Doe"])
    #expect(
      DatasetFooterView(dataset: DatasetInfo(name: "m", facts: DatasetFacts(title: "Milk cows")))
        .lines(width: 30, style: plain).isEmpty)
  }

  @Test func theBundledTablesHeaderIsOnItsFirstPageOnly() throws {
    // Given the bundled table, whose metadata gives a title and a source only
    let usda = BrowseDriver.usda
    let first = try usda.page(PageRequest(pageSize: 3))
    let second = try usda.page(PageRequest(pageSize: 3, start: .after(first.next!)))
    let plain = TextStyle(enabled: false)
    // Then its first page opens with the header, and the page that starts inside it has none
    #expect(
      first.parts[0].datasetHeader(width: 80, style: plain).first
        == "Dairy products: per capita consumption, United States")
    #expect(second.parts[0].datasetHeader(width: 80, style: plain).isEmpty)
    // And no page has its footer: it has no notes and no contact
    let last = try usda.page(PageRequest(pageSize: 500, start: .number(2)))
    #expect(last.parts.last?.closesDataset == true)
    #expect(last.parts.last?.datasetFooter(width: 80, style: plain).isEmpty == true)
  }

  @Test func aSearchOpensTheDatasetAtItsFirstMatch() throws {
    let page = try Self.database.page(PageRequest(filter: SectionFilter(search: "total")))
    #expect(page.parts.map(\.opensDataset) == [true, false])
    #expect(page.parts.map(\.closesDataset) == [false, true])
  }

  @Test func aLeadingMarkedMissingCellIsAGapBeforeTheFirstRow() throws {
    // Total (Fluid milk) is NA in 2015, before its first value: not a silent gap
    let page = try Self.database.page(PageRequest(pageSize: 500))
    #expect(page.parts[2].section.info.title == "Total (Fluid milk)")
    #expect(page.parts[2].gaps.map(\.years) == [2015...2015])
    #expect(page.parts[2].placedGaps.map(\.row) == [0])
    // Unless the years shown start after it
    var since = PageRequest(pageSize: 500)
    since.filter.since = 2016
    #expect(try Self.database.page(since).parts[2].gaps.isEmpty)
    #expect(
      page.parts[4].gaps == [
        MissingRun(
          years: 2016...2016, marker: "(D)",
          meaning: "withheld to avoid disclosing data for individual operations")
      ])
  }

  @Test func aGapBetweenPagesGoesWithTheLaterPage() throws {
    // Given pages that end at Other's 2015 (31 rows before it)
    let first = try Self.database.page(PageRequest(pageSize: 32))
    let second = try Self.database.page(PageRequest(pageSize: 32, start: .after(first.next!)))
    // Then its 2016 gap is on the second page, before the 2017 row
    #expect(first.parts.last?.gaps == [])
    let other = try #require(second.parts.first)
    #expect(other.section.rows.first?.year == 2017)
    #expect(other.gaps.map(\.years) == [2016...2016])
    #expect(other.placedGaps.map(\.row) == [0])
    // And browse's loaded sections keep it once the pages join
    var loaded = LoadedSections()
    loaded.append(first)
    loaded.append(second)
    #expect(loaded.parts[4].gaps.map(\.years) == [2016...2016])
    #expect(loaded.parts[4].placedGaps.map(\.row) == [1])
  }
}
