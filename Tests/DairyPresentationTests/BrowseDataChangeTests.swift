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

/// The browse screen when a dataset is imported again while it is open: what is loaded is never
/// continued with the new version's rows; the screen loads again, back to the top of the section the reader was in, and says so.
@Suite("Browse when the data changes")
struct BrowseDataChangeTests {
  /// A browse of milk (three series of 60 years of 111) with its first page loaded and its
  /// second held back, and milk imported again with 222s since.
  static func changedUnderTheScreen() throws -> (BrowseDriver, BrowseFetch) {
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    var driver = BrowseDriver(database: database)
    driver.holdFetches = true
    driver.press(.character("G"))
    let next = try #require(driver.held.last)
    guard case .after = next.request.start else {
      Issue.record("the held fetch is not the next page: \(next)")
      throw CancellationError()
    }
    _ = try database.importFiles(
      [try TestSupport.milk(222, at: path)], options: TestSupport.replacing)
    return (driver, next)
  }

  /// The amounts on screen and in what is loaded.
  static func amounts(_ driver: BrowseDriver) -> Set<Double> {
    Set(driver.state.sections.parts.flatMap { $0.section.rows.map(\.amount) })
  }

  @Test func aPageFromANewerVersionIsNotSplicedOn() throws {
    // Given the next page held back, and a page of the new version that continues section A
    var (driver, next) = try Self.changedUnderTheScreen()
    driver.held = []
    guard case .after(let cursor) = next.request.start else { return }
    var newer = cursor
    newer.version = 2
    let page = try driver.database.page(PageRequest(start: .after(newer)))
    #expect(page.parts[0].section.info.id == cursor.section)

    // When it arrives for the fetch the screen asked for
    driver.send(.pageLoaded(next, page))

    // Then nothing of it is added, the old version's rows go too (they are known to be stale),
    // and the screen loads again from the top, and says why
    #expect(Self.amounts(driver).isEmpty)
    #expect(driver.state.notice == BrowseState.reloadedNotice)
    let reload = try #require(driver.held.last)
    #expect(reload.request.start == .first)
    driver.release()
    #expect(Self.amounts(driver) == [222])
    #expect(driver.statusLine.hasPrefix(" data imported again: reloaded from the section's top"))
    #expect(driver.screen.contains("  1900     222"))
    #expect(!driver.screen.contains("111"))
  }

  @Test func aCursorTheDataChangedUnderReloadsFromTheTop() throws {
    // Given the next page held back, asked with a cursor of the old version
    var (driver, _) = try Self.changedUnderTheScreen()

    // When it runs against the database, which refuses the cursor
    driver.release()

    // Then the screen shows the new version only, from the top, with the notice
    #expect(driver.state.notice == BrowseState.reloadedNotice)
    driver.release()
    #expect(Self.amounts(driver) == [222])
    #expect(driver.state.anchor == .top)
    #expect(driver.statusLine.contains("reloaded from the section's top · rows 1–22 of 180"))
    #expect(driver.state.footer.state == .loadMore)

    // And the next key takes the notice away; scrolling on loads the new version's pages
    driver.holdFetches = false
    driver.press(.character("G"), .character("G"), .character("G"), .character("G"))
    #expect(driver.state.notice == nil)
    #expect(Self.amounts(driver) == [222])
    #expect(driver.state.loadedRows == 180)
  }

  /// A browse of milk read down into section C, page 3 of 4 loaded and page 4 held back, and
  /// milk imported again since from `csv`.
  static func readingSectionC(then csv: String) throws -> BrowseDriver {
    let database = try DairyDatabase.inMemory()
    let path = try TestSupport.milk(111)
    _ = try database.importFiles([path])
    var driver = BrowseDriver(database: database)
    driver.holdFetches = true
    for _ in 0..<3 {
      driver.scrollToLoadedEnd()
      if driver.state.loadedRows < 150 { driver.release() }
    }
    #expect(driver.state.loadedRows == 150)
    #expect(driver.held.count == 1)
    #expect(driver.state.sections.parts[driver.state.anchor.section].section.info.key == "C")
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    _ = try database.importFiles([path], options: TestSupport.replacing)
    return driver
  }

  @Test func theReloadGoesBackToTheTopOfTheSectionTheReaderWasIn() throws {
    // Given a reader in section C, and milk imported again with 222s
    var csv = "Year,A,B,C\n"
    for year in 1900..<1960 { csv += "\(year),222,222,222\n" }
    var driver = try Self.readingSectionC(then: csv)

    // When the next page is asked with the old version's cursor, and the reload runs its course
    while !driver.held.isEmpty { driver.release() }

    // Then the pages up to C are loaded again, and C's header is the top line, with new rows
    #expect(Self.amounts(driver) == [222])
    #expect(driver.state.anchor == ScrollAnchor(section: 2, line: 0))
    #expect(driver.state.notice == BrowseState.reloadedNotice)
    #expect(driver.lines[0].hasPrefix("C "))
    #expect(driver.lines[1] == "  1900     222")
    #expect(driver.statusLine.contains("reloaded from the section's top · rows 121–"))
  }

  @Test func whenTheSectionIsGoneTheReloadStaysAtTheTop() throws {
    // Given a reader in section C, and milk imported again without C
    var csv = "Year,A,B\n"
    for year in 1900..<1960 { csv += "\(year),222,222\n" }
    var driver = try Self.readingSectionC(then: csv)

    // When the reload has loaded every page
    while !driver.held.isEmpty { driver.release() }

    // Then the screen is at the top of the new data, and says why
    #expect(driver.state.loadedRows == 120)
    #expect(driver.state.anchor == .top)
    #expect(driver.state.notice == BrowseState.sectionGoneNotice)
    #expect(
      driver.statusLine.hasPrefix(" data imported again, section gone: reloaded from the top"))
  }
}
