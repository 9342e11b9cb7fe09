import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The browse screen as a pure model: (state, event) → state, state → lines. No terminal.
@Suite("Browse screen")
struct BrowseStateTests {
  /// Every frame is exactly the screen's height, and no line is wider than the screen.
  func expectFits(_ driver: BrowseDriver, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  {
    let lines = driver.lines
    #expect(lines.count == driver.state.height, sourceLocation: sourceLocation)
    for line in lines {
      #expect(
        DisplayWidth.of(line) <= driver.state.width, "\(line)", sourceLocation: sourceLocation)
    }
  }

  @Test func opensOnTheFirstSectionWithAStatusLine() {
    let driver = BrowseDriver(database: BrowseDriver.usda)
    expectFits(driver)
    // The dataset's header (its title and source, then a rule) is above its first section
    #expect(driver.lines[0] == "Dairy products: per capita consumption, United States")
    #expect(driver.lines[1] == "Source: USDA Economic Research Service, Dairy Data (annual)")
    #expect(driver.lines[2] == String(repeating: "─", count: 80))
    #expect(driver.lines[3].hasPrefix("Fluid beverage milk"))
    #expect(driver.lines[4] == "  1975     247")
    #expect(driver.statusLine.hasPrefix(" rows 1–19 of 958 · 50 loaded · 21 sections"))
    #expect(driver.statusLine.hasSuffix("? help · q quit "))
  }

