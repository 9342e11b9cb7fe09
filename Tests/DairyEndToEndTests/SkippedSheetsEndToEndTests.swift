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

/// `dairy import` on a workbook one of whose sheets cannot be read (the 2023 milk cows workbook,
/// whose third sheet a user rewrote without a year column): the other sheets import, the skipped
/// one is a warning, exit 0; `--strict` and `--sheet` refuse it with exit 65 and leave the
/// database exactly as it was.
extension CommandLineTests {
  static let edited = TestSupport.fixture("xlsx/milkcowsandprod_2023_edited.xlsx")
  static let editedWarnings = [
    "dairy: warning: \(edited): sheet 'Contents': skipped: no data block (no cell holds a number)",
    "dairy: warning: \(edited): sheet 'Milk production', cell A1: skipped: the header has no "
      + "year column (\"State\", \"Million pounds\", \"Percent of U.S. milk production\"); name it "
      + "with --year-column",
  ]
  static let editedRefusal =
    "dairy: \(edited): sheet 'Milk production', cell A1: error: the header has no year column "
    + "(\"State\", \"Million pounds\", \"Percent of U.S. milk production\"); name it with "
    + "--year-column\n"

  /// The lines of `text` with the seconds an import took left out.
  static func timeless(_ text: String) -> [String] {
    text.split(separator: "\n").map {
      $0.replacingOccurrences(of: #" in [0-9.]+ s"#, with: "", options: .regularExpression)
    }
  }

  @Test func aWorkbookWithASheetThatCannotBeReadImportsTheOthers() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    let result = try dairy("import", Self.edited, "--db", db)
    #expect(result.status == 0)
    #expect(result.error.split(separator: "\n").map(String.init) == Self.editedWarnings)
    #expect(
      Self.timeless(result.output) == [
        "imported milkcowsandprod_2023_edited.milk-cows: 62 sections, 3,278 observations, "
          + "8 missing cells",
        "imported milkcowsandprod_2023_edited.milk-per-cow: 62 sections, 3,278 observations, "
          + "8 missing cells",
        "total: 124 sections, 6,556 observations, 16 missing cells; 1 unreadable sheet skipped",
      ])
    let sections = try dairy("sections", "--format", "json", "--db", db)
    #expect(sections.status == 0)
    #expect(!sections.output.contains("milk-production"))
    // inspect shows the same: the two datasets, and the sheet skipped and why
    let inspected = try dairy("inspect", Self.edited, "--format", "json")
    #expect(inspected.status == 0 && inspected.error == "")
    #expect(
      inspected.output.contains(
        "sheet 'Milk production', cell A1: skipped: the header has no year column"))
  }

  @Test func strictRefusesTheWorkbookAndLeavesTheDatabaseExactlyAsItWas() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    // Given a database that holds the workbook's datasets from an earlier import, and another
    _ = try dairy("import", Self.edited, "--db", db)
    _ = try dairy("import", TestSupport.fixture("xlsx/fluidmilk.xlsx"), "--db", db)
    let before = try dairy("export", "--db", db).output
    #expect(before.contains("milkcowsandprod_2023_edited.milk-cows"))
    // When it is imported again with --strict, or with the sheet named
    for arguments in [["--strict"], ["--sheet", "Milk cows", "--sheet", "Milk production"]] {
      let result = try run(["import", Self.edited, "--db", db] + arguments)
      // Then the import is refused at the sheet's cell, and nothing changed
      #expect(result.status == 65, "\(arguments)")
      #expect(result.output == "")
      #expect(result.error == Self.editedRefusal, "\(arguments)")
      #expect(try dairy("export", "--db", db).output == before)
    }
    let inspected = try dairy("inspect", Self.edited, "--strict")
    #expect(inspected.status == 65 && inspected.error == Self.editedRefusal)
  }

  @Test func aWorkbookNoneOfWhoseSheetsReadsIsRefused() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("import", TestSupport.fixture("xlsx/fluidmilk.xlsx"), "--db", db)
    let before = try dairy("export", "--db", db).output
    let result = try dairy(
      "import", Self.edited, "--sheet", "Contents", "--sheet", "Milk production", "--db", db)
    #expect(result.status == 65)
    #expect(result.error == Self.editedRefusal)
    let alone = try HostileWorkbook.file(
      "bad.xlsx", tables: [("A", [["State", "Pounds"], ["Maine", "630"]]), ("B", [["x", "1"]])])
    let refused = try dairy("import", alone, "--db", db)
    #expect(refused.status == 65)
    #expect(
      refused.error
        == "dairy: \(alone): sheet 'A', cell A1: error: the header has no year column (\"State\", "
        + "\"Pounds\"); name it with --year-column; no other sheet can be read either ('B')\n")
    #expect(try dairy("export", "--db", db).output == before)
  }
}
