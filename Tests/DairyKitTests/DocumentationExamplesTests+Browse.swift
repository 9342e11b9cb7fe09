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

/// The `///` examples of Browse and Terminal (see ``DocumentationExamplesTests``).
@Suite("Documentation examples: browse, terminal")
struct BrowseDocumentationExamplesTests {
  @Test func browseState() throws {
    let database = BrowseDriver.usda
    var state = BrowseState(filter: SectionFilter(search: "cheese"), width: 80, height: 24)
    let effects = state.start()  // [.fetch(first page)]
    guard case .fetch(let fetch) = effects.first else {
      Issue.record("no fetch: \(effects)")
      return
    }
    state.handle(.pageLoaded(fetch, try database.page(fetch.request)))  // rows under the header
    state.handle(.key(.character("j")))  // one line down
    let lines = state.frame().lines  // 24 lines of 80 columns at most
    #expect(lines.count == 24 && lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    // The dataset's header (3 lines) is above the section; one line down leaves 2 of it
    #expect(lines[0].hasPrefix("Source: USDA") && lines[2].hasPrefix("American cheese"))
    #expect(lines[3] == "  1975     8.1")
  }

  @Test func browseKey() {
    var state = BrowseState(width: 80, height: 24)
    #expect(state.handle(.key(.character("j"))).isEmpty)  // one line down
    #expect(BrowseKey.control("d").name == "Ctrl-D")  // "Ctrl-D"
  }

  @Test func browseKeyBindings() {
    #expect(BrowseKeyBindings.action(for: .character("j"), in: .browsing) == .lineDown)
    #expect(BrowseKeyBindings.action(for: .character("j"), in: .searching) == nil)
    let first = BrowseKeyBindings.helpText.split(separator: "\n")[0]
    #expect(first == "  j k ↓ ↑              one line down, up")
  }

  @Test func helpOverlay() {
    #expect(
      HelpOverlay.lines(width: 80, height: 22)[1]
        == "             │ j k ↓ ↑        one line down, up                  │")
  }

  @Test func backdrop() {
    let lines = Backdrop.peek(height: 3, width: 40)  // the cow's top three lines, centred
    #expect(lines == Backdrop.cow.prefix(3).map { String(repeating: " ", count: 14) + $0 })
  }

  @Test func statusLineView() {
    let line = StatusLineView(left: ["dairy", "21 sections", "50 of 958 rows"], right: "? help")
      .line(width: 40, style: TextStyle(enabled: false))
    #expect(line == " dairy · 21 sections             ? help ")
  }

  @Test func scrollAnchor() {
    let anchor = ScrollAnchor(section: 2, line: 0)  // the top line is the third section's header
    #expect(anchor > .top && anchor.section == 2)
  }

  @Test func frameDiff() {
    let previous = BrowseFrame(lines: ["a", "b"])
    let frame = previous
    let bytes = FrameDiff.update(from: previous, to: frame)  // "" when nothing changed
    #expect(bytes == "")
    #expect(FrameDiff.update(from: previous, to: BrowseFrame(lines: ["a", "c"])) != "")
  }

  @Test func keyDecoder() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[B".utf8)) == [.down])  // [.down]
  }

  @Test func terminalLines() {
    #expect(Terminal.lines([String(repeating: "x", count: 100)], width: 80) == 2)  // 2
  }

  /// The examples that take over the terminal or end the process: compiled here, not run (a test
  /// run may well have a terminal, which they would take).
  @Test func examplesThatTakeTheTerminalCompile() {
    func browseSession(path: String) throws {
      let database = try DairyDatabase.open(path: path)
      try BrowseSession(database: database, filter: SectionFilter(search: "butter")).run()
    }
    func dieOf(session: BrowseSession) throws {
      if case .signal(let number) = try session.run() { Terminal.dieOf(signal: number) }
    }
    func terminalModes() throws {
      let modes = try TerminalModes.takeOver(mouse: true)
      defer { modes.restore() }
      _ = modes
    }
    func standardStream() {
      let out = StandardStream.output
      out.write("hello\n")
      out.flush()
    }
    _ = (browseSession, dieOf, terminalModes, standardStream)
  }
}
