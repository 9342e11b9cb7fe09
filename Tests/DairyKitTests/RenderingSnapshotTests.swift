import Foundation
import SnapshotTesting
import Testing

@testable import DairyKit

/// Whole rendered pages compared with the reference files in `__Snapshots__/` (colour off, fixed
/// widths). A missing reference is recorded and the test fails once; review it and commit it.
@Suite("Rendering snapshots")
struct RenderingSnapshotTests {
  static let database: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    _ = try! database.importBundledDataIfEmpty()
    return database
  }()

  /// `dairy show` as the command would print it, for a state that follows from the page.
  func show(
    _ search: String? = nil, since: Int64? = nil, pageSize: Int = 50, start: PageStart = .first,
    width: Int, height: Int? = nil, failure: String? = nil
  ) throws -> String {
    let filter = SectionFilter(search: search, since: since)
    var footer = LoadMoreFooter()
    footer.handle(.fetchStarted)
    var page: Page?
    if let failure {
      footer.handle(.fetchFailed(failure))
    } else {
      let fetched = try Self.database.page(
        PageRequest(filter: filter, pageSize: pageSize, start: start))
      footer.handle(
        .pageArrived(hasMore: fetched.hasMore, total: fetched.total, history: fetched.history))
      page = fetched
    }
    let commandLine = ShowCommandLine(
      search: search, since: since, pageSize: pageSize == 50 ? nil : pageSize, start: start)
    return ShowRenderer.render(
      page: page, state: footer.state, commandLine: commandLine, format: .table,
      viewport: Viewport(width: width, height: height)
    ).text
  }

  // MARK: Footer states

  @Test func loadMore() throws {
    assertSnapshot(of: try show(pageSize: 10, width: 80), as: .lines)
  }

  @Test func loading() throws {
    let page = try Self.database.page(PageRequest(pageSize: 5))
    var footer = LoadMoreFooterView(state: .loading, loaded: page.loaded, total: page.total)
    footer.spinner = "⠋"
    let lines = PageRenderer.render(
      PageRenderer.Content(parts: page.parts, footer: footer, emptyMessage: ""),
      in: Viewport(width: 80))
    assertSnapshot(of: lines.joined(separator: "\n") + "\n", as: .lines)
  }

  @Test func retry() throws {
    assertSnapshot(
      of: try show(
        "butter", width: 80,
        failure:
          "/home/ann/.local/share/dairy/dairy.sqlite is locked by another process (database is locked)"
      ),
      as: .lines)
  }

  @Test func completed() throws {
    assertSnapshot(of: try show("frozen yogurt", width: 80), as: .lines)
  }

  @Test func completedWithHistory() throws {
    assertSnapshot(of: try show("yogurt", since: 2015, width: 80), as: .lines)
  }

  @Test func hidden() throws {
    assertSnapshot(of: try show("xyz", width: 80), as: .lines)
  }

  // MARK: Pages with no rows say why

  @Test func noRowsInTheYearRange() throws {
    assertSnapshot(of: try show("cheese", since: 2030, width: 80), as: .lines)
  }

  @Test func aPagePastTheEnd() throws {
    assertSnapshot(of: try show("butter", pageSize: 20, start: .number(99), width: 80), as: .lines)
  }

  @Test func nothingAfterTheLastRow() throws {
    let last = try #require(try Self.database.page(PageRequest(pageSize: 958)).parts.last)
    let cursor = PageCursor(section: last.section.info.id, year: last.section.rows.last!.year)
    assertSnapshot(of: try show(start: .after(cursor), width: 80), as: .lines)
  }

  @Test func continuedSectionOnALaterPage() throws {
    assertSnapshot(of: try show(pageSize: 12, start: .number(4), width: 80), as: .lines)
  }

  // MARK: Sticky and flowing footers

  @Test(arguments: [40, 80, 120])
  func stickyFooterOnAShortPage(width: Int) throws {
    let text = try show("skim-solids", since: 2016, width: width, height: 24)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 25)
    assertSnapshot(of: text, as: .lines, named: "width-\(width)")
  }

  @Test(arguments: [40, 80, 120])
  func footerFollowsALongPage(width: Int) throws {
    let text = try show("cheese", pageSize: 30, width: width, height: 24)
    #expect(text.split(separator: "\n").count > 24)
    assertSnapshot(of: text, as: .lines, named: "width-\(width)")
  }

  @Test(arguments: [40, 80, 120])
  func pipedOutputHasNoPadding(width: Int) throws {
    let text = try show("skim-solids", since: 2016, width: width)
    #expect(text.split(separator: "\n").count < 24)
    assertSnapshot(of: text, as: .lines, named: "width-\(width)")
  }

  // MARK: The sections list

  @Test(arguments: [40, 80, 120])
  func sectionsTable(width: Int) throws {
    let summaries = try Self.database.summaries(matching: SectionFilter())
    let lines = SectionsTableRenderer.render(summaries, in: Viewport(width: width))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
    assertSnapshot(of: lines.joined(separator: "\n") + "\n", as: .lines, named: "width-\(width)")
  }
}
