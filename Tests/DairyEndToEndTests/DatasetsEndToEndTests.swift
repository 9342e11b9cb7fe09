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

/// `dairy datasets`, `dairy init`, `--replace` and `--dataset` as a person runs them: exit
/// codes, messages, and nothing left behind by a refused command.
@Suite("Datasets, end to end", .tags(.endToEnd))
struct DatasetsEndToEndTests {
  let cli = DairyCLI()

  /// A new folder with a database of the bundled tables made by `dairy init`.
  func initialized() throws -> (folder: URL, db: String) {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    let made = try cli.dairy("init", "--db", db)
    #expect(made.status == 0, "\(made.error)")
    return (folder, db)
  }

  @Test func readingCommandsRefuseADatabaseThatDoesNotExistAndLeaveNothing() throws {
    let folder = try TestSupport.temporaryFolder()
    let typo = folder.appendingPathComponent("big.sqlit").path
    for command in [
      ["show"], ["sections"], ["chart", "butter"], ["export"], ["datasets"],
      ["datasets", "rename", "a", "b"], ["datasets", "delete", "a", "--yes"],
      ["show", "--by", "place", "milk"],
    ] {
      let result = try cli.run(command + ["--db", typo])
      #expect(result.status == 74, "\(command)")
      #expect(result.output == "", "\(command)")
      #expect(
        result.error
          == "dairy: error: no database at \(typo); make one with `dairy init --db \(typo)` (the "
          + "bundled USDA tables) or `dairy import FILE --db \(typo)` (your file)\n", "\(command)")
    }
    // $DAIRY_DB too, named as such
    let environment = try cli.run(["sections"], environment: ["DAIRY_DB": typo])
    #expect(environment.status == 74)
    #expect(environment.error.hasPrefix("dairy: error: no database at \(typo) ($DAIRY_DB);"))
    // Nothing was made: no file, no -wal, no -shm
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func initMakesOneAndRefusesWhatExists() throws {
    let (folder, db) = try initialized()
    let again = try cli.dairy("init", "--db", db)
    #expect(again.status == 73)
    #expect(again.error.hasPrefix("dairy: error: \(db) exists already;"))
    let empty = folder.appendingPathComponent("empty.sqlite").path
    let made = try cli.dairy("init", "--db", empty, "--empty")
    #expect(made.status == 0)
    #expect(try cli.dairy("sections", "--db", empty).output == "No sections.\n")
    #expect(try cli.dairy("datasets", "--db", empty).output == DatasetsRenderer.emptyMessage + "\n")
    // A folder that does not exist is not made
    let nowhere = folder.appendingPathComponent("no/such/x.sqlite").path
    #expect(try cli.dairy("init", "--db", nowhere).status == 74)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
  }

  @Test func datasetsListsRenamesAndDeletes() throws {
    let (_, db) = try initialized()
    // The list, as a table, CSV and JSON
    let table = try cli.dairy("datasets", "--db", db, "--width", "120")
    #expect(table.status == 0)
    let lines = table.output.split(separator: "\n")
    #expect(lines.count == 7)
    #expect(lines[0].hasPrefix("Name"))
    #expect(lines[2].hasPrefix("fluidmilk  ") && lines[2].contains("fluidmilk.xlsx"))
    let csv = try cli.dairy("datasets", "--db", db, "--format", "csv")
    #expect(csv.output.hasPrefix("name,title,source,sections,observations,"))
    let json = try cli.dairy("datasets", "--db", db, "--format", "json")
    #expect(json.output.contains(#""name":"annualmilkprodfactors""#))

    // Rename: to a taken name refused (73), unknown (64, with the close names), then done
    let taken = try cli.dairy(
      "datasets", "rename", "fluidmilk", "annualmilkprodfactors", "--db", db)
    #expect(taken.status == 73)
    let unknown = try cli.dairy("datasets", "rename", "fluidmlik", "fluid", "--db", db)
    #expect(unknown.status == 64)
    #expect(unknown.error.contains("(did you mean fluidmilk?)"))
    let renamed = try cli.dairy("datasets", "rename", "fluidmilk", "fluid", "--db", db)
    #expect(renamed.status == 0)
    #expect(renamed.output == "renamed dataset fluidmilk to fluid\n")
    #expect(
      try cli.dairy("sections", "--dataset", "fluid", "--db", db).output.hasPrefix("fluid (9"))

