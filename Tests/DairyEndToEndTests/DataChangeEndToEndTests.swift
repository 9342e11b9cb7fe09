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

/// End-to-end: a dataset imported again between two pages, with the built binary. `show --after`
/// refuses the old cursor; `browse`, open in a terminal, loads again from the top and says so.
@Suite("Paging across a re-import", .tags(.endToEnd), .serialized)
struct DataChangeEndToEndTests {
  let cli = CommandLineTests()

  /// A database holding milk (111s), and the path of milk.csv.
  func milkDatabase() throws -> (db: String, csv: String) {
    let folder = try TestSupport.temporaryFolder().path
    let csv = try TestSupport.milk(111, at: folder + "/milk.csv")
    let db = folder + "/d.sqlite"
    #expect(try cli.dairy("import", csv, "--db", db).status == 0)
    return (db, csv)
  }

  @Test func showAfterACursorFromBeforeAReimportIsRefused() throws {
    let (db, csv) = try milkDatabase()
    // Given page 1, whose footer and JSON carry the versioned cursor
    let table = try cli.dairy("show", "--db", db, "--width", "200")
    #expect(table.output.contains("next page: dairy show --width 200 --db \(db) --after 1:1949@v1"))
    let json = try cli.dairy("show", "--db", db, "--format", "json", "--page-size", "50")
    #expect(json.output.contains(#""next":"1:1949@v1""#))
    #expect(try cli.dairy("show", "--after", "1:1949@v1", "--db", db).status == 0)

    // When milk is imported again with other values
    _ = try TestSupport.milk(222, at: csv)
    #expect(try cli.dairy("import", csv, "--replace", "--db", db).status == 0)

    // Then the old cursor is refused, with the command that starts again
    let refused = try cli.dairy("show", "--after", "1:1949@v1", "--db", db)
    #expect(refused.status == 64)
    #expect(refused.output == "")
    #expect(
      refused.error
        == "dairy: error: the cursor 1:1949@v1 was made from another version of milk, which is "
        + "now v2 (imported again since); start again from the first page: dairy show --db \(db)\n"
    )
    // And so is a cursor as older versions of dairy printed it
    let old = try cli.dairy("show", "--after", "1:1949", "--db", db)
    #expect(old.status == 64)
    #expect(
      old.error.hasPrefix(
        "dairy: error: the cursor 1:1949 does not say which import it was made from"))
  }

  @Test(.enabled(if: TmuxTerminal.isUsable))
  func browseReloadsFromTheTopWhenTheDataChanges() throws {
    let (db, csv) = try milkDatabase()
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    try terminal.type("\(CommandLineTests.binary) browse --db \(db)")
    try terminal.send("Enter")
    var screen = try terminal.waitFor("rows 1–22 of 180")
    #expect(screen.contains("  1900     111"))

    // When milk is imported again while the screen is open, and the reader scrolls on
    _ = try TestSupport.milk(222, at: csv)
    #expect(try cli.dairy("import", csv, "--replace", "--db", db).status == 0)
    try terminal.send("G")

    // Then the screen loads again from the top, says so, and shows the new version only
    screen = try terminal.waitUntil("the new version under the notice") {
      $0.contains("data imported again: reloaded from the section's top")
        && $0.contains("  1900     222")
    }
    #expect(screen.contains("  1900     222"))
    #expect(!screen.contains("111"))
    for _ in 0..<20 {
      try terminal.send("G")
      Thread.sleep(forTimeInterval: 0.05)
      screen = try terminal.screen
      #expect(!screen.contains("111"), "\(screen)")
      if screen.contains("all 180 rows shown") { break }
    }
    try terminal.waitFor("all 180 rows shown")
    try terminal.send("q")
    try terminal.waitFor("$ ")
  }
}
