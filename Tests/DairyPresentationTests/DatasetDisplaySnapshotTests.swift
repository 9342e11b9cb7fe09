import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// A report table's dataset as `show`, `browse` and `sections` print it: its title, source and
/// last update above its first section, its notes and contact after its last, and the runs of
/// missing years inside a series, as whole outputs at fixed widths, colour off.
@Suite("Dataset display snapshots")
struct DatasetDisplaySnapshotTests {
  /// The per capita report fixture (every dataset fact, a legend, gaps inside series) and a
  /// plain wide file after it (none of them).
  static let database: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    _ = try! database.importFiles([
      TestSupport.fixtures.appendingPathComponent("report/percapita-years-down.csv").path,
      TestSupport.fixtures.appendingPathComponent("good/semicolon-wide.csv").path,
    ])
    return database
  }()

  func show(_ search: String? = nil, pageSize: Int = 100, start: PageStart = .first, width: Int)
    throws -> String
  {
    let line = ShowCommandLine(search: search, pageSize: pageSize, start: start)
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: Terminal(isTerminal: false, width: width), output: &output,
      errors: &errors, open: { ReadingDatabase(database: Self.database) })
    #expect(status == 0 && errors == "")
    return output
  }

  @Test(arguments: [80, 40])
  func showsTheDatasetOnceAroundItsSections(width: Int) throws {
    assertSnapshot(of: try show(width: width), as: .lines, named: "width-\(width)")
  }

  @Test func aLaterPageHasNoDatasetHeader() throws {
    // Page 2 of 6 rows a page starts inside the second section: neither header nor footer
    assertSnapshot(of: try show(pageSize: 6, start: .number(2), width: 80), as: .lines)
  }

  @Test func aSearchShowsTheHeaderAboveItsFirstMatch() throws {
    assertSnapshot(of: try show("total", width: 80), as: .lines)
  }

  @Test func browseTop() {
    let driver = BrowseDriver(database: Self.database, pageSize: 200)
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func browseEndOfTheDataset() {
    var driver = BrowseDriver(
      database: Self.database, filter: SectionFilter(search: "sherbet"), pageSize: 200)
    driver.press(.character("G"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func browseGapsInsideASeries() {
    var driver = BrowseDriver(
      database: Self.database, filter: SectionFilter(search: "total"), pageSize: 200)
    driver.press(.character("j"), .character("j"), .character("j"))
    assertSnapshot(of: driver.screen, as: .lines)
  }

  /// A report whose `Other` under its second group is withheld three years running.
  static let dryProducts: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    _ = try! database.importFiles([
      TestSupport.fixtures.appendingPathComponent("report/dry-products-other-twice.csv").path
    ])
    return database
  }()

  @Test func aRunOfMissingYearsIsOneLine() throws {
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      ShowCommandLine(search: "other ("), terminal: Terminal(isTerminal: false, width: 60),
      output: &output, errors: &errors, open: { ReadingDatabase(database: Self.dryProducts) })
    #expect(status == 0 && errors == "")
    assertSnapshot(of: output, as: .lines)
  }

  @Test func browseCountsRowsPastAGap() {
    // Scrolled past Other's 2016 gap: the status line counts rows, not the gap's line
    var driver = BrowseDriver(
      database: Self.database, filter: SectionFilter(search: "other"), pageSize: 200, height: 10)
    for _ in 0..<7 { driver.press(.character("j")) }
    assertSnapshot(of: driver.screen, as: .lines)
  }

  @Test func sectionsTable() throws {
    var output = ""
    var errors = ""
    let status = SectionsFlow.run(
      SectionsFlow.Request(width: 80), terminal: Terminal(isTerminal: false, width: 80),
      output: &output, errors: &errors, open: { ReadingDatabase(database: Self.database) })
    #expect(status == 0 && errors == "")
    assertSnapshot(of: output, as: .lines)
  }

  @Test func sectionsListsATitleAndASourceAsShowDoes() throws {
    // Given the bundled table, whose metadata gives a title and a source (and nothing else)
    var output = ""
    var errors = ""
    let status = SectionsFlow.run(
      SectionsFlow.Request(search: "butter", width: 80),
      terminal: Terminal(isTerminal: false, width: 80), output: &output, errors: &errors,
      open: { ReadingDatabase(database: BrowseDriver.usda) })
    // Then sections lists them under the dataset's name, as show prints them above its sections
    #expect(status == 0)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.count > 3, "\(output)")
    #expect(lines[1] == "Dairy products: per capita consumption, United States", "\(output)")
    #expect(lines[2] == "Source: USDA Economic Research Service, Dairy Data (annual)", "\(output)")
  }
}
