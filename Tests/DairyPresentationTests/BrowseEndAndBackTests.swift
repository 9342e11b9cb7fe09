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

/// `G` goes to the end of the data, loading the rest on the way; Esc clears a search, back to
/// where it began, before it quits.
@Suite("Browse: the end, and back")
struct BrowseEndAndBackTests {
  /// A database of 60 series of 100 years (6,000 rows): more than three loads of
  /// ``BrowseState/farPageSize`` rows after the first page.
  static let long: DairyDatabase = {
    var csv = "Year," + (1...60).map { "Series \($0)" }.joined(separator: ",") + "\n"
    for year in 1901...2000 {
      csv += "\(year)," + (1...60).map { String($0 * 10_000 + year) }.joined(separator: ",") + "\n"
    }
    let database = try! DairyDatabase.inMemory()
    _ = try! database.importFiles([try! TestSupport.file("long.csv", csv)])
    return database
  }()

  /// The screen without its status line (which counts what is loaded).
  static func content(_ driver: BrowseDriver) -> [String] { Array(driver.lines.dropLast()) }

  @Test func gGoesToTheEndOfTheDataNotOfWhatIsLoaded() {
    // Given the first page of 958 rows loaded
    var driver = BrowseDriver(database: BrowseDriver.usda)
    #expect(driver.state.loadedRows == 50)

    // When G is pressed once
    driver.press(.character("G"))

    // Then the rest is loaded, in one fetch of up to farPageSize rows, and the screen shows the end
    #expect(driver.state.footer.state == .completed)
    #expect(driver.state.loadedRows == 958)
    #expect(driver.state.goingToEnd == false)
    #expect(driver.lines[22].hasPrefix("── all 958 rows shown"))
    #expect(driver.statusLine.hasPrefix(" rows 947–958 of 958 · 21 sections"))
    #expect(driver.state.anchor == driver.state.maxAnchor)
    // Every row is there once, in order
    let years = driver.state.sections.parts.map { $0.section.rows.map(\.year) }
    #expect(years.allSatisfy { $0 == $0.sorted() && Set($0).count == $0.count })
    #expect(driver.state.sections.numberOfSections == 21)
  }

  @Test func onTheWayTheLoadingFooterShowsAndEachLoadAsksForTheNext() throws {
    // Given 6,000 rows, the first 50 loaded, and fetches held back
    var driver = BrowseDriver(database: Self.long)
    driver.holdFetches = true

    // When G is pressed
    driver.press(.character("G"))

    // Then one fetch of farPageSize rows goes out, and the screen is at the bottom, on the
    // loading footer
    var sizes: [Int] = []
    while let fetch = driver.held.first {
      sizes.append(fetch.request.pageSize)
      #expect(driver.state.goingToEnd)
      #expect(driver.state.footer.state == .loading)
      #expect(driver.lines[22].hasPrefix("── loading more rows ⠋"), "\(driver.lines[22])")
      #expect(driver.state.anchor == driver.state.maxAnchor)
      // (and each arrival asks for the next)
      driver.release()
      #expect(sizes.count < 10)
    }
    #expect(sizes == [2_000, 2_000, 2_000])
    #expect(driver.state.loadedRows == 6_000)
    #expect(driver.state.footer.state == .completed)
    #expect(driver.state.goingToEnd == false)
    #expect(driver.lines[22].hasPrefix("── all 6,000 rows shown"))
    #expect(driver.lines[20].hasPrefix("  2000  602,000"), "\(driver.lines[20])")
  }

  @Test func aKeyStopsTheWayAndTheLoadOnItsWayStillComesIn() throws {
    var driver = BrowseDriver(database: Self.long)
    driver.holdFetches = true
    driver.press(.character("G"))
    driver.release()
    #expect(driver.state.loadedRows == 2_050)
    #expect(driver.held.count == 1)

    // When k is pressed while the second load is on its way
    driver.press(.character("k"))

    // Then the way stops: the load comes in, under what is loaded, and no other follows
    #expect(driver.state.goingToEnd == false)
    let before = Self.content(driver)
    driver.release()
    #expect(driver.state.loadedRows == 4_050)
    #expect(driver.held.isEmpty)
    #expect(driver.state.footer.state == .loadMore)
    #expect(Self.content(driver)[0..<20] == before[0..<20])
  }

  @Test func escStopsTheWayAndDoesNothingElse() {
    var driver = BrowseDriver(database: Self.long, filter: SectionFilter(search: "series"))
    driver.holdFetches = true
    driver.press(.character("G"))
    #expect(driver.state.goingToEnd)

    driver.press(.escape)

    // Esc stopped G: it neither cleared the search nor quit
    #expect(driver.state.goingToEnd == false)
    #expect(driver.state.filter.search == "series")
    #expect(!driver.quit)
    // The next Esc clears the search
    driver.press(.escape)
    #expect(driver.state.filter.search == nil)
  }

