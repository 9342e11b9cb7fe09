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

/// The commands' flows, called as the binary calls them, with the terminal's facts fixed.
@Suite("Command flows")
struct CommandFlowTests {
  /// A path for a database that does not exist yet.
  func newDatabase() throws -> String {
    try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
  }

  /// Opens `db` as the default location: made and filled with the bundle on first use (a
  /// `--db` path must exist).
  static func atTheDefaultLocation(_ db: String) -> () throws -> ReadingDatabase {
    { try ReadingDatabase.open(at: DatabaseLocation(path: db, isDefault: true)) }
  }

  static let noticeStart = "dairy: no data yet in "

  // MARK: - show

  @Test func showsFirstRunImportsSaysSoAndLeavesTheNoticeOnScreen() throws {
    // Given no data yet, and a terminal of 24 lines (stdout and stderr on it)
    let db = try newDatabase()
    let screen = Terminal(isTerminal: true, width: 80, height: 24, errorIsTerminal: true)
    var page = ""
    var errors = ""

    // When show runs on it
    let status = ShowFlow.run(
      ShowCommandLine(search: "skim-solids", since: 2020, database: db), terminal: screen,
      output: &page, errors: &errors, open: Self.atTheDefaultLocation(db))

    // Then the notice is on stderr, and the page fills what it leaves of 23 lines
    #expect(status == 0)
    let notice = errors.split(separator: "\n").map(String.init)
    #expect(notice.count == 2 && notice[0].hasPrefix(Self.noticeStart))
    #expect(notice[1].hasPrefix("imported 6 datasets: 291 sections, 15,258 observations"))
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 23 - Terminal.lines(notice, width: 80))

