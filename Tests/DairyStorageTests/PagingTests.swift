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

@Suite("Pages of sections")
struct PagingTests {
  static func usda() throws -> DairyDatabase {
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    return database
  }

  /// Every (section, year) the pages visit, following `next` from the first page.
  static func visitAll(_ database: DairyDatabase, _ request: PageRequest) throws -> (
    rows: [String], pages: [Page]
  ) {
    var request = request
    var rows: [String] = []
    var pages: [Page] = []
    while true {
      let page = try database.page(request)
      pages.append(page)
      for part in page.parts {
        rows += part.section.rows.map { "\(part.section.info.key)|\($0.year)" }
      }
      guard let next = page.next else { break }
      request.start = .after(next)
      #expect(pages.count < 10_000)
    }
    return (rows, pages)
  }

  @Test(arguments: [1, 7, 48, 50, 100, 958, 1000])
  func followingNextVisitsEveryObservationOnce(pageSize: Int) throws {
    let database = try Self.usda()
    let (rows, pages) = try Self.visitAll(database, PageRequest(pageSize: pageSize))
    #expect(rows.count == 958)
    #expect(Set(rows).count == 958)
    #expect(pages.count == (958 + pageSize - 1) / pageSize)
    #expect(pages.allSatisfy { $0.total == 958 })
    // Each page knows how many rows are loaded once it is shown.
    #expect(pages.map(\.loaded) == pages.indices.map { min(958, ($0 + 1) * pageSize) })
    #expect(pages.dropLast().allSatisfy { $0.rowCount == pageSize && $0.hasMore })
  }

  @Test func pagesEndInsideSectionsAndTheNextContinues() throws {
    let database = try Self.usda()
    let first = try database.page(PageRequest(pageSize: 50))
    #expect(first.parts.map(\.section.info.title) == ["Fluid beverage milk", "American cheese"])
    #expect(first.parts[0].opensSection && first.parts[0].closesSection)
    #expect(first.parts[1].opensSection && !first.parts[1].closesSection)
    #expect(first.parts[1].section.rows.map(\.year) == [1975, 1976])
    let second = try database.page(PageRequest(pageSize: 50, start: .after(first.next!)))
    #expect(!second.parts[0].opensSection)
    #expect(second.parts[0].section.rows.first?.year == 1977)
    #expect(second.rowsBefore == 50)
  }

  @Test(arguments: [1, 2, 5, 19, 20])
  func pageNumbersMatchFollowingNext(number: Int) throws {
    let database = try Self.usda()
    let (_, pages) = try Self.visitAll(database, PageRequest(pageSize: 50))
    let jumped = try database.page(PageRequest(pageSize: 50, start: .number(number)))
    #expect(jumped.parts == pages[number - 1].parts)
    #expect(jumped.next == pages[number - 1].next)
    #expect(jumped.rowsBefore == pages[number - 1].rowsBefore)
  }

  @Test func aPageBeyondTheEndIsEmptyAndComplete() throws {
    let page = try Self.usda().page(PageRequest(pageSize: 50, start: .number(21)))
    #expect(page.parts.isEmpty)
    #expect(page.next == nil)
    #expect(page.loaded == 958)
  }

  @Test func searchAndYearRange() throws {
    let database = try Self.usda()
    let filter = SectionFilter(search: "YOGURT", since: 2000, until: 2009)
    let page = try database.page(PageRequest(filter: filter, pageSize: 100))
    #expect(
      page.parts.map(\.section.info.title) == ["Frozen yogurt", "Yogurt (other than frozen)"])
    #expect(page.total == 20)
    #expect(page.parts.allSatisfy { $0.section.rows.map(\.year) == Array(2000...2009) })
    #expect(page.history == 1975...1999)
    #expect(page.parts.allSatisfy { $0.trend.count == 10 })
  }

  @Test func searchIsLiteral() throws {
    let database = try Self.usda()
    // (Not `_`, which the dataset's name per_capita_consumption_1975-2022 holds.)
    for search in ["%", "x_y", "' OR 1=1 --", "\"", "\\"] {
      #expect(
        try database.page(PageRequest(filter: SectionFilter(search: search))).matchingSections == 0)
    }
  }

  @Test func historyOnlyWhenEarlierYearsHoldData() throws {
    let database = try Self.usda()
    let skim = SectionFilter(search: "skim-solids", since: 2011)
    #expect(try database.page(PageRequest(filter: skim)).history == nil)
    let yogurt = SectionFilter(search: "frozen yogurt", since: 1995)
    #expect(try database.page(PageRequest(filter: yogurt)).history == 1989...1994)
  }

  @Test func aCursorToASectionThatIsGoneIsStale() throws {
    let database = try Self.usda()
    let gone = PageCursor(section: 9999, year: 2000, version: 1)
    #expect {
      _ = try database.page(PageRequest(start: .after(gone)))
    } throws: { error in
      (error as? DairyError)?.kind == .stale
    }
  }

  @Test func sparseYearsPageByNumberAndCountInRange() throws {
    // Sections with gaps: the page jump and the counts cannot use arithmetic on years.
    var text = "series,year,value\n"
    for year in stride(from: 1900, to: 2000, by: 3) { text += "a,\(year),\(year)\n" }
    for year in stride(from: 1950, to: 2000, by: 7) { text += "b,\(year),\(year)\n" }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("sparse.csv", text)])
    let filter = SectionFilter(since: 1960, until: 1990)
    let (rows, pages) = try Self.visitAll(database, PageRequest(filter: filter, pageSize: 4))
    let expected =
      stride(from: 1900, to: 2000, by: 3).filter { (1960...1990).contains($0) }.map { "a|\($0)" }
      + stride(from: 1950, to: 2000, by: 7).filter { (1960...1990).contains($0) }.map { "b|\($0)" }
    #expect(rows == expected)
    #expect(pages[0].total == expected.count)
    for (index, page) in pages.enumerated() {
      let jumped = try database.page(
        PageRequest(filter: filter, pageSize: 4, start: .number(index + 1)))
      #expect(jumped.parts == page.parts)
    }
  }
}
