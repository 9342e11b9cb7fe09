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

/// `dairy chart` as the binary runs it, on the bundled data, with the terminal's facts fixed.
@Suite("Chart flow")
struct ChartFlowTests {
  /// A database holding the bundled tables (made by `dairy init`).
  static let database: String = {
    let path = try! TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    var output = ""
    var errors = ""
    _ = InitFlow.run(database: path, empty: false, output: &output, errors: &errors)
    return path
  }()

  func chart(_ request: ChartRequest, terminal: Terminal = Terminal()) -> (Int32, String, String) {
    var request = request
    request.database = Self.database
    var output = ""
    var errors = ""
    let status = ChartFlow.run(request, terminal: terminal, output: &output, errors: &errors)
    return (status, output, errors)
  }

  @Test func offATerminalTheChartIs80By24WithTheDatasetTitleAndMarks() {
    let (status, output, errors) = chart(ChartRequest(searches: ["fluid beverage"]))
    #expect(status == 0 && errors == "")
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 24)
    #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 80 })
    #expect(lines[0].hasPrefix("Dairy products: per capita consumption"))
    #expect(output.contains("Fluid beverage milk"))
    #expect(!output.contains("\u{1B}["))
  }

  @Test func onATerminalItFillsTheScreenLessThePromptInColour() {
    let screen = Terminal(isTerminal: true, width: 100, height: 30, wantsColor: true)
    let (status, output, _) = chart(ChartRequest(searches: ["butter"]), terminal: screen)
    #expect(status == 0)
    #expect(output.split(separator: "\n", omittingEmptySubsequences: false).count == 29 + 1)
    #expect(output.contains("\u{1B}["))
  }

  @Test func oneSectionListsItsNotesUnderTheLegend() throws {
    let notes = try #require(
      try DairyDatabase.open(path: Self.database).read { try $0.sections() }
        .first { $0.notes?.isEmpty == false })
    let (_, output, _) = chart(
      ChartRequest(sections: [notes.title], width: 120, height: 40))
    let firstWords = String(notes.notes!.prefix(20))
    #expect(output.contains(firstWords))
  }

  @Test func searchesAndTitlesAddUp() throws {
    let (_, json, _) = chart(
      ChartRequest(searches: ["yogurt"], sections: ["BUTTER"], format: .json))
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let titles = (document["series"] as! [[String: Any]]).map { $0["title"] as! String }
    #expect(titles.count == 3)
    #expect(titles.contains("Butter"))
    #expect(titles.filter { $0.lowercased().contains("yogurt") }.count == 2)
  }

  @Test func theYearRangeIsCutAndNamedWithRealYears() throws {
    // Butter and dry buttermilk (per capita, to 2022), buttermilk sales (fluidmilk, to 2023)
    let (_, json, _) = chart(ChartRequest(searches: ["butter"], since: 2000, format: .json))
    #expect(json.contains(#""years":{"from":2000,"to":2023}"#))
    let (_, text, _) = chart(ChartRequest(searches: ["butter"], since: 2030))
    #expect(text.contains("No data to chart in 2030–2030."))
  }

  @Test func anUnknownSectionIsAUsageErrorWithCloseTitles() {
    let (status, output, errors) = chart(ChartRequest(sections: ["Buter"]))
    #expect(status == 64 && output == "")
    #expect(
      errors
        == "dairy: error: --section \"Buter\" names no section (did you mean \"Butter\", "
        + "\"Dry buttermilk\", \"Buttermilk\"?); `dairy sections` lists every title.\n")
  }

  /// A chart that matches nothing is a usage error in every format, one line on standard
  /// error, with the close titles suggested; nothing on standard output (no empty "Chart").
  @Test(arguments: ChartRequest.Format.allCases)
  func noMatchIsAUsageErrorInEveryFormat(format: ChartRequest.Format) {
    let (status, output, errors) = chart(ChartRequest(searches: ["zzz"], format: format))
    #expect(status == 64 && output == "")
    #expect(
      errors == "dairy: error: no section matches \"zzz\"; `dairy sections` lists every title\n")
    let (typo, none, suggested) = chart(ChartRequest(searches: ["chese"], format: format))
    #expect(typo == 64 && none == "")
    #expect(suggested.hasPrefix("dairy: error: no section matches \"chese\" (did you mean "))
    #expect(suggested.contains("cheese") && suggested.hasSuffix("lists every title\n"))
    #expect(suggested.split(separator: "\n").count == 1)
  }

  /// Six units in 24 lines: the panels that fit at least 4 rows each are drawn, and the rest
  /// named on standard error with the height that draws them all.
  @Test func panelsThatDoNotFitAreNamedOnStandardError() throws {
    let (status, output, errors) = chart(ChartRequest(height: 24))
    #expect(status == 0)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 24)
    let panels = try DairyDatabase.open(path: Self.database).read { try $0.sections() }
      .reduce(into: [String]()) { units, info in
        let unit = info.unit ?? Chart.noUnit
        if !units.contains(where: { Chart.sameUnit($0, unit) }) { units.append(unit) }
      }
    try #require(panels.count > 3)
    #expect(
      errors.hasPrefix(
        "dairy: drew 3 of \(panels.count) panels (one a unit; at 24 lines a panel has at least 4 "
          + "rows); left out: \(panels[3])"), "\(errors)")
    #expect(errors.contains("--height \(ChartLayout.minimumHeight(panels: panels.count)) draws"))
    #expect(errors.split(separator: "\n").count == 1)
    let (_, _, tall) = chart(
      ChartRequest(height: ChartLayout.minimumHeight(panels: panels.count)))
    #expect(tall == "")
  }

  @Test(arguments: [
    (ChartRequest(width: 19), "--width must be between 20 and 1000."),
    (ChartRequest(height: 6), "--height must be between 7 and 1000."),
    (ChartRequest(height: 1001), "--height must be between 7 and 1000."),
    (
      ChartRequest(width: 100, format: .svg),
      "--width must be between 320 and 8000 (pixels, with --format svg)."
    ),
    (ChartRequest(since: 2000, until: 1990), "--since 2000 is after --until 1990."),
  ])
  func optionRangesAreUsageErrors(request: ChartRequest, message: String) {
    #expect(request.problem() == message)
    let (status, output, errors) = chart(request)
    #expect(status == 64 && output == "" && errors == "dairy: error: \(message)\n")
  }

  @Test func svgIsAnImageOfTheRequestedSize() {
    let (status, svg, _) = chart(
      ChartRequest(searches: ["yogurt"], width: 640, height: 400, format: .svg))
    #expect(status == 0)
    #expect(svg.hasPrefix("<?xml") && svg.contains("width=\"640\""))
    #expect(svg.contains("Frozen yogurt"))
  }

  @Test func aLockedDatabaseSaysRunItAgainWithStatus75() {
    var output = ""
    var errors = ""
    let locked = DairyError(.busy, "d.sqlite is locked by another process (database is locked)")
    let status = ChartFlow.run(
      ChartRequest(searches: ["butter"]), terminal: Terminal(), output: &output, errors: &errors,
      open: { throw locked })
    #expect(status == 75 && output == "")
    #expect(errors == "dairy: error: \(locked.message)\n" + ChartFlow.retryAdvice + "\n")
  }
}