  @Test func beforeTheFirstPageTheFooterSaysLoading() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    driver.press(.character("/"))
    driver.type("milk")
    driver.press(.enter)
    // The old sections stay until the new ones arrive; then they replace them from the top.
    #expect(driver.state.footer.state == .loading)
    var fresh = BrowseState(width: 80, height: 24)
    _ = fresh.start()
    #expect(fresh.frame().lines[22].hasPrefix("── loading rows ⠋ ─"))
    driver.release()
    #expect(driver.lines[0] == "Dairy products: per capita consumption, United States")
    #expect(driver.lines[3].hasPrefix("Fluid beverage milk"))
    #expect(driver.statusLine.hasPrefix(" /milk · rows 1–19 of 384 · 50 loaded · 8 sections"))
  }

  @Test func theHeaderStaysPinnedWhileItsRowsScroll() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    // Past the dataset's header (3 lines), the section's header and two rows
    driver.press(.character("j"), .character("j"), .down)
    driver.press(.character("j"), .character("j"), .down)
    #expect(driver.lines[0].hasPrefix("Fluid beverage milk"))
    // The row under the pinned header (1977) is hidden; the next is on line 1.
    #expect(driver.lines[1] == "  1978     241")
    #expect(driver.statusLine.hasPrefix(" rows 4–25 of 958"))
    // The dataset's header scrolled away: only the section's own is pinned
    #expect(!driver.screen.contains("Dairy products"))
  }

  @Test func theNextHeaderPushesThePinnedOneAway() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    // Fluid milk: the dataset's header (3 lines), its header, 48 rows, 5 notes lines, a blank
    // line = 58 lines.
    driver.send(.key(.character("G")))  // loads page 2, so American cheese follows
    driver.press(.character("g"))
    for _ in 0..<56 { driver.press(.character("j")) }
    // The top line is the last notes line: the header is still pinned over it.
    #expect(driver.lines[0].hasPrefix("Fluid beverage milk"))
    driver.press(.character("j"))
    // The top line is the blank line: the old header has gone, the new one is right below.
    #expect(driver.lines[0] == "")
    #expect(driver.lines[1].hasPrefix("American cheese"))
    driver.press(.character("j"), .character("j"))
    #expect(driver.lines[0].hasPrefix("American cheese"))
  }

  @Test func theWheelScrollsThreeLinesAndPagesAScreenLessOne() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.wheelDown)
    #expect(driver.state.anchor == ScrollAnchor(section: 0, line: 3))  // the dataset's header
    #expect(driver.state.topRowIndex == 0)
    driver.press(.wheelDown)
    #expect(driver.state.topRowIndex == 2)  // the header line, then rows 1975 and 1976 went by
    driver.press(.wheelUp, .wheelUp)
    #expect(driver.state.anchor == .top)
    driver.press(.pageDown)
    #expect(driver.state.anchor == ScrollAnchor(section: 0, line: 22))
    driver.press(.character("b"))
    #expect(driver.state.anchor == .top)
    driver.press(.control("d"))
    #expect(driver.state.anchor == ScrollAnchor(section: 0, line: 11))
    driver.press(.control("u"), .character(" "))
    #expect(driver.state.anchor == ScrollAnchor(section: 0, line: 22))
  }

  @Test func atTheTopScrollingUpDoesNothing() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    let before = driver.screen
    driver.press(.character("k"), .up, .pageUp, .wheelUp)
    #expect(driver.screen == before)
    #expect(driver.state.overscroll == 0)
  }

  @Test func theFooterLoadsMoreWithoutMovingWhatIsOnScreen() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    // Given the end of the first page on screen (the bottom of what is loaded)
    driver.scrollToLoadedEnd()
    #expect(driver.held.count == 1)
    #expect(driver.state.footer.state == .loading)
    #expect(driver.lines[22].hasPrefix("── loading more rows ⠋"))
    let before = driver.lines
    // When the clock ticks, the spinner turns, and keys still work
    driver.send(.tick)
    #expect(driver.lines[22].hasPrefix("── loading more rows ⠙"))
    driver.press(.character("k"))
    driver.press(.character("j"))
    // When the page arrives, the new rows come in under the old ones, and nothing moves
    driver.release()
    #expect(driver.state.footer.state == .loadMore)
    #expect(Array(driver.lines[0..<21]) == Array(before[0..<21]))
    #expect(driver.state.loadedRows == 100)
    // American cheese goes on where its blank line and the footer were
    #expect(before[21] == "")
    #expect(driver.lines[21] == "  1977     9.2")
    #expect(driver.lines[22] == "  1978     9.5")
  }

  @Test func scrollingToTheEndLoadsEveryPageOnce() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    var loads = 0
    while driver.state.footer.state == .loadMore {
      driver.press(.character("G"))
      loads += 1
      #expect(loads < 100)
    }
    driver.press(.character("G"))
    #expect(driver.state.footer.state == .completed)
    #expect(driver.state.loadedRows == 958)
    #expect(driver.state.sections.numberOfSections == 21)
    #expect(driver.lines[22].hasPrefix("── all 958 rows shown"))
    #expect(driver.statusLine.hasPrefix(" rows 947–958 of 958 · 21 sections"))
    // Every row is there once, in order
    let years = driver.state.sections.parts.map { $0.section.rows.map(\.year) }
    #expect(years.allSatisfy { $0 == $0.sorted() && Set($0).count == $0.count })
  }

  @Test func aFailedLoadShowsRetryAndRRetries() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    driver.scrollToLoadedEnd()
    let fetch = driver.held.removeFirst()
    let locked = DairyError(.busy, "the database is locked by another process")
    driver.send(.pageFailed(fetch, locked))
    #expect(driver.state.footer.state == .retry(locked))
    #expect(
      driver.screen.contains("── could not load rows: the database is locked by another process"))
    #expect(driver.state.footerView.text.hasSuffix("press r to retry"))
    // Scrolling does not retry by itself; r does
    driver.press(.character("k"), .character("j"))
    #expect(driver.held.isEmpty)
    driver.press(.character("r"))
    #expect(driver.held == [fetch])
    #expect(driver.state.footer.state == .loading)
    driver.release()
    #expect(driver.state.footer.state == .loadMore)
    #expect(driver.state.loadedRows == 100)
  }

  @Test func aResultForAnOlderSearchIsIgnored() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    driver.press(.character("/"))
    driver.type("bu")
    #expect(driver.held.map(\.request.filter.search) == ["b", "bu"])
    let stale = driver.held.removeFirst()
    driver.run(stale)
    #expect(driver.state.sections.parts.first?.section.info.title == "Fluid beverage milk")
    driver.release()
    #expect(driver.state.sections.parts.map(\.section.info.title) == ["Butter", "Dry buttermilk"])
  }

  @Test func searchFiltersAsYouTypeEnterKeepsEscClears() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("/"))
    driver.type("CHEESE")
    #expect(driver.lines[0].hasPrefix("/CHEESE"))
    #expect(driver.state.frame().cursor == BrowseFrame.Cursor(line: 0, column: 7))
    #expect(driver.lines[1] == "Dairy products: per capita consumption, United States")
    #expect(driver.lines[4].hasPrefix("American cheese"))
    #expect(driver.statusLine.contains("3 sections"))
    driver.press(.enter)
    #expect(driver.state.searchLine == nil)
    #expect(driver.state.frame().cursor == nil)
    #expect(driver.lines[0] == "Dairy products: per capita consumption, United States")
    #expect(driver.lines[3].hasPrefix("American cheese"))
    #expect(driver.statusLine.hasPrefix(" /CHEESE · rows 1–19 of 144"))
    // Esc in the search line clears the filter; Esc outside it quits
    driver.press(.character("/"), .escape)
    #expect(driver.state.filter.search == nil)
    #expect(driver.lines[3].hasPrefix("Fluid beverage milk"))
    #expect(!driver.quit)
    driver.press(.escape)
    #expect(driver.quit)
  }

  @Test func noMatchSaysSoOverTheBackdrop() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("/"))
    driver.type("xyz")
    #expect(driver.state.footer.state == .hidden)
    #expect(driver.screen.contains("Nothing matches “xyz”. Esc clears it."))
    #expect(driver.screen.contains("(oo)"))
    driver.press(.enter)
    #expect(driver.screen.contains("Nothing matches “xyz”. / changes it, Esc clears it."))
    expectFits(driver)
  }

  @Test func fewRowsKeepTheFooterOnTheLastLineWithTheBackdropAbove() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "frozen yogurt", since: 2020))
    #expect(driver.state.footer.state == .completedWithHistory(1989...2019))
    #expect(driver.lines[0] == "Dairy products: per capita consumption, United States")
    #expect(driver.lines[3].hasPrefix("Frozen yogurt"))
    #expect(
      driver.lines[22].hasPrefix("── all 3 rows from 2020 shown · earlier years 1989–2019: press h")
    )
    #expect(driver.screen.contains("(oo)"))
    // Scrolling does nothing, in either direction: there is nothing to bounce
    let before = driver.screen
    driver.press(.character("j"), .character("G"), .character("k"))
    #expect(driver.screen == before)
    // With the search line open, the spare space gives way first; the footer stays on the last line
    driver.press(.character("/"))
    #expect(driver.lines[0].hasPrefix("/frozen yogurt"))
    #expect(driver.lines[1] == "Dairy products: per capita consumption, United States")
    #expect(driver.lines[4].hasPrefix("Frozen yogurt"))
    #expect(driver.lines[22].hasPrefix("── all 3 rows from 2020 shown"))
  }

  @Test func hWidensTheRangeToTheEarlierYears() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "frozen yogurt", since: 2020))
    driver.press(.character("h"))
    #expect(driver.state.filter.since == 1989)
    #expect(driver.state.footer.state == .completed)
    #expect(driver.state.loadedRows == 34)
    #expect(driver.lines[4] == "  1989     2.0")
  }

  @Test func pullingPastTheEndShowsTheCowThenSpringsBack() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "butter"), pageSize: 200)
    #expect(driver.state.footer.state == .completed)
    driver.press(.character("G"))
    #expect(driver.lines[22].hasPrefix("── all 96 rows shown"))
    let rest = driver.lines
    driver.press(.character("j"), .character("j"), .character("j"))
    #expect(driver.state.overscroll == 3)
    // The content moved up three lines; the cow's first three lines peek out under the footer
    #expect(Array(driver.lines[0..<19].dropFirst()) == Array(rest[3..<22].dropFirst()))
    #expect(driver.lines[19].hasPrefix("── all 96 rows shown"))
    #expect(driver.lines[20].hasSuffix("(__)"))
    #expect(driver.lines[21].hasSuffix("(oo)"))
    // It holds a moment, then springs back a line a tick
    for _ in 0..<BrowseState.bounceHoldTicks { driver.send(.tick) }
    #expect(driver.state.overscroll == 3)
    for _ in 0..<3 { driver.send(.tick) }
    #expect(driver.state.overscroll == 0)
    #expect(driver.lines == rest)
    #expect(!driver.state.needsTicks)
    // No further than the cow's height, and any other key lets go at once
    for _ in 0..<20 { driver.press(.character("j")) }
    #expect(driver.state.overscroll == driver.state.maxOverscroll)
    driver.press(.character("k"))
    #expect(driver.state.overscroll == 0)
  }

  @Test func aResizeKeepsTheTopRowAndRewrapsTheNotes() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.scrollToLoadedEnd()
    for _ in 0..<14 { driver.press(.character("k")) }
    let top = driver.state.anchor
    let row = driver.state.topRowIndex
    let notesAt80 = driver.lines.filter { $0.hasPrefix("  Notes:") || $0.hasPrefix("         ") }
      .count
    driver.send(.resized(width: 40, height: 10))
    // The dataset's header wraps to 2 more lines at 40 columns: the rows move down with it
    #expect(driver.state.anchor == ScrollAnchor(section: top.section, line: top.line + 2))
    #expect(driver.state.topRowIndex == row)
    expectFits(driver)
    driver.send(.resized(width: 80, height: 24))
    #expect(driver.state.anchor == top)
    driver.send(.resized(width: 50, height: 40))
    let notesAt50 = driver.lines.filter { $0.hasPrefix("  Notes:") || $0.hasPrefix("         ") }
      .count
    #expect(notesAt50 > notesAt80)
    #expect(driver.state.topRowIndex == row)
    driver.send(.resized(width: 300, height: 100))
    expectFits(driver)
  }

  @Test func aWindowTooSmallSaysSo() {
    var driver = BrowseDriver(database: BrowseDriver.usda, width: 30, height: 8)
    #expect(driver.lines.count == 8)
    #expect(driver.screen.contains("The window is 30×8; dairy"))
    #expect(driver.screen.contains("40×10"))
    driver.press(.character("q"))
    #expect(driver.quit)
  }

  @Test func framesFitFrom40x10To300x100() {
    for (width, height) in [(40, 10), (41, 11), (80, 24), (133, 37), (200, 60), (300, 100)] {
      var driver = BrowseDriver(database: BrowseDriver.usda, width: width, height: height)
      expectFits(driver)
      driver.press(.character(" "), .character(" "), .character("?"))
      expectFits(driver)
      driver.press(.character("x"), .character("G"), .character("j"), .character("/"))
      driver.type("milk")
      expectFits(driver)
    }
  }

  @Test func theHelpOverlayListsTheKeysAndAnyKeyClosesIt() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("?"))
    #expect(driver.screen.contains("search titles as you type"))
    driver.press(.character("q"))
    #expect(!driver.quit)
    #expect(!driver.screen.contains("search titles as you type"))
  }

  @Test func ctrlCQuitsEvenInTheSearchLine() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("/"), .control("c"))
    #expect(driver.quit)
  }

  @Test func controlCharactersFromTheDataAreNeverWrittenRaw() throws {
    let csv = try TestSupport.file(
      "hostile.csv", "Year,\"Milk\u{1B}]0;owned\u{07}\u{202E}\r\"\n2020,1\n2021,2\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([csv])
    var driver = BrowseDriver(database: database)
    driver.press(.character("/"))
    driver.type("milk\u{1B}")
    for line in driver.lines {
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" }, "\(line)")
    }
    #expect(driver.lines[1].hasPrefix("Milk\\e]0;owned\\x07\\u{202E} "))
  }

  @Test func workPerFrameDoesNotGrowWithWhatIsLoaded() {
    // Only the sections a frame looks at are measured.
    var driver = BrowseDriver(database: BrowseDriver.usda, pageSize: 2000)
    #expect(driver.state.sections.numberOfSections == 21)
    let measured = driver.state.layouts.filter { $0 != nil }.count
    #expect(measured <= 4)
    driver.press(.character("G"))
    #expect(driver.state.layouts.filter { $0 != nil }.count <= measured + 2)
  }
}

@Suite("Section layout")
struct SectionLayoutTests {
  @Test func growingBySomeRowsMeasuresLikeMeasuringAll() throws {
    // Given a section loaded in pages of 7 rows
    let database = BrowseDriver.usda
    var loaded = LoadedSections()
    var page = try database.page(PageRequest(filter: SectionFilter(search: "cottage"), pageSize: 7))
    loaded.append(page)
    var layout = SectionLayout(part: loaded.parts[0], width: 60, style: TextStyle(enabled: false))
    while let next = page.next {
      let before = loaded.parts[0].section.rows.count
      page = try database.page(
        PageRequest(filter: SectionFilter(search: "cottage"), pageSize: 7, start: .after(next)))
      loaded.append(page)
      // When the layout takes in only the new rows
      layout.extend(
        with: loaded.parts[0], from: before, width: 60, style: TextStyle(enabled: false))
      // Then it is the layout of the whole section measured again
      #expect(
        layout == SectionLayout(part: loaded.parts[0], width: 60, style: TextStyle(enabled: false)))
    }
    #expect(!layout.notes.isEmpty)
  }
}
