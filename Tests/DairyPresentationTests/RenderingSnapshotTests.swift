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

/// Whole rendered pages compared with the reference files in `__Snapshots__/` (colour off, fixed
/// widths). A missing reference is recorded and the test fails once; review it and commit it.
@Suite("Rendering snapshots")
struct RenderingSnapshotTests {
  static let database: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    _ = try! TestSupport.importPerCapita(into: database)
    return database
  }()

  /// `dairy show` as the command prints it: the flow the binary runs, on the bundled data (or
  /// on a database that was locked, with `failure` for its message), with standard output not a
  /// terminal, or a terminal of `height + 1` lines (one for the prompt) when a height is given.
  func show(
    _ search: String? = nil, since: PeriodBound? = nil, pageSize: Int? = nil,
    start: PageStart = .first,
    width: Int, height: Int? = nil, failure: String? = nil
  ) throws -> String {
    let line = ShowCommandLine(search: search, since: since, pageSize: pageSize, start: start)
    let terminal = Terminal(isTerminal: height != nil, width: width, height: height.map { $0 + 1 })
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: terminal, output: &output, errors: &errors,
      open: {
        if let failure { throw DairyError(.busy, failure) }
        return ReadingDatabase(database: Self.database)
      })
    #expect(status == (failure == nil ? 0 : 75))
    #expect(errors == "")
    return output
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
    let cursor = PageCursor(
      section: last.section.info.id, year: last.section.rows.last!.year,
      version: last.section.info.version)
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