  @Test func gWhileTheFirstPageLoadsGoesOnToTheEnd() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    driver.press(.character("/"))
    driver.type("milk")
    driver.press(.enter, .character("G"))
    #expect(driver.held.count == 4)  // m, mi, mil, milk; only the last is current
    while !driver.held.isEmpty { driver.release() }
    #expect(driver.state.loadedRows == 384)
    #expect(driver.state.footer.state == .completed)
    #expect(driver.statusLine.hasPrefix(" /milk · rows 369–384 of 384"))
  }

  @Test func escClearsAKeptSearchAndGoesBackToWhereItBegan() {
    // Given a reader in American cheese, on the second page
    var driver = BrowseDriver(database: BrowseDriver.usda)
    for _ in 0..<4 { driver.press(.character(" ")) }
    let before = Self.content(driver)
    #expect(driver.state.topPart?.section.info.title == "American cheese")

    // When they search, keep it, scroll, then press Esc
    driver.press(.character("/"))
    driver.type("butter")
    driver.press(.enter, .character("j"))
    #expect(driver.statusLine.hasPrefix(" /butter"))
    driver.press(.escape)

    // Then the search is gone, and the screen is as it was before it
    #expect(!driver.quit)
    #expect(driver.state.filter.search == nil)
    #expect(Self.content(driver) == before)
    #expect(driver.statusLine.hasPrefix(" rows 75–96 of 958"), "\(driver.statusLine)")

    // And Esc without a search quits
    driver.press(.escape)
    #expect(driver.quit)
  }

  @Test func escInTheSearchLineGoesBackTooAndSoDoesDeletingTheText() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    for _ in 0..<3 { driver.press(.character(" ")) }
    let before = Self.content(driver)

    driver.press(.character("/"))
    driver.type("cheese")
    driver.press(.escape)
    #expect(driver.state.searchLine == nil)
    #expect(Self.content(driver) == before)

    driver.press(.character("/"))
    driver.type("ch")
    driver.press(.backspace, .backspace, .enter)
    #expect(driver.state.filter.search == nil)
    #expect(Self.content(driver) == before)
  }

  @Test func aSearchGivenWithTheCommandClearsToTheTop() {
    var driver = BrowseDriver(database: BrowseDriver.usda, filter: SectionFilter(search: "butter"))
    driver.press(.character("j"), .character("j"))
    driver.press(.escape)
    #expect(!driver.quit)
    #expect(driver.state.filter.search == nil)
    #expect(driver.state.anchor == .top)
    #expect(driver.lines[3].hasPrefix("Fluid beverage milk"))
    #expect(driver.statusLine.hasPrefix(" rows 1–19 of 958"))
  }

  @Test func goingBackFarLoadsBigPagesUpToThePlace() {
    // Given a reader near the end of 6,000 rows, then a search
    var driver = BrowseDriver(database: Self.long)
    driver.press(.character("G"))
    for _ in 0..<30 { driver.press(.character("k")) }
    let before = Self.content(driver)
    driver.press(.character("/"))
    driver.type("series 1")
    driver.press(.enter)

    // When Esc clears it, with the loads held back
    driver.holdFetches = true
    driver.press(.escape)
    var sizes: [Int] = []
    while let fetch = driver.held.first {
      sizes.append(fetch.request.pageSize)
      driver.release()
      #expect(sizes.count < 10)
    }

    // Then the first page, then pages of farPageSize up to the place, which is back on screen
    #expect(sizes == [50, 2_000, 2_000, 2_000])
    #expect(Self.content(driver) == before)
    #expect(driver.state.resumeAt == nil)
  }

  @Test func goingBackLoadsUntilTheScreenIsFullFromThePlace() {
    // Given a reader in Series 21 at 1941 (under its pinned header), ten rows before the end of
    // the first big load on the way back (rows 51–2,050)
    var driver = BrowseDriver(database: Self.long)
    driver.press(.character("G"))
    driver.state.anchor = ScrollAnchor(section: 20, line: 41)
    let before = Self.content(driver)
    #expect(before[1].hasPrefix("  1942"), "\(before[1])")

    // When a search is made and cleared
    driver.press(.character("/"))
    driver.type("series 3")
    driver.press(.escape)

    // Then the same screen comes back, not one pulled up to the end of the first big load
    #expect(Self.content(driver) == before)
    #expect(driver.state.loadedRows == 4_050)
  }
}
