import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Whole browse screens at 80×24, colour off, compared with the reference files in
/// `__Snapshots__/BrowseSnapshotTests/`.
@Suite("Browse snapshots")
struct BrowseSnapshotTests {
  @Test func top() {
    let driver = BrowseDriver(database: BrowseDriver.usda)
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func pinnedHeaderAndLoading() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    driver.press(.character("G"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func bounceShowsTheCow() {
    var driver = BrowseDriver(
      database: BrowseDriver.usda, filter: SectionFilter(search: "butter"), pageSize: 200)
    driver.press(
      .character("G"), .character("j"), .character("j"), .character("j"), .character("j"),
      .character("j"), .character("j"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func searchLineOpenOverFewRows() {
    var driver = BrowseDriver(database: BrowseDriver.usda, filter: SectionFilter(since: 2021))
    driver.press(.character("/"))
    driver.type("yog")
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func noMatch() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("/"))
    driver.type("xyz")
    driver.press(.enter)
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func retry() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.holdFetches = true
    driver.press(.character("G"))
    driver.send(
      .pageFailed(driver.held[0], DairyError(.busy, "the database is locked by another process")))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func help() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    driver.press(.character("?"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func smallestScreen() {
    var driver = BrowseDriver(database: BrowseDriver.usda, width: 40, height: 10)
    driver.press(.character("/"))
    driver.type("cheese")
    assertSnapshot(of: driver.screen, as: .lines)
  }
}
