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

/// The `///` examples of the library, as code that builds and runs: each test holds the same
/// code as one type's example (after a "Given" that supplies what the example takes as given, a
/// database or a page), and checks what the example's comments say it gives.
///
/// This file: Sections, Rendering and Output. The other layers: `+Browse`, `+Storage`.
@Suite("Documentation examples: sections, rendering, output")
struct DocumentationExamplesTests {
  /// The USDA table, for the examples that take a database as given.
  static let database = BrowseDriver.usda

  // MARK: - Sections

  @Test func page() throws {
    let database = Self.database
    let page = try database.page(PageRequest(pageSize: 50))
    print(page.loaded, "of", page.total)  // 50 of 958
    #expect((page.loaded, page.total) == (50, 958))
  }

  @Test func sectionFilter() {
    let filter = SectionFilter(search: "cheese", since: 2000)
    #expect(filter.matches(title: "American cheese"))  // true
  }

  @Test func section() {
    let info = SectionInfo(
      id: 1, dataset: "usda", position: 0, fields: SectionFields(key: "Butter", title: "Butter"))
    let butter = Section(info: info, rows: [Observation(year: 1975, amount: 4.7)])
    #expect(butter.rows.count == 1)  // 1
  }

  @Test func loadMoreFooter() {
    var footer = LoadMoreFooter()
    #expect(footer.handle(.fetchStarted) == .loading)  // .loading
    #expect(footer.handle(.pageArrived(hasMore: true, total: 958, history: nil)) == .loadMore)
  }

  @Test func pageCursor() {
    let cursor = PageCursor("12:1999@v3")
    #expect(cursor?.section == 12)  // 12
    #expect(cursor?.version == 3)  // 3
    #expect(cursor?.description == "12:1999@v3")  // "12:1999@v3"
  }

  @Test func loadedSections() throws {
    let database = Self.database
    let firstPage = try database.page(PageRequest())
    var loaded = LoadedSections()
    loaded.append(firstPage)
    #expect(loaded.parts[1].section.rows.count == 2)  // American cheese: 2 rows from page 1…
    loaded.append(try database.page(PageRequest(start: .after(firstPage.next!))))
    #expect(loaded.parts[1].section.rows.count == 48)  // … 48 with page 2
  }

  @Test func trend() {
    #expect(Trend.points == 16)  // 16
  }

  // MARK: - Rendering

  @Test func amountFormat() {
    #expect(AmountFormat.string(36_188_000_000, decimals: 0) == "36,188,000,000")
    #expect(AmountFormat.string(4.7, decimals: 1) == "4.7")
    #expect(AmountFormat.string(.leastNonzeroMagnitude, decimals: 12) == "5e-324")
    #expect(AmountFormat.string(0.004285, decimals: 2) == "0.0043")
    #expect(SectionFilter(since: 1990).closedYears(within: 1975...2022) == 1990...2022)
    #expect(SectionFilter(until: 1980).closedYears(within: nil) == 1980...1980)
    #expect(SectionFilter().closedYears(within: 1975...2022) == nil)
    #expect(SystemError.describe(ENOENT) == "no such file")
  }

  @Test func displayWidth() {
    #expect(DisplayWidth.of("Milk") == 4)  // 4
    #expect(DisplayWidth.of("牛乳") == 4)  // 4
    #expect(DisplayWidth.of("I ❤️ milk") == 9)  // 9
    #expect(DisplayWidth.truncate("Fluid beverage milk", to: 10) == "Fluid bev…")
  }

