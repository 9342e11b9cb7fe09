import DairyData
import DairyTestSupport
import Foundation
import GRDB
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The USDA tables that ship with dairy (`Data/`, ``BundledData``): the first run imports them
/// all, in the bundle's order, which is the order they are listed in; a second run imports
/// nothing; a database an older dairy gave the per-capita table gets the others and keeps what
/// its user imported; a database its user filled is left alone.
@Suite("Bundled data")
struct BundledDataTests {
  /// Each dataset of the bundle, in the order it is listed: sections, observations, missing
  /// cells; its title, and its first section's title and unit.
  struct Expected: Sendable, CustomTestStringConvertible {
    var name: String
    var sections: Int
    var observations: Int
    var missing: Int
    var title: String
    var firstSection: String
    var unit: String

    var testDescription: String { name }
  }

  static let expected = [
    Expected(
      name: "per_capita_consumption_1975-2022", sections: 21, observations: 958, missing: 50,
      title: "Dairy products: per capita consumption, United States",
      firstSection: "Fluid beverage milk", unit: "lb per person"),
    Expected(
      name: "fluidmilk", sections: 9, observations: 441, missing: 0,
      title: "Fluid beverage milk sales quantities by product", firstSection: "Whole",
      unit: "million of pounds"),
    Expected(
      name: "annualmilkprodfactors", sections: 13, observations: 507, missing: 0,
      title: "Milk production and factors affecting supply",
      firstSection: "Milk cows and heifers that have calved", unit: "thousand"),
    Expected(
      name: "milkcowsandprod.milk-cows", sections: 62, observations: 3338, missing: 10,
      title: "Milk cows, 1970–current", firstSection: "Northeast", unit: "thousand head"),
    Expected(
      name: "milkcowsandprod.milk-per-cow", sections: 62, observations: 3338, missing: 10,
      title: "Milk production per cow, 1970–current", firstSection: "Northeast",
      unit: "average pounds per cow"),
    Expected(
      name: "milkcowsandprod.milk-production", sections: 124, observations: 6676, missing: 20,
      title: "Milk production, 1970–current", firstSection: "Northeast, Million pounds",
      unit: "Million pounds"),
  ]

  // MARK: - The first run

