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

/// `dairy show`'s output as a user gets it: every row in a pipe, the pager on a terminal, and
/// one prefix for every error.
@Suite("show output end to end", .tags(.endToEnd), .serialized)
struct ShowOutputEndToEndTests {
  static let binary = CommandLineTests.binary

  /// A database of the per-capita table alone (958 rows, 21 sections).
  func perCapita() throws -> String {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try CommandLineTests().dairy("import", TestSupport.usdaCSV, "--db", db)
    return db
  }

  @Test func csvAndJSONInAPipeAreEveryRow() throws {
    let db = try perCapita()
    let cli = CommandLineTests()
    let csv = try cli.dairy("show", "--format", "csv", "--db", db)
    #expect(csv.status == 0 && csv.error == "")
    // 958 rows and the 50 marked missing cells (`NA`), each a line
    #expect(csv.output.split(separator: "\r\n").count == 1 + 958 + 50)
    let json = try cli.dairy("show", "--format", "json", "--db", db)
    #expect(json.status == 0 && json.error == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((object["footer"] as? [String: Any])?["loaded"] as? Int == 958)
    // --page-size still pages, with the footer on stderr
    let page = try cli.dairy("show", "--format", "csv", "--page-size", "5", "--db", db)
    #expect(page.output.split(separator: "\r\n").count == 6)
    #expect(page.error.hasPrefix("dairy: 5 of 958 rows · next page: dairy show --page-size 5"))
  }

  @Test func wideCSVOpensAsATable() throws {
    let db = try perCapita()
    let result = try CommandLineTests().dairy(
      "show", "yogurt", "--wide", "--since", "2020", "--format", "csv", "--db", db)
    #expect(result.status == 0 && result.error == "")
    #expect(
      result.output
        == "year,Frozen yogurt (lb per person),Yogurt (other than frozen) (lb per person)\r\n"
        + "2020,0.6,13.6\r\n2021,0.8,14.3\r\n2022,0.9,13.9\r\n")
  }

  @Test(arguments: [
    (["show", "--page-size", "x"], "dairy show"),
    (["show", "--nope"], "dairy show"),
    (["import"], "dairy import"),
    (["show", "--wide", "--change"], "dairy show"),
    (["nope"], "dairy"),
  ])
  func everyUsageErrorHasThePrefixAndTheUsage(arguments: [String], command: String) throws {
    let result = try CommandLineTests().run(arguments)
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("dairy: error: "), "\(result.error)")
    #expect(!result.error.contains("Error:"), "\(result.error)")
    #expect(result.error.contains("Usage: \(command)"), "\(result.error)")
    #expect(result.error.contains("See '\(command) --help' for more information."))
  }

  @Test(.enabled(if: TmuxTerminal.isUsable))
  func aLongPageGoesThroughLessAndQReturnsToTheShell() throws {
    let db = try perCapita()
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    // Given PAGER=less in an 80×24 terminal, and a page of 50 rows
    try terminal.type("PAGER=less \(Self.binary) show --db \(db); echo status=$?")
    try terminal.send("Enter")

    // Then the first screen shows, with less's prompt on the last line, and no status yet
    var screen = try terminal.waitFor("\n:")
    #expect(screen.contains("─\nFluid beverage milk"))
    #expect(screen.contains("  1993     210"))
    #expect(!screen.contains("status="))
    #expect(screen.split(separator: "\n").last?.hasPrefix(":") == true)

    // When q is pressed, then the shell is back, with exit status 0
    try terminal.send("q")
    screen = try terminal.waitFor("status=0\n$")
    #expect(screen.contains("  1993     210\n"))
  }

  @Test(.enabled(if: TmuxTerminal.isUsable))
  func noPagerOrAShortPageIsWrittenDirectly() throws {
    let db = try perCapita()
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    for command in [
      "show --no-pager --db \(db)", "show butter --since 2020 --db \(db)",
    ] {
      try terminal.type("clear; PAGER=less \(Self.binary) \(command); echo status=$?")
      try terminal.send("Enter")
      let screen = try terminal.waitFor("status=0")
      #expect(screen.contains("──"))
    }
  }
}
