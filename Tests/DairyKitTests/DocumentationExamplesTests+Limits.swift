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

/// The `///` examples of the limits, the paste-safe commands and the number ranges (see
/// ``DocumentationExamplesTests``).
@Suite("Documentation examples: limits, commands")
struct LimitsDocumentationExamplesTests {
  @Test func showOptionRanges() {
    #expect(ShowOption.width.range == 20...1000)
    #expect(ShowOption.width.problem(5) == "--width must be between 20 and 1000.")
    #expect(ShowCommandLine(width: 10).problem() == "--width must be between 20 and 1000.")
  }

  @Test func terminalWidth() {
    #expect(Terminal.columns(environment: ["COLUMNS": "120"]) == 120)
    #expect(Terminal.columns(environment: ["COLUMNS": "99999999999"]) == nil)
    #expect(throws: DairyError.self) {
      try Terminal(width: 5, widthSource: .columns).tableWidth(option: nil)
    }
  }

  @Test func saturatingArithmetic() {
    #expect(Int.max.addingSaturated(1) == Int.max)
    #expect((Int.max / 2).multipliedSaturated(by: 3) == Int.max)
    #expect(Int64.min.subtractingSaturated(1) == Int64.min)
  }

  @Test func proportion() {
    #expect(Proportion.of(0, from: -1e308, to: 1e308) == 0.5)
    #expect(Proportion.of(3, from: 3, to: 3) == nil)
  }

  @Test func sparkline() {
    #expect(Sparkline.render([-1e308, 0, 1e308]) == "▁▅█")
  }

  @Test func shellCommand() {
    let command = ShellCommand(["dairy", "show", "it's milk", "--since=-5"])
    #expect(command.description == "dairy show 'it'\\''s milk' --since=-5")
  }

  @Test func commandText() {
    let text = CommandText("next page:", ShellCommand(["dairy", "show", "--after", "2:1976"]))
    #expect(text.lines(width: 24) == ["next page: dairy show \\", "--after 2:1976"])
  }
}
