import ArgumentParser
import DairyKit
import DairyModel
import DairyPresentation
import DairyTestSupport
import Testing

@testable import dairy

/// `dairy chart`'s hand parser against ArgumentParser: whatever the hand parser takes,
/// ArgumentParser must parse to the same request.
@Suite("chart quick parsing")
struct ChartQuickParsingTests {
  func parsedByArgumentParser(_ arguments: [String]) -> ChartRequest? {
    (try? DairyCommand.parseAsRoot(arguments) as? ChartCommand)?.request
  }

  @Test(arguments: [
    ["chart"],
    ["chart", "butter"],
    ["chart", "butter", "yogurt", "--since", "1990", "--until", "2000"],
    ["chart", "--section", "Butter", "--section", "Frozen yogurt", "--index", "--ascii"],
    [
      "chart", "cheese", "--width", "640", "--height", "400", "--format", "svg", "--db", "d.sqlite",
    ],
    ["chart", "--format", "json", "milk"],
    ["chart", "milk", "--zero", "--format", "svg"],
  ])
  func takesThePlainForms(_ arguments: [String]) throws {
    let quick = try #require(ChartRequest(quickParsing: arguments))
    #expect(quick == parsedByArgumentParser(arguments))
  }

  @Test(arguments: [
    ["chart", "--help"], ["chart", "-h"], ["show"], ["chart", "--", "-x"],
    ["chart", "--width", "5"], ["chart", "--width"], ["chart", "--width", "w"],
    ["chart", "--since", "2000", "--since", "2001"], ["chart", "--index", "--index"],
    ["chart", "--format", "png"], ["chart", "--db=d.sqlite"], ["chart", "--nope", "1"],
    ["chart", "--since", "-5"], ["chart", "--since", "2010", "--until", "2000"],
  ])
  func leavesEverythingElseToArgumentParser(_ arguments: [String]) {
    #expect(ChartRequest(quickParsing: arguments) == nil)
  }

  @Test func takesEveryOptionOfChart() throws {
    let samples = [
      "--section": "Butter", "--since": "2000", "--until": "2010", "--width": "100",
      "--height": "30", "--format": "json", "--db": "d.sqlite", "--ascii": "milk",
      "--index": "milk", "--place": "Wisconsin", "--zero": "milk", "--dataset": "fluidmilk",
    ]
    let help = DairyCommand.helpMessage(for: ChartCommand.self, columns: 200)
    let options = Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
      .subtracting(["--help", "--version"])
    #expect(options == Set(samples.keys), "an option of chart without a sample here")
    for option in options {
      let line = ["chart", option, samples[option] ?? ""]
      let quick = try #require(ChartRequest(quickParsing: line), "\(option)")
      #expect(quick == parsedByArgumentParser(line))
    }
  }
}
