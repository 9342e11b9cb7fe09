import ArgumentParser
import DairyKit
import DairyModel
import DairyPresentation
import DairyTestSupport
import Testing

@testable import dairy

/// `dairy show`'s hand parser (``ShowCommandLine/init(quickParsing:)``) against ArgumentParser:
/// whatever the hand parser takes, ArgumentParser must parse to the same values.
@Suite("show quick parsing")
struct ShowQuickParsingTests {
  /// What ArgumentParser makes of a line, or nil when it refuses it (or it is not `show`).
  func parsedByArgumentParser(_ arguments: [String]) -> ShowCommandLine? {
    (try? DairyCommand.parseAsRoot(arguments) as? ShowCommand)?.options.commandLine
  }

  @Test(arguments: [
    ["show"],
    ["show", "cheese"],
    ["show", "cheese", "--since", "2000"],
    ["show", "--page", "3", "--page-size", "20"],
    ["show", "butter", "--format", "json"],
    ["show", "--width", "80", "--height", "24", "--db", "d.sqlite", "--after", "2:1976@v1"],
    ["show", "--db=d.sqlite", "--format=csv", "--until=1999", "milk"],
    ["show", "--since", "1990", "--until", "1990"],
    ["show", "--change", "butter", "--since", "2000"],
    ["show", "cheese", "--wide", "--format", "csv", "--no-pager"],
    ["show", "", "--db", ""],
    // The forms the printed commands use for values and searches that start with `-`
    ["show", "--", "-cheese"],
    ["show", "--since=-5", "--until=-1", "--db=-d.sqlite", "--", "-"],
  ])
  func takesThePlainForms(_ arguments: [String]) throws {
    let quick = try #require(ShowCommandLine(quickParsing: arguments))
    #expect(quick == parsedByArgumentParser(arguments))
  }

  @Test(arguments: [
    ["show", "--help"], ["show", "-h"], ["help", "show"], ["--version"], ["browse"], [],
    ["show", "--generate-completion-script", "bash"],
    ["show", "a", "b"],
    ["show", "--", "a", "b"],
    ["show", "a", "--", "b"],
    ["show", "--"],
    ["show", "--page"],
    ["show", "--page", "0"],
    ["show", "--page", "2", "--page", "3"],
    ["show", "--page", "2", "--after", "1:2000"],
    ["show", "--since", "2010", "--until", "2000"],
    ["show", "--since", "-5"],
    ["show", "--format", "yaml"],
    ["show", "--width", "10"],
    ["show", "--decimals", "13"],
    ["show", "--decimals", "-1"],
    ["show", "--after", "soon"],
    ["show", "--change=yes"],
    ["show", "--change", "--change"],
    ["show", "--wide", "--page-size", "20"],
    ["show", "--wide", "--by", "place"],
    ["show", "--no-pager=yes"],
    ["show", "--nope", "1"],
    // ArgumentParser reads `--db=` as `--db` and takes the next word as its value.
    ["show", "--db=", "a=b"],
  ])
  func leavesEverythingElseToArgumentParser(_ arguments: [String]) {
    #expect(ShowCommandLine(quickParsing: arguments) == nil)
  }

  /// Every option that `dairy show --help` lists, with a value it takes.
  static let samples = [
    "--since": "2000", "--until": "2010", "--page-size": "20", "--page": "2",
    "--after": "3:1999@v1", "--place": "Wisconsin", "--dataset": "fluidmilk", "--period": "2020-03",
    "--by": "place",
    "--format": "json", "--width": "100", "--height": "30", "--db": "d.sqlite", "--decimals": "2",
    // A flag: its "value" is the search that follows it.
    "--change": "butter", "--wide": "cheese", "--no-pager": "milk",
  ]