    // Delete: without --yes off a terminal refused (64), with it done
    let asked = try cli.dairy("datasets", "delete", "fluid", "--db", db)
    #expect(asked.status == 64)
    #expect(asked.error.contains("pass --yes"))
    let deleted = try cli.dairy("datasets", "delete", "fluid", "--yes", "--db", db)
    #expect(deleted.status == 0)
    #expect(deleted.output == "deleted dataset fluid: 9 sections, 441 observations\n")
    let gone = try cli.dairy("show", "--dataset", "fluid", "--db", db)
    #expect(gone.status == 64)
    #expect(gone.error.contains("no dataset is named \"fluid\""))
  }

  @Test(.enabled(if: TmuxTerminal.isUsable))
  func deleteAsksOnATerminalAndANoKeepsTheDataset() throws {
    // Given a database, and delete run on a terminal
    let (_, db) = try initialized()
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    let delete = "\(CommandLineTests.binary) datasets delete fluidmilk --db \(db); echo exit=$?"

    // When it asks and the answer is no, then the dataset stays
    try terminal.type(delete)
    try terminal.send("Enter")
    try terminal.waitFor("delete dataset fluidmilk: 9 sections, 441 observations? [y/N]")
    try terminal.type("n")
    try terminal.send("Enter")
    try terminal.waitFor("kept dataset fluidmilk: 9 sections, 441 observations\nexit=0")
    #expect(try cli.dairy("sections", "--dataset", "fluidmilk", "--db", db).status == 0)

    // When it asks again and the answer is y, then it is deleted
    try terminal.type("clear")
    try terminal.send("Enter")
    _ = try terminal.waitUntil("the screen cleared") { !$0.contains("kept dataset") }
    try terminal.type(delete)
    try terminal.send("Enter")
    try terminal.waitFor("[y/N]")
    try terminal.type("y")
    try terminal.send("Enter")
    try terminal.waitFor("deleted dataset fluidmilk: 9 sections, 441 observations\nexit=0")
    #expect(try cli.dairy("sections", "--dataset", "fluidmilk", "--db", db).status == 64)
  }

  @Test func aReplacingImportIsRefusedThenAcceptedWithReplace() throws {
    let (_, db) = try initialized()
    let csv = TestSupport.fixture("usda-published/annualmilkprodfactors.csv")
    let before = try cli.dairy("export", "--db", db).output

    // Refused: 73, one line, nothing written
    let refused = try cli.dairy("import", csv, "--db", db)
    #expect(refused.status == 73)
    #expect(refused.output == "")
    #expect(refused.error.split(separator: "\n").count == 1)
    #expect(
      refused.error.hasPrefix(
        "dairy: error: replaces dataset annualmilkprodfactors: 13 sections from "
          + "annualmilkprodfactors.xlsx, imported "))
    #expect(
      refused.error.contains(
        "(the new file lacks its title, source, contact, the units of 12 sections"))
    #expect(
      refused.error.hasSuffix(
        "; pass --replace to replace it, or --dataset annualmilkprodfactors-2 to import under "
          + "another name\n"))
    #expect(try cli.dairy("export", "--db", db).output == before)

    // Under the proposed name: a dataset of its own
    let aside = try cli.dairy("import", csv, "--dataset", "annualmilkprodfactors-2", "--db", db)
    #expect(aside.status == 0)

    // Accepted with --replace: what is dropped is said before the summary
    let replaced = try cli.dairy("import", csv, "--replace", "--db", db)
    #expect(replaced.status == 0)
    #expect(replaced.output.hasPrefix("imported annualmilkprodfactors: 13 sections"))
    #expect(
      replaced.error.contains(
        "dairy: warning: replaced dataset annualmilkprodfactors: 13 sections from "
          + "annualmilkprodfactors.xlsx"))
    #expect(replaced.error.contains("; dropped its title, source, contact, the units of 12"))

    // The same bytes again: unchanged, no --replace needed
    let again = try cli.dairy("import", csv, "--db", db)
    #expect(again.status == 0)
    #expect(again.output.hasPrefix("unchanged annualmilkprodfactors"))
  }

  @Test func showNamesEachDatasetWhenSeveralAreShown() throws {
    let (_, db) = try initialized()
    let several = try cli.dairy("show", "butter", "--page-size", "200", "--width", "80", "--db", db)
    #expect(several.output.contains("Dataset: per_capita_consumption_1975-2022\n"))
    #expect(several.output.contains("Dataset: fluidmilk\n"))
    let one = try cli.dairy("show", "--dataset", "fluidmilk", "--width", "80", "--db", db)
    #expect(one.status == 0)
    #expect(!one.output.contains("Dataset: "))
  }
}
