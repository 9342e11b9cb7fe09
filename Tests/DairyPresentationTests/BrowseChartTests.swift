import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The browse screen's chart pane (`c`, `C`, Esc) and change columns (`d`), driven as the
/// session drives the screen; whole screens compared with `__Snapshots__/BrowseChartTests/`.
@Suite("Browse chart pane and change columns")
struct BrowseChartTests {
  @Test func cChartsTheTopSectionInTheLowerThirdAndFollowsScrolling() throws {
    // Given the browse screen at 80×30
    var driver = BrowseDriver(database: BrowseDriver.usda, width: 80, height: 30)
    // When c is pressed
    driver.press(.character("c"))
    // Then the lower third (at least 11 lines) is the chart of the first section, and the
    // content is 11 lines shorter
    #expect(driver.state.contentHeight == 29 - 11)
    let pane = driver.lines[18..<29].joined(separator: "\n")
    #expect(driver.lines[18].hasPrefix("──"))
    #expect(pane.contains("Fluid beverage milk"))
    #expect(driver.lines.count == 30)

    // And when the screen scrolls into the next section, the pane follows it
    for _ in 0..<60 { driver.press(.character("j")) }
    let followed = driver.lines[18..<29].joined(separator: "\n")
    #expect(followed.contains("American cheese"))
    #expect(!followed.contains("Fluid beverage milk"))

    // And c closes it again
    driver.press(.character("c"))
    #expect(driver.state.contentHeight == 29)
  }

  @Test func escClosesTheChartBeforeItQuits() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("c"))
    driver.press(.escape)
    #expect(!driver.quit)
    #expect(driver.state.chart == nil)
    driver.press(.escape)
    #expect(driver.quit)
  }

  @Test func capitalCChartsEverySectionOfTheSearch() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "yogurt"), width: 100,
      height: 40)
    driver.press(.character("C"))
    let screen = driver.screen
    #expect(screen.contains("Frozen yogurt") && screen.contains("Yogurt (other than frozen)"))
  }

  @Test func aLowScreenGivesTheChartTheWholeScreenAndResizeLaysItOutAgain() {
    var driver = BrowseDriver(database: BrowseDriver.usda, width: 80, height: 16)
    driver.press(.character("c"))
    #expect(driver.lines[0].hasPrefix("──"))
    #expect(driver.lines.count == 16)
    driver.send(.resized(width: 90, height: 36))
    #expect(driver.lines.count == 36)
    #expect(driver.lines[35 - 12].hasPrefix("──"))
    #expect(driver.lines.allSatisfy { DisplayWidth.of($0) <= 90 })
  }

  @Test func aFailedChartSaysSoAndCTriesAgain() throws {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("c"))
    let fetch = try #require(driver.state.chart?.fetch)
    var state = driver.state
    state.chart?.series = nil
    state.handle(.chartFailed(fetch, DairyError(.busy, "the database is locked")))
    #expect(state.frame().lines.joined().contains("The chart could not be read"))
    let effects = state.handle(.key(.character("c")))
    #expect(effects.contains { if case .fetchChart = $0 { true } else { false } })
  }

  /// `C` charts the sections the list shows: with `--place`, those of the place only.
  @Test func capitalCChartsTheSectionsOfThePlaceAsked() throws {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "milk", place: "wisconsin"))
    driver.press(.character("C"))
    let fetch = try #require(driver.state.chart?.fetch)
    guard case .matching(let filter) = fetch.scope else {
      Issue.record("C charts the search, not \(fetch.scope)")
      return
    }
    #expect(filter.place == "wisconsin" && filter.search == "milk")
  }

  @Test func dShowsTheChangeFromThePreviousYearWithData() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "frozen yogurt"))
    driver.press(.character("d"))
    let screen = driver.screen
    // 1989 is the first year of frozen yogurt: no change; 1990 is compared with 1989.
    #expect(screen.contains("1989"))
    #expect(screen.contains("%"))
    driver.press(.character("d"))
    #expect(!driver.screen.contains("%"))
  }

  /// `C` after a search on a low, wide screen (100×10): the pane draws the panels that fit, and
  /// its last line names the rest and the screen height they need, rather than "too small".
  @Test func capitalCOnALowScreenDrawsWhatFitsAndSaysWhatToDo() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "milk"), width: 100, height: 10)
    driver.press(.character("C"))
    let lines = driver.lines
    #expect(lines.count == 10 && lines.allSatisfy { DisplayWidth.of($0) <= 100 })
    #expect(!driver.screen.contains("Too small"))
    #expect(lines.contains { $0.contains("┤") })
    let note = lines.first { $0.hasPrefix("… 1 more panel: make the terminal taller (needs ") }
    #expect(note?.contains("or narrow the search") == true, "\(driver.screen)")
    // And on a screen as tall as it says, every panel is drawn and the note is gone
    let needed = ChartPane.screenHeight(
      forChart: ChartLayout.minimumHeight(panels: 2), from: 10, chrome: 1)
    #expect(note?.contains("(needs \(needed) rows)") == true)
    driver.send(.resized(width: 100, height: needed))
    #expect(!driver.screen.contains("more panel"))
    #expect(driver.screen.contains("lb milk equivalent per person"))
  }

  @Test func chartPaneSnapshot() {
    var driver = BrowseDriver(database: BrowseDriver.usda, width: 80, height: 36)
    driver.press(.character("c"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func chartFullScreenSnapshot() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "yogurt"), width: 80, height: 18)
    driver.press(.character("C"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func changeColumnsSnapshot() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "yogurt"), width: 80, height: 24)
    driver.press(.character("d"))
    // Past the dataset's header (3 lines) and 40 lines into Frozen yogurt and Yogurt
    for _ in 0..<43 { driver.press(.character("j")) }
    assertSnapshot(of: driver.screen, as: .lines)
  }
}