  @Test func takesEveryOptionOfShow() throws {
    // Given every option that `dairy show --help` lists, with a value it takes
    let samples = Self.samples
    let help = DairyCommand.helpMessage(for: ShowCommand.self, columns: 200)
    let options = Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
      .subtracting(["--help", "--version"])
    #expect(options == Set(samples.keys), "an option of show without a sample here")
    for option in options {
      // When the hand parser reads it, then it takes it as ArgumentParser does
      let line = ["show", option, samples[option] ?? ""]
      let quick = try #require(
        ShowCommandLine(quickParsing: line), "\(option) is not in the hand parser")
      #expect(quick == parsedByArgumentParser(line))
    }
  }

  @Test func printedCommandsReadBackAsTheSameCommandLine() throws {
    // Given command lines with each option of the table set, then all of them
    var lines: [ShowCommandLine] = [ShowCommandLine()]
    for (option, sample) in Self.samples {
      lines.append(try #require(ShowCommandLine(quickParsing: ["show", option, sample])))
    }
    var all = ShowCommandLine(
      search: "cheese", since: 1990, until: 2000, pageSize: 20, format: .csv, width: 100,
      height: 30, database: "d.sqlite")
    lines.append(all)
    all.start = .after(PageCursor(section: 3, year: 1999, version: 7))
    lines.append(all)

    // When the command a footer would print is read back by the hand parser
    for line in lines {
      let words = line.description.split(separator: " ").dropFirst().map(String.init)

      // Then it is the same command line
      #expect(ShowCommandLine(quickParsing: words) == line, "\(line.description)")
    }
  }

  @Test func agreesWithArgumentParserOnGeneratedLines() {
    // Given lines built from show's options, each with a good or a bad value, in either form,
    // in any order, with now and then a search, a second search or a stray token, and at the
    // end a search after `--` (as the printed commands spell one that starts with `-`)
    let options: KeyValuePairs<String, [String]> = [
      "--since": [
        "1975", "2000", "2022", "0", "-5", "+7", "007", "1e3", "99999999999999999999", "x",
      ],
      "--until": ["1975", "1999", "2022", "-1", " 8", "y"],
      "--page-size": ["1", "20", "50", "0", "-2", "big"],
      "--page": ["1", "3", "0", "-1", "two"],
      "--after": ["12:1999@v3", "2:1976@v0", "12:1999", "0:0", "x:1", "12", "", "1:2@v", "1:2@3"],
      "--format": ["table", "json", "csv", "JSON", "yaml", ""],
      "--width": ["80", "20", "19", "200", "-80", "w"],
      "--height": ["24", "1", "0", "h"],
      "--db": ["d.sqlite", "a=b.sqlite", "", "-", "é.sqlite", "-d.sqlite", "--"],
      "--since=-": ["5", "x", ""],
    ]
    let strays = ["--help", "-h", "--", "--nope", "--version", "-5", "--since", "--db"]
    let searches = ["cheese", "Butter", "", "show", "a=b", "é"]
    var generator = SplitMix64(seed: 20261123)
    var accepted = 0
    for _ in 0..<1000 {
      var tokens: [[String]] = []
      for (name, values) in options.shuffled(using: &generator).prefix(generator.int(0...4)) {
        let value = generator.element(values)
        tokens.append(generator.chance(1, in: 3) ? ["\(name)=\(value)"] : [name, value])
      }
      if generator.chance(1, in: 2) { tokens.append([generator.element(searches)]) }
      if generator.chance(1, in: 8) { tokens.append([generator.element(searches)]) }
      if generator.chance(1, in: 8) { tokens.append([generator.element(strays)]) }
      var line = ["show"] + tokens.shuffled(using: &generator).flatMap { $0 }
      if generator.chance(1, in: 6) {
        line +=
          ["--"]
          + [generator.element(searches + ["-x", "-", "--", "-5", "--since"])]
          .prefix(generator.int(0...2))
      }
      // When the hand parser takes it
      guard let quick = ShowCommandLine(quickParsing: line) else { continue }
      accepted += 1
      // Then ArgumentParser parses it to the same values
      #expect(quick == parsedByArgumentParser(line), "\(line)")
    }
    // The generator reaches the hand parser often enough for the comparison to mean something.
    #expect(accepted > 200, "only \(accepted) of 1000 lines were plain")
  }
}
