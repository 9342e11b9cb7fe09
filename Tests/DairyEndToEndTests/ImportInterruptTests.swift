import DairyTestSupport
import Foundation
import Testing

@testable import DairyTerminal

/// Ctrl-C during an import whose progress bar is drawn: the bar's line is cleared and says the
/// import was interrupted, the shell sees a death by SIGINT, and the database is as it was.
@Suite(
  "dairy import interrupted in a terminal", .tags(.endToEnd), .enabled(if: TmuxTerminal.isUsable))
struct ImportInterruptTests {
  @Test func ctrlCClearsTheBarAndLeavesTheDatabaseAsItWas() throws {
    // Given a long file, large enough for a bar and for a few seconds of import
    let folder = try TestSupport.temporaryFolder()
    let file = folder.appendingPathComponent("long.csv").path
    var text = "series,year,value\n"
    for series in 0..<400 {
      for year in 0..<5_000 { text += "Series \(series),\(year + 1),\(series * 7 + year)\n" }
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let db = folder.appendingPathComponent("d.sqlite").path
    try #require(try CommandLineTests().run(["init", "--empty", "--db", db]).status == 0)
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    try terminal.type("\(CommandLineTests.binary) import \(file) --db \(db)")
    try terminal.send("Enter")
    // When Ctrl-C comes while the bar is drawn
    try terminal.waitFor("importing [")
    try terminal.send("C-c")
    // Then the bar's line says so, the shell sees SIGINT, and nothing was imported
    try terminal.waitFor("dairy: interrupted")
    try terminal.type("echo status=$?")
    try terminal.send("Enter")
    let screen = try terminal.waitFor("status=130")
    #expect(!screen.contains("importing ["))
    let datasets = try CommandLineTests().run(["datasets", "--db", db, "--format", "csv"])
    #expect(datasets.status == 0)
    #expect(datasets.output.split(separator: "\n").count <= 1)
  }
}
