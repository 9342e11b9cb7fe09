import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Why nothing is shown is told in one place (EmptyState) for show, sections and browse.
@Suite("Empty states")
struct EmptyStateTests {
  @Test func showAndBrowseSayTheSameWhenNoRowIsInTheYearRange() throws {
    // Given cheese up to 1900: three sections match, none has a row (and no later years are
    // offered, so the footer is hidden and browse shows the message)
    let filter = SectionFilter(search: "cheese", until: 1900)
    let page = try BrowseDriver.usda.page(PageRequest(filter: filter))
    #expect(EmptyState(page: page) == .noRowsInRange(since: nil, until: 1900, sections: 3))
    let sentence = "No rows up to 1900 in the 3 matching sections."

    // Then show says it, and the browse screen says it under the cow
    let show = ShowRenderer.render(
      page: page, state: .hidden, commandLine: ShowCommandLine(search: "cheese", until: 1900),
      format: .table, viewport: Viewport(width: 80))
    #expect(show.text.hasPrefix(sentence + "\n"))
    let browse = BrowseDriver(database: BrowseDriver.usda, filter: filter)
    #expect(browse.lines.contains { $0.trimmingCharacters(in: .whitespaces) == sentence })
  }

  @Test func showAndBrowseSayTheSameWithNoData() throws {
    let empty = try DairyDatabase.inMemory()
    let page = try empty.page(PageRequest())
    #expect(EmptyState(page: page) == .noData)
    let sentence = "No data yet: import a CSV file with `dairy import FILE`."
    let show = ShowRenderer.render(
      page: page, state: .hidden, commandLine: ShowCommandLine(), format: .table,
      viewport: Viewport(width: 80))
    #expect(show.text == sentence + "\n")
    let browse = BrowseDriver(database: empty)
    #expect(browse.lines.contains { $0.trimmingCharacters(in: .whitespaces) == sentence })
    #expect(SectionsTableRenderer.emptyMessage(search: nil) == "No sections.")
  }

  @Test func aSearchThatMatchesNothingIsEchoedEscapedEverywhere() throws {
    let search = "xyz\u{1B}[31m"
    let page = try BrowseDriver.usda.page(PageRequest(filter: SectionFilter(search: search)))
    let empty = try #require(EmptyState(page: page))
    #expect(empty == EmptyState(search: search))
    #expect(
      empty.message(for: .show(ShowCommandLine(search: search)))
        == #"No section matches "xyz\e[31m". Try `dairy sections` to see every title."#)
    #expect(empty.message(for: .sections) == #"No section matches "xyz\e[31m"."#)
    #expect(
      empty.message(for: .browse(searchLineOpen: false))
        == "Nothing matches “xyz\\e[31m”. / changes it, Esc clears it.")
  }

  @Test func aPageWithRowsHasNoEmptyState() throws {
    #expect(EmptyState(page: try BrowseDriver.usda.page(PageRequest(pageSize: 1))) == nil)
  }
}
