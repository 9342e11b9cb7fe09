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

/// Datasets as things to manage: listed, renamed and deleted; an import that would replace one
/// refused unless asked; a database made only where and when it is meant to be.
@Suite("Dataset management")
struct DatasetManagementTests {
  // MARK: - Names

  struct CloseNames: Sendable, CustomTestStringConvertible {
    var asked: String
    var close: [String]
    var testDescription: String { asked }
  }

  static let names = [
    "per_capita_consumption_1975-2022", "fluidmilk", "annualmilkprodfactors",
    "milkcowsandprod.milk-cows", "milkcowsandprod.milk-per-cow",
  ]

  @Test(arguments: [
    CloseNames(asked: "per_capita", close: ["per_capita_consumption_1975-2022"]),
    CloseNames(asked: "FLUIDMILK", close: ["fluidmilk"]),
    CloseNames(asked: "fluidmlik", close: ["fluidmilk"]),
    CloseNames(
      asked: "milkcowsandprod",
      close: ["milkcowsandprod.milk-cows", "milkcowsandprod.milk-per-cow"]),
    CloseNames(asked: "yogurt", close: []),
  ])
  func anUnknownNameSuggestsTheCloseOnes(_ example: CloseNames) {
    #expect(DatasetName.close(to: example.asked, among: Self.names) == example.close)
  }

  @Test func theFreeNameSkipsNamesAndTheirSheets() {
    #expect(DatasetName.free("milk", among: ["milk"]) == "milk-2")
    #expect(DatasetName.free("milk", among: ["milk", "milk-2", "milk-3.cows"]) == "milk-4")
  }

