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

/// The chart pane in a real terminal.
extension BrowseEndToEndTests {
  /// `C` after a search on a low, wide terminal (100×10): the pane draws the panel that fits and
  /// says how tall the terminal must be for the rest, rather than "too small"; at that height
  /// every panel is drawn.
  @Test func chartPaneOnALowTerminalDrawsWhatFitsAndSaysWhatToDo() throws {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    _ = try CommandLineTests().dairy("import", TestSupport.usdaCSV, "--db", db)
    let terminal = try TmuxTerminal(width: 100, height: 10)
    defer { terminal.kill() }
    try terminal.type("\(Self.binary) browse --db \(db)")
    try terminal.send("Enter")
    try terminal.waitFor("rows 1–")

    // When milk is searched for and C charts every section found
    try terminal.send("/")
    try terminal.type("milk")
    try terminal.send("Enter")
    try terminal.waitFor("/milk · rows 1–")
    try terminal.send("C")

    // Then the pane draws a panel and ends with what to do for the other
    let screen = try terminal.waitFor("make the terminal taller (needs ")
    #expect(!screen.contains("Too small"))
    #expect(screen.contains("┤"))
    let needed = ChartPane.screenHeight(
      forChart: ChartLayout.minimumHeight(panels: 2), from: 10, chrome: 1)
    #expect(screen.contains("… 1 more panel: make the terminal taller (needs \(needed) rows)"))

    // And at that height both panels are drawn
    try terminal.tmux("resize-window", "-t", "e2e", "-x", "100", "-y", "\(needed)")
    let tall = try terminal.waitUntil("both panels") {
      !$0.contains("more panel") && $0.contains("lb milk equivalent per person")
    }
    #expect(tall.contains("lb per person"))
    try terminal.send("q")
    try terminal.waitFor("$ ")
  }
}