  @Test func theFirstRunImportsEveryTableOfTheBundle() throws {
    // Given a database with no data
    let database = try DairyDatabase.inMemory()

    // When the bundle is imported
    let done = try #require(try database.importBundledData())

    // Then it was the first run, and every file was imported, each dataset with its counts
    #expect(done.plan.isFirstRun && done.plan.files == BundledData.files && done.plan.kept == [])
    let summary = try #require(done.summary)
    #expect(
      summary.datasets.map { "\($0.name) \($0.sections) \($0.observations) \($0.missing)" }
        == Self.expected.map { "\($0.name) \($0.sections) \($0.observations) \($0.missing)" })
    #expect(
      summary.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
        BundledData.csvName, "fluidmilk.xlsx", "annualmilkprodfactors.xlsx",
        "milkcowsandprod.xlsx", "milkcowsandprod.xlsx", "milkcowsandprod.xlsx",
      ])
    // And the one warning is the workbook's table of contents, which holds no data
    #expect(summary.warnings.count == 1)
    #expect(
      summary.warnings.first?.hasSuffix(
        "sheet 'Contents': skipped: no data block (no cell holds a number)") == true)
  }

  @Test(arguments: expected)
  func eachDatasetHasItsTitleSectionsAndUnits(_ expected: Expected) throws {
    // Given the bundle imported
    let database = try Self.bundled()

    // When the dataset and its sections are read
    let dataset = try #require(
      try database.read { try $0.datasets() }.first { $0.name == expected.name })
    let sections = try database.read { try $0.sections() }.filter { $0.dataset == expected.name }

    // Then they are the file's, as `dairy import` reads it
    #expect(dataset.facts.title == expected.title)
    #expect(dataset.facts.source?.isEmpty == false)
    #expect(sections.count == expected.sections)
    #expect(sections.reduce(0) { $0 + $1.observationCount } == expected.observations)
    #expect(sections.first?.title == expected.firstSection)
    #expect(sections.first?.unit == expected.unit)
  }

  @Test func datasetsAreListedInTheOrderTheyWereFirstImportedThePerCapitaTableFirst() throws {
    // Given the bundle, then a user's dataset whose name sorts before them all
    let database = try Self.bundled()
    let own = try TestSupport.file("aaa.csv", "year,cows\n2023,1\n")
    _ = try database.importFiles([own])

    // When the per-capita table is imported again, with another title
    var options = TestSupport.replacing
    options.title = "US dairy consumption per person"
    _ = try database.importFiles([TestSupport.usdaCSV], options: options)

    // Then the datasets and their sections are listed in the order they were first imported
    let datasets = try database.read { try $0.datasets() }.map(\.name)
    let sections = try database.read { try $0.sections() }
    #expect(datasets == Self.expected.map(\.name) + ["aaa"])
    #expect(sections.first?.title == "Fluid beverage milk")
    #expect(Self.runs(sections.map(\.dataset)) == datasets)
    #expect(try database.read { try $0.missingCells() }.first?.dataset == Self.expected[0].name)
  }

  @Test func aBackupRestoresTheSameOrder() throws {
    // Given the bundle, and its backup
    let database = try Self.bundled()
    let backup = try TestSupport.dump(database)
    let file = try TestSupport.file("backup.json", backup)

    // When the backup is imported into a new database
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([file])

    // Then its export is the same bytes: the same datasets, in the same order
    #expect(try TestSupport.dump(copy) == backup)
  }

  // MARK: - Later runs

  @Test func aSecondRunImportsNothing() throws {
    // Given the bundle imported
    let database = try Self.bundled()
    let before = try TestSupport.dump(database)
    let imports = try database.read { try $0.imports() }

    // When the bundle is asked for again
    let again = try database.importBundledData()

    // Then nothing was imported, not even a line of the imports log
    #expect(again == nil)
    #expect(try TestSupport.dump(database) == before)
    #expect(try database.read { try $0.imports() } == imports)
  }

  @Test func aDatabaseItsUserFilledIsLeftAlone() throws {
    // Given a database that holds only what its user imported
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("examples/milk.csv")])
    let before = try TestSupport.dump(database)

    // When the bundle is asked for, then nothing is imported
    #expect(try database.importBundledData() == nil)
    #expect(try TestSupport.dump(database) == before)
  }

  @Test func theLibrarysEntryPointImportsTheBundleIntoAnEmptyDatabaseOnly() throws {
    // Given a new database, then one with data
    let empty = try DairyDatabase.inMemory()
    let filled = try DairyDatabase.inMemory()
    _ = try filled.importFiles([TestSupport.fixture("examples/milk.csv")])

    // When a library user asks for the bundled data, then the new database gets all of it
    let summary = try empty.importBundledDataIfEmpty()
    #expect(summary?.datasets.map(\.name) == Self.expected.map(\.name))
    #expect(try filled.importBundledDataIfEmpty() == nil)
    #expect(try empty.importBundledDataIfEmpty() == nil)
  }

  // MARK: - Upgrading

  /// A database written by the dairy before this bundle (schema v5): its first run imported the
  /// per-capita table; then its user imported a `fluidmilk.csv` of their own and `milk.csv`.
  static func olderDatabase() throws -> String {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("dairy.sqlite").path
    try FileManager.default.copyItem(
      atPath: TestSupport.fixture("databases/v5-per-capita.db"), toPath: path)
    return path
  }

  @Test func anOlderDatabaseGetsTheNewTablesAndKeepsItsUsersOwn() throws {
    // Given a database an older dairy gave the per-capita table, with the user's own imports
    let path = try Self.olderDatabase()
    let old = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM dataset ORDER BY name")
    }
    #expect(old == ["fluidmilk", "milk", "per_capita_consumption_1975-2022"])
    let database = try DairyDatabase.open(path: path)
    let ownFluidMilk = try Self.observations(database, dataset: "fluidmilk")

    // When the bundle is asked for
    let done = try #require(try database.importBundledData())

    // Then the tables it lacked were imported, but not the one whose name the user took
    #expect(!done.plan.isFirstRun)
    #expect(done.plan.files == ["annualmilkprodfactors.xlsx", "milkcowsandprod.xlsx"])
    #expect(done.plan.kept == [BundlePlan.Kept(file: "fluidmilk.xlsx", datasets: ["fluidmilk"])])
    #expect(
      done.summary?.datasets.map(\.name) == [
        "annualmilkprodfactors", "milkcowsandprod.milk-cows", "milkcowsandprod.milk-per-cow",
        "milkcowsandprod.milk-production",
      ])
    // And the user's datasets are as they were, the new ones listed after them
    #expect(try Self.observations(database, dataset: "fluidmilk") == ownFluidMilk)
    #expect(
      try database.read { try $0.datasets() }.map(\.name) == [
        "per_capita_consumption_1975-2022", "fluidmilk", "milk", "annualmilkprodfactors",
        "milkcowsandprod.milk-cows", "milkcowsandprod.milk-per-cow",
        "milkcowsandprod.milk-production",
      ])
    // And asking again does nothing
    #expect(try database.importBundledData() == nil)
  }

  @Test func aReadingCommandSaysWhatItAdded() throws {
    // Given the older database
    let path = try Self.olderDatabase()

    // When a reading command opens it, twice
    let first = try ReadingDatabase.open(path: path)
    let second = try ReadingDatabase.open(path: path)

    // Then the first says what it imported and what it kept, the second says nothing
    #expect(first.notice.count == 3)
    #expect(
      first.notice.first
        == "dairy: this dairy ships more USDA tables; imported annualmilkprodfactors, "
        + "milkcowsandprod.milk-cows, milkcowsandprod.milk-per-cow, "
        + "milkcowsandprod.milk-production into \(path)")
    #expect(
      first.notice.dropFirst().first?.hasPrefix(
        "imported 4 datasets: 261 sections, 13,859 observations, 40 missing cells in ") == true)
    #expect(
      first.notice.last
        == "dairy: kept your own fluidmilk in \(path); the bundled fluidmilk.xlsx was not "
        + "imported over it")
    #expect(second.notice == [])
  }

  @Test func theFirstRunSaysSoInTwoLines() throws {
    // Given no database yet at the default location
    let path = try TestSupport.temporaryFolder().appendingPathComponent("new.sqlite").path

    // When a reading command opens it
    let reading = try ReadingDatabase.open(at: DatabaseLocation(path: path, isDefault: true))

    // Then two lines say what was imported
    #expect(
      reading.notice.first
        == "dairy: no data yet in \(path); imported the bundled USDA tables (dairy sections "
        + "lists them)")
    #expect(
      reading.notice.dropFirst().first?.hasPrefix(
        "imported 6 datasets: 291 sections, 15,258 observations, 90 missing cells in ") == true)
    #expect(reading.notice.count == 2)
  }

  // MARK: - Helpers

  /// A new in-memory database with the bundle imported.
  static func bundled() throws -> DairyDatabase {
    let database = try DairyDatabase.inMemory()
    _ = try database.importBundledData()
    return database
  }

  /// The values of each run of equal elements, once.
  static func runs(_ names: [String]) -> [String] {
    names.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
  }

  static func observations(_ database: DairyDatabase, dataset: String) throws -> [String] {
    try database.read { snapshot in
      try snapshot.sections().filter { $0.dataset == dataset }.flatMap { section in
        try snapshot.observations(of: section.id).map { "\(section.key) \($0.year) \($0.amount)" }
      }
    }
  }
}
