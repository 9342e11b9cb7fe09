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

/// `dairy show` on a real terminal (tmux, 80×24): a short page is padded to fill the screen, its
/// footer on the last line above the prompt.
@Suite("dairy show in a terminal", .tags(.endToEnd), .enabled(if: TmuxTerminal.isUsable))
struct ShowEndToEndTests {
  @Test func theFirstRunsNoticeStaysOnScreen() throws {
    // Given no database yet at the default location (the only one a reading command makes)
    let home = try TestSupport.temporaryFolder().path
    let environment = "DAIRY_DB= XDG_DATA_HOME=\(home)"
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }

    // When show imports the bundled tables, says so on stderr, and pads a short page
    try terminal.type("\(Self.clear); \(environment) \(CommandLineTests.binary) show --page-size 3")
    try terminal.send("Enter")
    let screen = try terminal.waitUntil("the page and the next prompt", Self.promptAfterThePage)

    // Then the notice is still on screen above the page, and the footer ends just above the prompt
    let lines = Self.lines(screen)
    #expect(lines[0].hasPrefix("dairy: no data yet in "), "\(screen)")
    #expect(
      lines.contains { $0.hasPrefix("imported 6 datasets: 291 sections, 15,258 observations") })
    #expect(Self.footerEndsAboveThePrompt(lines), "\(screen)")

    // And once there is data, the same command fills all but the prompt's line with the page
    try terminal.type("\(Self.clear); \(environment) \(CommandLineTests.binary) show --page-size 3")
    try terminal.send("Enter")
    // (The typed command gone: the shell ran it and cleared the screen. Typing a long command
    // scrolls the notice away before Enter is read, and the old page is still there.)
    let again = try terminal.waitUntil("the second page without the notice") { screen in
      !screen.contains("no data yet") && !screen.contains("printf '")
        && Self.promptAfterThePage(screen)
    }
    let second = Self.lines(again)
    // (the dataset's table header first, naming it among the bundle's six, then the first
    // section)
    #expect(second[0] == "Dataset: per_capita_consumption_1975-2022", "\(again)")
    #expect(second[1].hasPrefix("Dairy products: per capita consumption"), "\(again)")
    #expect(
      second.firstIndex { $0.hasPrefix("Fluid beverage milk") }.map { $0 > 1 } == true,
      "\(again)")
    #expect(Self.footerEndsAboveThePrompt(second), "\(again)")
  }

  static let footer = "── 3 of 15,258 rows"

  /// Clears the screen with the shell's own `printf`, so that the test needs no `clear` program.
  static let clear = #"printf '\033[H\033[2J'"#

  static func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The prompt is on the last line and the footer (wrapped, with the database's path in its
  /// command) ends on the line above it, with no blank line between.
  static func footerEndsAboveThePrompt(_ lines: [String]) -> Bool {
    guard let footer = lines.lastIndex(where: { $0.hasPrefix(footer) }),
      let prompt = lines.lastIndex(where: { $0.hasPrefix("$") })
    else { return false }
    return prompt == 23 && footer < prompt && lines[footer..<prompt].allSatisfy { !$0.isEmpty }
  }

  /// The page has been written and the shell has drawn its next prompt below the footer: show's
  /// output can reach the screen some time before the prompt does.
  static func promptAfterThePage(_ screen: String) -> Bool {
    let lines = lines(screen)
    guard let footer = lines.lastIndex(where: { $0.hasPrefix(footer) }) else { return false }
    return lines[(footer + 1)...].contains { $0.hasPrefix("$") }
  }
}

@Suite("Terminal lines", .tags(.endToEnd))
struct TerminalLinesTests {
  @Test func countsTheLinesATerminalWrapsTextInto() {
    #expect(Terminal.lines([], width: 80) == 0)
    #expect(Terminal.lines([""], width: 80) == 1)
    #expect(Terminal.lines([String(repeating: "x", count: 80)], width: 80) == 1)
    #expect(Terminal.lines([String(repeating: "x", count: 81), "short"], width: 80) == 3)
    #expect(Terminal.lines([String(repeating: "牛", count: 41)], width: 80) == 2)
  }
}
