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

/// The browse keys are declared once (BrowseKeyBindings): the handler, the `?` overlay,
/// `dairy browse --help` and the key table of docs/commands/browse.md all come from the
/// declaration.
@Suite("Browse key bindings")
struct BrowseKeyBindingsTests {
  static let page = TestSupport.repositoryRoot.appendingPathComponent("docs/commands/browse.md")

  @Test func thePagesTableIsTheDeclaration() throws {
    // Given the key table of browse's page
    let text = try String(contentsOf: Self.page, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("| key | does |") })
    let table = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")

    // Then it is the table the declaration writes (paste this into the page when keys change)
    #expect(table == BrowseKeyBindings.markdownTable, "\n\(BrowseKeyBindings.markdownTable)\n")
  }

  @Test func aKeyDoesOneThingInEachMode() {
    for mode in [BrowseKeyBindings.Modes.browsing, .searching, .helpShown, .charting] {
      var seen: [BrowseKey: BrowseAction] = [:]
      for line in BrowseKeyBindings.lines {
        for binding in line.bindings where binding.modes.contains(mode) {
          #expect(seen[binding.key] == nil, "\(binding.key) is bound twice in \(mode)")
          seen[binding.key] = binding.action
        }
      }
    }
  }

  @Test func everyActionHasAKeyAndTheSearchLineTypesCharacters() {
    let bound = Set(BrowseKeyBindings.lines.flatMap { $0.bindings.map(\.action) })
    let all: [BrowseAction] = [
      .lineDown, .lineUp, .wheelDown, .wheelUp, .screenDown, .screenUp, .halfScreenDown,
      .halfScreenUp, .top, .bottom, .openSearch, .keepSearch, .clearSearch, .deleteBackward,
      .clearSearchText, .retry, .widenRange, .showHelp, .redraw, .suspend, .quit, .toggleChart,
      .chartSearch, .closeChart, .toggleChange, .back,
    ]
    #expect(Set(all) == bound)
    // No character is bound in the search line, so that every one can be typed
    for line in BrowseKeyBindings.lines {
      for binding in line.bindings where binding.modes.contains(.searching) {
        if case .character = binding.key { Issue.record("\(binding.key) is bound in the search") }
      }
    }
  }

  @Test func theOverlayAndTheHelpTextListTheDeclaredKeys() {
    let overlay = HelpOverlay.lines(width: 80, height: 40).joined(separator: "\n")
    let help = BrowseKeyBindings.helpText
    for line in BrowseKeyBindings.lines {
      #expect(help.contains(line.keys + " ") && help.contains(line.meaning))
      #expect(overlay.contains(line.keys + " ") == line.inOverlay, "\(line.keys)")
    }
    #expect(BrowseKeyBindings.lines[0].keys == "j k ↓ ↑")
    #expect(BrowseKeyBindings.lines[5].keys == "wheel")
  }

}
