import Foundation
import Testing

@testable import DairyKit

/// `dairy show` on a real terminal (tmux, 80×24): a short page is padded to fill the screen, its
/// footer on the last line above the prompt.
@Suite("dairy show in a terminal", .enabled(if: TmuxTerminal.isUsable))
struct ShowEndToEndTests {
  @Test func theFirstRunsNoticeStaysOnScreen() throws {
    // Given a database with no data yet
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }

    // When show imports the bundled table, says so on stderr, and pads a short page
    try terminal.type("clear; \(CommandLineTests.binary) show --page-size 3 --db \(db)")
    try terminal.send("Enter")
    let screen = try terminal.waitFor("next page:")

    // Then the notice is still on screen above the page, and the footer ends just above the prompt
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0].hasPrefix("dairy: no data yet in "), "\(screen)")
    #expect(lines.contains { $0.hasPrefix("imported per_capita_consumption_1975-2022: 21 sections") })
    let footer = try #require(lines.lastIndex { $0.hasPrefix("── 3 of 958 rows") })
    let prompt = try #require(lines.lastIndex { $0.hasPrefix("$") })
    #expect(lines[(footer + 1)..<prompt].allSatisfy { !$0.hasPrefix("$") })
    #expect(prompt == 23, "\(screen)")

    // And once there is data, the same command fills all but the prompt's line with the page
    try terminal.type("clear; \(CommandLineTests.binary) show --page-size 3 --db \(db)")
    try terminal.send("Enter")
    Thread.sleep(forTimeInterval: 0.5)
    let again = try terminal.waitFor("next page:").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(again[0].hasPrefix("Fluid beverage milk"))
    #expect(again.lastIndex { $0.hasPrefix("$") } == 23)
  }
}

@Suite("Terminal lines")
struct TerminalLinesTests {
  @Test func countsTheLinesATerminalWrapsTextInto() {
    #expect(Terminal.lines([], width: 80) == 0)
    #expect(Terminal.lines([""], width: 80) == 1)
    #expect(Terminal.lines([String(repeating: "x", count: 80)], width: 80) == 1)
    #expect(Terminal.lines([String(repeating: "x", count: 81), "short"], width: 80) == 3)
    #expect(Terminal.lines([String(repeating: "牛", count: 41)], width: 80) == 2)
  }
}