  @Test func whatAReplacementDropsIsNamedFieldByField() {
    var old = DatasetDescription()
    old.facts = DatasetFacts(title: "Milk", source: "NASS", link: "a.xlsx", contact: "Ann")
    old.units = 13
    old.groups = 2
    var new = DatasetDescription()
    new.facts = DatasetFacts(source: "NASS", link: "a.csv")
    new.units = 1
    #expect(
      old.dropped(by: new) == [
        "title", "contact", "the units of 12 sections", "the groups of 2 sections",
      ])
    #expect(old.dropped(by: old) == [])
  }

  // MARK: - Listing, renaming, deleting

  @Test func theListSaysWhatEachDatasetIsAndWhereItCameFrom() throws {
    // Given the bundled tables
    let database = try Self.bundled()

    // When the datasets are listed
    let summaries = try database.read { try $0.datasetSummaries() }

    // Then each has its title, size, periods and the file it was imported from
    #expect(summaries.count == 6)
    let perCapita = try #require(summaries.first)
    #expect(perCapita.name == "per_capita_consumption_1975-2022")
    #expect(perCapita.dataset.title == "Dairy products: per capita consumption, United States")
    #expect(perCapita.sections == 21)
    #expect(perCapita.observations == 958)
    #expect(perCapita.missing == 50)
    #expect(perCapita.periodsText == "1975–2022")
    #expect(perCapita.files == ["per_capita_consumption_1975-2022.csv"])
    #expect(perCapita.importedAt?.hasSuffix("Z") == true)
    #expect(
      summaries.map { $0.files.first ?? "" } == [
        "per_capita_consumption_1975-2022.csv", "fluidmilk.xlsx", "annualmilkprodfactors.xlsx",
        "milkcowsandprod.xlsx", "milkcowsandprod.xlsx", "milkcowsandprod.xlsx",
      ])
    // And CSV and JSON say the same
    let csv = DatasetsRenderer.csv(summaries).components(separatedBy: "\r\n")
    #expect(
      csv[0] == "name,title,source,sections,observations,missing,first,last,files,imported_at")
    #expect(csv[1].hasPrefix("per_capita_consumption_1975-2022,"))
    #expect(csv[1].contains(",21,958,50,1975,2022,per_capita_consumption_1975-2022.csv,"))
    let json = DatasetsRenderer.json(summaries)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let entries = try #require(parsed?["datasets"] as? [[String: Any]])
    #expect(entries.count == 6)
    #expect(entries[1]["name"] as? String == "fluidmilk")
    #expect(entries[1]["files"] as? [String] == ["fluidmilk.xlsx"])
    #expect(entries[0]["sections"] as? Int == 21 && entries[0]["missing"] as? Int == 50)
    #expect(entries[0]["first"] as? String == "1975" && entries[0]["last"] as? String == "2022")
    #expect(entries[0]["title"] as? String == perCapita.dataset.title)
    #expect(entries[0].keys.contains("importedAt") && entries[0].keys.contains("legend"))
  }

  @Test(arguments: [60, 80, 100, 160])
  func theTableFitsTheWidthAndKeepsTheNames(_ width: Int) throws {
    let summaries = try Self.bundled().read { try $0.datasetSummaries() }
    let lines = DatasetsRenderer.table(summaries, in: Viewport(width: width))
    #expect(lines.count == 7)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
    // The name is cut last: whole from 80 columns on
    #expect(lines[1].hasPrefix("per_capita_consumption_1975-2022") == (width >= 80))
    #expect(lines[0].contains("When") == (width >= 100))
  }

  @Test func aRenameKeepsEverythingButTheName() throws {
    // Given the bundled tables
    let database = try Self.bundled()
    let before = try TestSupport.dump(database)

    // When one is renamed
    try database.renameDataset("fluidmilk", to: "fluid")

    // Then it holds what it held, in its place, and still says where it came from
    let after = try database.read { try $0.datasetSummaries() }
    #expect(after.map(\.name)[1] == "fluid")
    #expect(after[1].files == ["fluidmilk.xlsx"])
    #expect(
      try TestSupport.dump(database)
        == before.replacingOccurrences(of: "\"fluidmilk\"", with: "\"fluid\""))
    // And the bundle's record follows it: no reading command imports fluidmilk.xlsx again
    #expect(try database.importBundledData() == nil)
  }

  @Test func aRenameRefusesATakenNameAnEmptyOneAndAnUnknownOne() throws {
    let database = try Self.bundled()
    let before = try TestSupport.dump(database)
    #expect(throws: DairyError.self) {
      try database.renameDataset("fluidmilk", to: "annualmilkprodfactors")
    }
    do {
      try database.renameDataset("fluidmilk", to: "annualmilkprodfactors")
    } catch let error as DairyError {
      #expect(error.exitCode == 73)
    }
    do {
      try database.renameDataset("fluidmlik", to: "x")
      Issue.record("renamed an unknown dataset")
    } catch let error as DairyError {
      #expect(error.exitCode == 64)
      #expect(error.message.contains("(did you mean fluidmilk?)"))
    }
    #expect(throws: DairyError.self) { try database.renameDataset("fluidmilk", to: "  ") }
    #expect(try TestSupport.dump(database) == before)
  }

  @Test func aDeleteTakesTheDatasetAndItsRowsAndKeepsTheLog() throws {
    // Given the bundled tables
    let database = try Self.bundled()
    let imports = try database.read { try $0.imports() }

    // When one is deleted
    let gone = try database.deleteDataset("fluidmilk")

    // Then it is gone with its sections and rows, and what it held is said
    #expect(gone.sections == 9)
    #expect(try database.read { try $0.datasetNames() }.contains("fluidmilk") == false)
    let orphans = try database.read { snapshot in
      try Int.fetchOne(
        snapshot.db,
        sql: """
          SELECT count(*) FROM observation WHERE sectionId NOT IN (SELECT id FROM section)
          """)!
    }
    #expect(orphans == 0)
    // And the imports log keeps its history, and the bundled table is not imported again
    #expect(try database.read { try $0.imports() } == imports)
    #expect(try database.importBundledData() == nil)
  }

  // MARK: - Replacing

  @Test func anImportThatWouldReplaceADatasetIsRefusedAndWritesNothing() throws {
    // Given the bundled tables, and a copy of the per-capita table without its sidecar
    let database = try Self.bundled()
    let before = try TestSupport.dump(database)
    let copy = try TestSupport.temporaryFolder()
      .appendingPathComponent("per_capita_consumption_1975-2022.csv").path
    try FileManager.default.copyItem(atPath: TestSupport.usdaCSV, toPath: copy)

    // When it is imported without --replace
    do {
      _ = try database.importFiles([copy])
      Issue.record("replaced without --replace")
    } catch let error as DairyError {
      // Then it is refused (73), saying what the dataset holds and what the file lacks
      #expect(error.exitCode == 73)
      #expect(
        error.message.hasPrefix(
          "replaces dataset per_capita_consumption_1975-2022: 21 sections from "
            + "per_capita_consumption_1975-2022.csv, imported "))
      #expect(error.message.contains("(the new file lacks its title, source, "))
      #expect(
        error.message.hasSuffix(
          "; pass --replace to replace it, or --dataset per_capita_consumption_1975-2022-2 to "
            + "import under another name"))
    }
    // And nothing changed
    #expect(try TestSupport.dump(database) == before)

    // When it is imported with --replace, then it is, and the summary says what was dropped
    var options = ImportOptions()
    options.replace = true
    let summary = try database.importFiles([copy], options: options)
    #expect(summary.replaced.map(\.name) == ["per_capita_consumption_1975-2022"])
    #expect(summary.replaced[0].dropped.first == "title")
    #expect(summary.replaced[0].dropped.contains("the units of 21 sections"))
    let lines = ImportFlow.replacedLines(summary.replaced, files: 1)
    #expect(lines.count == 1)
    #expect(lines[0].hasPrefix("dairy: warning: replaced dataset per_capita_consumption_1975-2022"))
    #expect(lines[0].hasSuffix("which the new file lacks"))
  }

  @Test func theSameBytesAgainStayANoOpWithoutReplace() throws {
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    let again = try TestSupport.importPerCapita(into: database)
    #expect(again.unchanged)
  }

  @Test func oneFileOfAnImportOfSeveralIsUnchangedOnItsOwn() throws {
    // Given the bundle, four files imported at once
    let database = try Self.bundled()
    let before = try TestSupport.dump(database)

    // When the per-capita file comes again on its own, the same bytes with its sidecar
    let again = try database.importFiles([TestSupport.usdaCSV])

    // Then it is unchanged (each dataset's fingerprint is its own files'), not a replacement
    #expect(again.unchanged)
    #expect(try TestSupport.dump(database) == before)
  }

  @Test func severalFilesAreRefusedTogetherBeforeAnyIsWritten() throws {
    // Given milk imported
    let database = try DairyDatabase.inMemory()
    let milk = try TestSupport.milk(111)
    _ = try database.importFiles([milk])
    let before = try TestSupport.dump(database)

    // When a new file and milk's new values come in one import
    let other = try TestSupport.file("other.csv", "Year,X\n1990,1\n")
    _ = try TestSupport.milk(222, at: milk)
    #expect(throws: DairyError.self) { try database.importFiles([other, milk]) }

    // Then neither landed
    #expect(try TestSupport.dump(database) == before)
  }

  // MARK: - Where a database is made

  @Test func aDatasetsCountOfSectionsIsGroupedByThousands() throws {
    // Given a dataset of 1,200 sections
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("d.sqlite").path
    let header = "Year," + (1...1_200).map { "S\($0)" }.joined(separator: ",")
    let row = "2020," + (1...1_200).map(String.init).joined(separator: ",")
    let csv = try TestSupport.file("many.csv", header + "\n" + row + "\n")
    _ = try DairyDatabase.open(path: path).importFiles([csv])
    var output = ""
    var errors = ""
    let status = SectionsFlow.run(
      SectionsFlow.Request(format: .table, width: 80, database: path), terminal: Terminal(),
      output: &output, errors: &errors)
    // Then its heading counts them as every other count does
    #expect(status == 0 && output.hasPrefix("many (1,200 sections)\n"))
  }

  @Test func aReadingCommandOnAPathThatDoesNotExistRefusesAndLeavesNothing() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("big.sqlit").path
    var output = ""
    var errors = ""
    let status = SectionsFlow.run(
      SectionsFlow.Request(database: path), terminal: Terminal(), output: &output,
      errors: &errors)
    #expect(status == 74)
    #expect(
      errors
        == "dairy: error: no database at \(path); make one with `dairy init --db \(path)` (the "
        + "bundled USDA tables) or `dairy import FILE --db \(path)` (your file)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func aRenameToADeletedBundledNameKeepsBothFilesGiven() throws {
    // Given the bundle, fluidmilk deleted, and another bundled table renamed to its name
    let database = try Self.bundled()
    _ = try database.deleteDataset("fluidmilk")
    try database.renameDataset("annualmilkprodfactors", to: "fluidmilk")
    // When a reading command looks for what the database still needs of the bundle
    let again = try database.importBundledData()
    // Then nothing: neither fluidmilk.xlsx nor annualmilkprodfactors.xlsx comes back
    #expect(again?.summary == nil)
    #expect(again?.plan.kept.isEmpty ?? true)
    let names = try database.read { try String.fetchAll($0.db, sql: "SELECT name FROM dataset") }
    #expect(!names.contains("annualmilkprodfactors") && names.contains("fluidmilk"))
    #expect(try database.importBundledData()?.summary == nil)
  }

  @Test func aFailedImportIntoANewPathLeavesNothing() throws {
    // Given a file with a bad number, imported into a --db path that does not exist
    let folder = try TestSupport.temporaryFolder()
    let bad = folder.appendingPathComponent("bad.csv")
    try "year,Milk\n1990,1\n1991,7.5.1\n".write(to: bad, atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("x2.sqlite").path
    var output = ""
    var errors = ""
    let status = ImportFlow.run(
      [bad.path], options: ImportOptions(), database: path, terminal: Terminal(),
      output: &output, errors: &errors)
    // Then it fails at the cell, and no database (nor -wal, -shm) is left at the path
    #expect(status == 65)
    #expect(errors.contains("bad.csv:3:6: error:"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.csv"])
    // And a database that was there before stays, as it was
    #expect(InitFlow.run(database: path, empty: true, output: &output, errors: &errors) == 0)
    _ = ImportFlow.run(
      [bad.path], options: ImportOptions(), database: path, terminal: Terminal(),
      output: &output, errors: &errors)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func everyRowReachesTheSectionsOfMarkedCellsAfterAFullPage() throws {
    // Given 6 rows, then a series whose every value is withheld
    let folder = try TestSupport.temporaryFolder()
    let file = folder.appendingPathComponent("withheld.csv")
    try "series,year,value\nA,1990,1\nA,1991,2\nA,1992,3\nB,1990,4\nB,1991,5\nB,1992,6\n"
      .appending("Z,1990,(D)\nZ,1991,(D)\n")
      .write(to: file, atomically: true, encoding: .utf8)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([file.path])
    // When the rows fill the first page exactly
    let first = try database.page(PageRequest(pageSize: 6))
    // Then a next page follows, and holds the withheld series
    let cursor = try #require(first.next)
    let second = try database.page(PageRequest(pageSize: 6, start: .after(cursor)))
    #expect(second.parts.map(\.section.info.title) == ["Z"])
    #expect(second.parts.first?.missingCells.map(\.marker) == ["(D)", "(D)"])
    #expect(second.next == nil)
  }

  @Test func initMakesADatabaseWithTheBundleOrEmptyAndRefusesOneThatExists() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("new.sqlite").path
    var output = ""
    var errors = ""
    #expect(InitFlow.run(database: path, empty: false, output: &output, errors: &errors) == 0)
    #expect(
      output
        == "made \(path) with the bundled USDA tables: 6 datasets, 291 sections, "
        + "15,258 observations\n")
    #expect(InitFlow.run(database: path, empty: true, output: &output, errors: &errors) == 73)
    #expect(errors.hasPrefix("dairy: error: \(path) exists already;"))

    // An empty one is never filled by a reading command, even at the default location
    let empty = folder.appendingPathComponent("empty.sqlite").path
    #expect(InitFlow.run(database: empty, empty: true, output: &output, errors: &errors) == 0)
    let reading = try ReadingDatabase.open(at: DatabaseLocation(path: empty, isDefault: true))
    #expect(reading.notice == [])
    #expect(try reading.database.isEmpty())
  }

  @Test func aDatabaseEmptiedByDeletesIsNotFilledAgain() throws {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    let database = try DairyDatabase.open(path: path)
    _ = try TestSupport.importPerCapita(into: database)
    try database.deleteDataset("per_capita_consumption_1975-2022")
    let reading = try ReadingDatabase.open(at: DatabaseLocation(path: path, isDefault: true))
    #expect(reading.notice == [])
    #expect(try reading.database.isEmpty())
  }

  @Test func deleteOffATerminalWantsYes() throws {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    var output = ""
    var errors = ""
    _ = InitFlow.run(database: path, empty: false, output: &output, errors: &errors)
    output = ""
    var asked: [String] = []
    // Off a terminal: refused, without asking
    let refused = DatasetsFlow.delete(
      "fluidmilk", yes: false, database: path, terminal: Terminal(),
      confirm: {
        asked.append($0)
        return true
      }, output: &output, errors: &errors)
    #expect(refused == 64)
    #expect(asked == [])
    #expect(errors.hasSuffix("pass --yes to delete it\n"))
    // On a terminal: asked, and a no keeps it
    let screen = Terminal(isTerminal: true, errorIsTerminal: true, inputIsTerminal: true)
    let kept = DatasetsFlow.delete(
      "fluidmilk", yes: false, database: path, terminal: screen,
      confirm: {
        asked.append($0)
        return false
      }, output: &output, errors: &errors)
    #expect(kept == 0)
    #expect(asked == ["delete dataset fluidmilk: 9 sections, 441 observations? [y/N] "])
    #expect(output == "kept dataset fluidmilk: 9 sections, 441 observations\n")
    // With --yes: deleted
    output = ""
    let deleted = DatasetsFlow.delete(
      "fluidmilk", yes: true, database: path, terminal: Terminal(), confirm: { _ in false },
      output: &output, errors: &errors)
    #expect(deleted == 0)
    #expect(output == "deleted dataset fluidmilk: 9 sections, 441 observations\n")
    #expect(DatasetsFlow.isYes(" Y ") && DatasetsFlow.isYes("yes") && !DatasetsFlow.isYes(""))
  }

  // MARK: - --dataset and the search

  @Test func readingCommandsTakeADatasetAndTheSearchMatchesItsName() throws {
    let database = try Self.bundled()
    let named = try database.summaries(matching: SectionFilter(search: "per_capita"))
    #expect(named.count == 21)
    // A title that has the search comes first: `milk` is the sections titled so, not every
    // section of fluidmilk and the milk-cows workbooks
    let milk = try database.summaries(matching: SectionFilter(search: "milk"))
    #expect(!milk.isEmpty && milk.allSatisfy { $0.info.title.lowercased().contains("milk") })
    #expect(milk.count < (try database.read { try $0.sections() }).count / 2)
    let one = try database.summaries(matching: SectionFilter(dataset: "fluidmilk"))
    #expect(one.count == 9 && one.allSatisfy { $0.info.dataset == "fluidmilk" })
    do {
      _ = try database.page(PageRequest(filter: SectionFilter(dataset: "fluid")))
      Issue.record("an unknown dataset was taken")
    } catch let error as DairyError {
      #expect(error.exitCode == 64)
      #expect(
        error.message
          == "no dataset is named \"fluid\" (did you mean fluidmilk?); `dairy datasets` lists them")
    }
  }

  @Test func aPageOfSeveralDatasetsNamesEachAboveItsFirstSection() throws {
    let database = try Self.bundled()
    // One dataset in range: no name
    let alone = try database.page(PageRequest(filter: SectionFilter(dataset: "fluidmilk")))
    #expect(alone.parts.allSatisfy { !$0.namesDataset })
    // Several: the opening part of each names it
    let page = try database.page(
      PageRequest(filter: SectionFilter(search: "butter"), pageSize: 500))
    let opening = page.parts.filter(\.opensDataset)
    try #require(opening.count == 2)
    #expect(opening.allSatisfy { $0.namesDataset })
    let header = opening[1].datasetHeader(width: 60, style: TextStyle(enabled: false))
    #expect(header.first == "Dataset: fluidmilk")
  }

  @Test func aPageThatContinuesADatasetNamesItWhenAnotherFollows() throws {
    // Given a page of show that starts inside the per-capita table and ends in fluidmilk
    let database = try Self.bundled()
    var line = ShowCommandLine(pageSize: 50, width: 80)
    line.page = 20
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: Terminal(width: 80), output: &output, errors: &errors,
      open: { ReadingDatabase(database: database) })

    // Then both are named: the one it continues first, the other above its first section
    #expect(status == 0)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first == "Dataset: per_capita_consumption_1975-2022 (continued)")
    #expect(lines.contains("Dataset: fluidmilk"))
    // And a page inside one dataset alone says nothing of it
    line.page = 2
    output = ""
    _ = ShowFlow.run(
      line, terminal: Terminal(width: 80), output: &output, errors: &errors,
      open: { ReadingDatabase(database: database) })
    #expect(!output.contains("Dataset: "))
  }

  // MARK: - Helpers

  static func bundled() throws -> DairyDatabase {
    let database = try DairyDatabase.inMemory()
    _ = try database.importBundledData()
    return database
  }
}