    // And when standard error is not on the screen, the page fills all 23
    var again = ""
    var quiet = ""
    var piped = screen
    piped.errorIsTerminal = false
    _ = ShowFlow.run(
      ShowCommandLine(search: "skim-solids", since: 2020, database: db), terminal: piped,
      output: &again, errors: &quiet)
    #expect(quiet == "")
    #expect(again.split(separator: "\n", omittingEmptySubsequences: false).count == 24)
  }

  @Test func showTakesWidthAndColourFromTheTerminal() throws {
    let db = try newDatabase()
    var page = ""
    var errors = ""
    let terminal = Terminal(isTerminal: true, width: 40, height: 30, wantsColor: true)
    #expect(
      ShowFlow.run(
        ShowCommandLine(pageSize: 3, database: db), terminal: terminal, output: &page,
        errors: &errors, open: Self.atTheDefaultLocation(db)) == 0)
    #expect(page.contains("\u{1B}["))
    // 30 lines less the prompt's
    #expect(page.split(separator: "\n", omittingEmptySubsequences: false).count == 29 + 1)
    // JSON is never coloured or padded
    var json = ""
    _ = ShowFlow.run(
      ShowCommandLine(pageSize: 3, format: .json, database: db), terminal: terminal,
      output: &json, errors: &errors)
    #expect(!json.contains("\u{1B}") && json.hasPrefix("{\"sections\":["))
  }

  @Test func showsDatabaseErrorIsOneLineAndNoPage() throws {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("missing").path
    var page = ""
    var errors = ""
    let status = ShowFlow.run(
      ShowCommandLine(database: folder + "/d.sqlite"), terminal: Terminal(), output: &page,
      errors: &errors)
    #expect(status == 74)
    #expect(page == "")
    #expect(
      errors
        == "dairy: error: no database at \(folder)/d.sqlite; make one with `dairy init --db "
        + "\(folder)/d.sqlite` (the bundled USDA tables) or `dairy import FILE --db "
        + "\(folder)/d.sqlite` (your file)\n")
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func showsRetryFooterCarriesTheErrorAndExits75() {
    var page = ""
    var errors = ""
    let locked = DairyError(.busy, "d.sqlite is locked by another process (database is locked)")
    let status = ShowFlow.run(
      ShowCommandLine(format: .json), terminal: Terminal(), output: &page, errors: &errors,
      open: { throw locked })
    #expect(status == 75)
    #expect(page.contains(#""state":"retry""#))
    #expect(page.contains(#""error":"d.sqlite is locked by another process (database is locked)""#))
  }

  // MARK: - sections, export, import, browse

  @Test func sectionsFitsTheTerminalsWidth() throws {
    let db = try newDatabase()
    var list = ""
    var errors = ""
    let status = SectionsFlow.run(
      SectionsFlow.Request(search: "cheese", database: db), terminal: Terminal(width: 60),
      output: &list, errors: &errors, open: Self.atTheDefaultLocation(db))
    #expect(status == 0)
    #expect(errors.hasPrefix(Self.noticeStart))
    let lines = list.split(separator: "\n").map(String.init)
    #expect(lines.count == 5 + 3)  // with the dataset's title, source and link
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    var none = ""
    _ = SectionsFlow.run(
      SectionsFlow.Request(search: "xyz", database: db), terminal: Terminal(), output: &none,
      errors: &errors)
    #expect(none == "No section matches \"xyz\".\n")
  }

  @Test func exportWritesTheBundledTablesOfADatabaseInitMade() throws {
    let db = try newDatabase()
    var csv = ""
    var errors = ""
    #expect(InitFlow.run(database: db, empty: false, output: &csv, errors: &errors) == 0)
    csv = ""
    #expect(ExportFlow.run(format: .csv, database: db, output: &csv, errors: &errors) == 0)
    #expect(errors == "")
    // The header, then every observation and missing cell of the bundle's six datasets
    #expect(csv.split(separator: "\r\n").count == 1 + 15_258 + 90)
  }

  @Test func importSaysWhatItImportedOrWhereTheFileIsWrong() throws {
    let db = try newDatabase()
    var summary = ""
    var errors = ""
    let status = ImportFlow.run(
      [TestSupport.usdaCSV], options: ImportOptions(), database: db, terminal: Terminal(),
      output: &summary, errors: &errors)
    #expect(status == 0)
    #expect(summary.hasPrefix("imported per_capita_consumption_1975-2022: 21 sections"))
    #expect(errors == "")

    let bad = TestSupport.fixture("bad/ragged-too-many.csv")
    var nothing = ""
    let failed = ImportFlow.run(
      [bad], options: ImportOptions(), database: db, terminal: Terminal(), output: &nothing,
      errors: &errors)
    #expect(failed == 65)
    #expect(nothing == "")
    #expect(errors.hasPrefix("dairy: \(bad):3:14: error: this row has 4 fields"))
  }

  @Test func browseWithoutATerminalRefusesBeforeTouchingTheDatabase() throws {
    // Given standard output on a terminal but standard input not
    let db = try newDatabase()
    var errors = ""
    let outcome = BrowseFlow.run(
      BrowseFlow.Request(database: db), terminal: Terminal(isTerminal: true, height: 24),
      errors: &errors)
    #expect(outcome == .exited(64))
    #expect(
      errors == "dairy: error: dairy browse needs a terminal; use dairy show for pipes and files\n")
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  // MARK: - The progress bar

  @Test func theProgressBarIsDrawnOnlyOnATerminalAndForLargeFiles() {
    final class Written: @unchecked Sendable { var text = "" }
    let written = Written()
    let big = ProgressReporter.threshold

    // On a terminal, a large file gets a bar, and it is cleared at the end
    let bar = ProgressReporter(terminal: Terminal(width: 40, errorIsTerminal: true)) {
      written.text += $0
    }
    bar.report(done: big / 4, total: big)
    bar.finish()
    #expect(
      written.text == "\r" + ProgressBar.line(done: big / 4, total: big, width: 37)
        + "\u{1B}[K\r\u{1B}[K")

    // A small file, or no terminal, gets nothing
    written.text = ""
    let small = ProgressReporter(terminal: Terminal(errorIsTerminal: true)) { written.text += $0 }
    small.report(done: 1, total: big - 1)
    small.finish()
    let piped = ProgressReporter(terminal: Terminal()) { written.text += $0 }
    piped.report(done: 1, total: big)
    piped.finish()
    #expect(written.text == "")
  }
}
