import ArgumentParser
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
@testable import dairy

/// Each whole-number option has a range, declared once with it (``ShowOption/range``): both
/// parsers and every command that takes the option refuse a value outside with a usage error
/// that names the range, and `$COLUMNS`/`$LINES` outside theirs are ignored.
@Suite("Option ranges")
struct OptionRangesTests {
  /// What ArgumentParser says of a command line: nil when it parses, else its message.
  func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try DairyCommand.parseAsRoot(arguments)
      return nil
    } catch {
      return DairyCommand.message(for: error)
    }
  }

  @Test func everyWholeNumberOptionHasARangeAtBothEnds() throws {
    let ranged = ShowOption.allCases.filter { $0.range != nil }
    #expect(ranged == [.since, .until, .pageSize, .decimals, .width, .height, .page])
    for option in ranged {
      let range = try #require(option.range)
      let flag = try #require(option.flag)
      let inside = [range.lowerBound, range.upperBound]
      let outside =
        [range.lowerBound.subtractingSaturated(1), range.upperBound.addingSaturated(1)]
        .filter { !range.contains($0) } + [Int64.min]
      for value in inside {
        // Both ends are taken, by both parsers
        #expect(option.problem(value) == nil)
        #expect(refusal(["show", "\(flag)=\(value)"]) == nil, "\(flag)=\(value)")
      }
      for value in outside {
        let problem = try #require(option.problem(value), "\(flag) \(value)")
        #expect(problem.hasPrefix(flag + " must be "))
        #expect(problem.contains(String(range.lowerBound)))
        // ArgumentParser refuses it with the same words, and the hand parser leaves it
        #expect(refusal(["show", "\(flag)=\(value)"]) == problem, "\(flag)=\(value)")
        #expect(ShowCommandLine(quickParsing: ["show", "\(flag)=\(value)"]) == nil)
      }
    }
  }

  @Test func theIssuesValuesAreUsageErrorsThatNameTheLimit() {
    #expect(
      refusal(["show", "--page-size", "9223372036854775807"])
        == "--page-size must be between 1 and 100000.")
    #expect(
      refusal(["show", "--width", "4611686018427387904"])
        == "--width must be between 20 and 1000.")
    #expect(refusal(["show", "--height", "1000000000"]) == "--height must be between 1 and 1000.")
    #expect(refusal(["show", "--page", "0"]) == "--page must be at least 1.")
    // A page past any data is not an error: the page says it is past the end
    #expect(refusal(["show", "--page", "1000000000000000000"]) == nil)
    // The other commands take the same options with the same ranges
    #expect(refusal(["sections", "--width", "19"]) == "--width must be between 20 and 1000.")
    #expect(
      refusal(["browse", "--page-size", "100001"]) == "--page-size must be between 1 and 100000.")
    #expect(
      refusal(["browse", "--since=-9007199254740993"])
        == "--since must be between -9007199254740992 and 9007199254740992.")
  }

  @Test func theFlowsRefuseWhatTheParsersRefuse() {
    // A library caller gets the same usage error from each flow
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      ShowCommandLine(width: 5000), terminal: Terminal(), output: &output, errors: &errors,
      open: { throw DairyError(.database, "not opened") })
    #expect(status == 64)
    #expect(errors == "dairy: error: --width must be between 20 and 1000.\n")
    #expect(SectionsFlow.Request(width: 1001).problem == "--width must be between 20 and 1000.")
    #expect(BrowseFlow.Request(pageSize: 0).problem == "--page-size must be between 1 and 100000.")
    var browseErrors = ""
    #expect(
      BrowseFlow.run(BrowseFlow.Request(pageSize: 0), terminal: Terminal(), errors: &browseErrors)
        == .exited(64))
  }

  @Test func columnsAndLinesOutOfRangeAreIgnored() {
    for text in ["99999999999", "1001", "0", "-5", "abc", "", " 80"] {
      #expect(Terminal.columns(environment: ["COLUMNS": text]) == nil, "\(text)")
      #expect(Terminal.lines(environment: ["LINES": text]) == nil, "\(text)")
    }
    #expect(Terminal.columns(environment: ["COLUMNS": "1000"]) == 1000)
    #expect(Terminal.columns(environment: ["COLUMNS": "5"]) == 5)
    #expect(Terminal.lines(environment: ["LINES": "40"]) == 40)
    #expect(Terminal.columns(environment: [:]) == nil)
  }

  @Test func aNarrowColumnsIsRefusedLikeANarrowWidth() throws {
    // Given COLUMNS=5 (or a terminal 5 columns wide), when a table is drawn, then it is refused
    let columns = Terminal(width: 5, widthSource: .columns)
    #expect(throws: DairyError.self) { try columns.tableWidth(option: nil) }
    #expect(try columns.tableWidth(option: 80) == 80)
    #expect(try Terminal(width: 20, widthSource: .columns).tableWidth(option: nil) == 20)
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      ShowCommandLine(), terminal: columns, output: &output, errors: &errors,
      open: { throw DairyError(.database, "not opened") })
    #expect(status == 64)
    #expect(
      errors
        == "dairy: error: COLUMNS is 5, narrower than the 20 columns a table needs; pass --width "
        + "(20 to 1000) or unset COLUMNS\n")
    var sectionsErrors = ""
    let sections = SectionsFlow.run(
      SectionsFlow.Request(), terminal: Terminal(width: 12, widthSource: .terminal),
      output: &output, errors: &sectionsErrors, open: { throw DairyError(.database, "no") })
    #expect(sections == 64)
    #expect(sectionsErrors.contains("the terminal is 12 columns wide, narrower than the 20"))
    // And where no table is drawn, the width does not matter
    let json = ShowFlow.run(
      ShowCommandLine(format: .json), terminal: columns, output: &output, errors: &errors,
      open: { throw DairyError(.database, "opened") })
    #expect(json == 74)
  }

  @Test func sizesPastTheLargestAreDrawnAtTheLargest() {
    #expect(Viewport(width: .max, height: .max) == Viewport(width: 1000, height: 1000))
    let state = BrowseState(width: 70_000, height: .max)
    #expect(state.width == 1000 && state.height == 1000)
  }
}