  @Test func loadMoreFooterView() {
    var view = LoadMoreFooterView(state: .loadMore, loaded: 50, total: 958)
    view.nextCommand = ShellCommand(["dairy", "show", "--after", "2:1976"])
    #expect(
      view.lines(width: 80, style: TextStyle(enabled: false))
        == ["── 50 of 958 rows · next page: dairy show --after 2:1976"])
    #expect(
      view.lines(width: 40, style: TextStyle(enabled: false))
        == ["── 50 of 958 rows · next page: dairy \\", "   show --after 2:1976"])
  }

  @Test func notesFooterView() {
    #expect(
      NotesFooterView(notes: "Begins in 1989.").lines(width: 40, style: TextStyle(enabled: false))
        == ["  Notes: Begins in 1989."])
  }

  @Test func pageRenderer() throws {
    let page = try Self.database.page(PageRequest(pageSize: 5))
    let footer = LoadMoreFooterView(state: .loadMore, loaded: page.loaded, total: page.total)
    let content = PageRenderer.Content(parts: page.parts, footer: footer, emptyMessage: "")
    let lines = PageRenderer.render(content, in: Viewport(width: 80, height: 24))
    // The dataset's header (title, source, rule) is above its first section
    #expect(
      lines.count == 24 && lines[0] == "Dairy products: per capita consumption, United States")
    #expect(lines[3].hasPrefix("Fluid beverage milk") && lines[4] == "  1975     247")
  }

  @Test func progressBar() {
    #expect(
      ProgressBar.line(done: 5_000_000, total: 20_000_000, width: 40)
        == "importing [==>      ]  25%  4.8/19.1 MiB")
  }

  @Test func rowView() throws {
    let part = try Self.database.page(PageRequest(pageSize: 5)).parts[0]
    let columns = RowView.Columns(part, rows: part.section.rows.indices)
    #expect(
      RowView(part, row: 0).line(columns: columns, width: 80, style: TextStyle(enabled: false))
        == "  1975     247")
  }

  @Test func sectionHeaderView() {
    #expect(
      SectionHeaderView(title: "Butter", unit: "lb per person", trend: [4.7, 4.3, 6.0])
        .lines(width: 40, style: TextStyle(enabled: false))
        == ["Butter                 lb per person ▃▁█"])
  }

  @Test func sectionsTableRenderer() throws {
    let summaries = try Self.database.summaries(matching: SectionFilter(search: "cheese"))
    let lines = SectionsTableRenderer.render(summaries, in: Viewport(width: 80))
    #expect(lines.count == 5 && lines[0] == "per_capita_consumption_1975-2022 (3 sections)")
  }

  @Test func showRenderer() throws {
    let page = try Self.database.page(PageRequest(filter: SectionFilter(search: "frozen yogurt")))
    let output = ShowRenderer.render(
      page: page, state: .completed, commandLine: ShowCommandLine(), format: .table,
      viewport: Viewport(width: 80))
    let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "Dairy products: per capita consumption, United States")
    #expect(lines[3].hasPrefix("Frozen yogurt ") && output.note == nil)
  }

  @Test func emptyState() throws {
    let page = try Self.database.page(
      PageRequest(filter: SectionFilter(search: "cheese", since: 2030)))
    let empty = EmptyState(page: page)  // .noRowsInRange(since: 2030, until: nil, sections: 3)
    #expect(empty == .noRowsInRange(since: 2030, until: nil, sections: 3))
    #expect(
      empty?.message(for: .show(ShowCommandLine(search: "cheese", since: 2030)))
        == "No rows from 2030 on in the 3 matching sections.")
  }

  @Test func sparkline() {
    #expect(Sparkline.render([1, 2, 3, 4]) == "▁▃▆█")
  }

  @Test func stickyFooterLayout() {
    #expect(
      StickyFooterLayout.arrange(content: ["a"], footer: ["end"], height: 4) == [
        "a", "", "", "end",
      ])
    #expect(
      StickyFooterLayout.arrange(content: ["a"], footer: ["end"], height: nil) == ["a", "end"])
  }

  @Test func viewport() {
    let viewport = Viewport(width: 80, height: 24)
    #expect(viewport.width == 80 && viewport.height == 24 && !viewport.color)
  }

  @Test func wordWrap() {
    #expect(
      WordWrap.lines("All fluid milk beverages", width: 10) == ["All fluid", "milk", "beverages"])
  }

  @Test func showCommandLine() {
    let line = ShowCommandLine(search: "butter", pageSize: 20)
    #expect(
      line.next(after: PageCursor(section: 5, year: 1994, version: 2)).description
        == "dairy show butter --page-size 20 --after 5:1994@v2")
  }

  // MARK: - Output

  @Test func jsonOutput() {
    struct Listing: Encodable {
      var sections: [[Int]]
      var total: Int
    }
    #expect(
      JSONOutput.string(Listing(sections: [[1], [2, 3]], total: 3))
        == "{\"sections\":[\n[1],\n[2,3]\n],\n\"total\":3}\n")
  }

  @Test func pageDocument() throws {
    let database = Self.database
    let page = try database.page(PageRequest(pageSize: 3))
    let document = PageDocument(
      parts: page.parts, state: .loadMore, loaded: page.loaded, total: page.total, next: page.next)
    let text = JSONOutput.string(document)
    #expect(text.hasPrefix("{\"sections\":[\n{\"dataset\":"))
    #expect(
      text.hasSuffix(
        "],\n\"footer\":{\"state\":\"loadMore\",\"loaded\":3,\"total\":958,"
          + "\"next\":\"1:1977@v1\",\"history\":null,\"error\":null}}\n"))
  }

  @Test func pageRow() throws {
    let part = try Self.database.page(PageRequest(pageSize: 3)).parts[0]
    let row = PageRow(part, row: 0)  // the part's first row
    #expect(JSONOutput.string(row) == "{\"year\":1975,\n\"amount\":247.0}\n")
  }

  @Test func observationRecord() {
    #expect(
      JSONOutput.string(Observation(year: 1975, amount: 247))
        == "{\"year\":1975,\n\"amount\":247.0}\n")
  }

  @Test func sectionsDocument() throws {
    let database = Self.database
    let summaries = try database.summaries(matching: SectionFilter(search: "cheese"))
    let datasets = try database.read { try $0.datasets() }
    let text = JSONOutput.string(SectionsDocument(summaries, datasets: datasets))
    #expect(text.hasPrefix("{\"datasets\":[\n{\"name\":") && text.hasSuffix("}\n]}\n"))
    #expect(text.contains("],\n\"sections\":[\n{\"dataset\":"))
    #expect(
      SectionsJSON.render(
        try database.summaries(matching: SectionFilter(search: "cheese")), datasets: datasets)
        == text)
  }

  @Test func exportDocument() throws {
    let infos = try Self.database.read { try $0.sections() }.prefix(2)
    let datasets = try Self.database.read { try $0.datasets() }
    var output = ""
    let document = ExportDocument(
      datasets: datasets,
      sections: StreamedArray { write in
        for info in infos {
          try write(ExportDocument.Section(info, rows: StreamedArray { _ in }, missing: []))
        }
      })
    try JSONOutput.write(document, to: &output)
    #expect(output.split(separator: "\n").count == 7 && output.contains("\"rows\":[],"))
  }

  @Test func longCSV() throws {
    let info = try Self.database.read { try $0.sections() }[0]
    let observation = Observation(year: 1975, amount: 247)
    let describing = LongFormatCSV.describedFields(of: [info])
    var csv = LongFormatCSV.header(for: Observation.self, describing: describing)
    LongFormatCSV.SectionWriter(info, describing: describing)
      .write(observation, to: &csv)
    #expect(
      csv == "dataset,section,year,amount,unit,key,group,notes,link\r\n"
        + "per_capita_consumption_1975-2022,Fluid beverage milk,1975,247.0,lb per person,"
        + "Fluid_Beverage_Milk,Fluid milk,\"\(info.notes ?? "")\","
        + "per_capita_consumption_1975-2022.csv\r\n")
  }

  @Test func exportFormat() throws {
    let database = Self.database
    var out = ""
    try ExportFormat.json.write(database, to: &out)
    #expect(out.split(separator: "\n").count == 26)
  }
}
