import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct ChartCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "chart",
    abstract: "Draw a line chart of sections: braille in a terminal, or SVG or JSON.",
    discussion: """
      Every section whose title contains a SEARCH (or is named by --section) is one line; with \
      neither, every section. Sections of different units are drawn in panels, one per unit, \
      unless --index rebases each to 100 at its first year; panels that do not fit at least 4 \
      rows each are left out and named on standard error. Each value axis spans the data's \
      range, rounded (--zero starts it at zero). Missing years break a line. Colour on a \
      terminal; with NO_COLOR or off a terminal each line has its own mark.

      Exit codes: 0 drawn; 64 a bad option, an unknown --section, or nothing matches (close \
      titles are suggested); 74 the database or the \
      output failed; 75 the database is locked by another process (run the same command again).

      Examples:
        dairy chart butter
        dairy chart yogurt --since 1980
        dairy chart "milk per cow" --zero
        dairy chart --section Butter --section "American cheese" --index
        dairy chart cheese --format svg > cheese.svg
      """)

  static let printed = "the chart"

  @Argument(
    help: ArgumentHelp(
      "Chart sections whose title or place contains this text, any case (else whose dataset's "
        + "name does; repeatable)."))
  var searches: [String] = []

  @Option(
    name: .customLong("section"),
    help: ArgumentHelp(
      "Chart the section with this title (any case; repeatable).", valueName: "title"))
  var sections: [String] = []

  @Option(
    name: ShowOption.since.argumentName,
    help: "The first period charted: a year, a quarter (2020-Q1) or a month (2020-03).")
  var since: PeriodBound?

  @Option(name: ShowOption.until.argumentName, help: "The last period charted.")
  var until: PeriodBound?

  @Option(
    name: ShowOption.width.argumentName,
    help: ArgumentHelp(
      "Columns, \(ChartRequest.textWidths.lowerBound) to \(ChartRequest.textWidths.upperBound) "
        + "(default: the terminal's, else $COLUMNS, else 80); SVG: pixels.",
      valueName: "w"))
  var width: Int?

  @Option(
    name: ShowOption.height.argumentName,
    help: ArgumentHelp(
      "Lines, \(ChartRequest.textHeights.lowerBound) to \(ChartRequest.textHeights.upperBound) "
        + "(default: the terminal's less one, else 24); SVG: pixels.",
      valueName: "h"))
  var height: Int?

  @Flag(help: "Draw with ASCII marks instead of braille dots.")
  var ascii = false

  @Flag(help: "Rebase every section to 100 at its first year in range, on one axis.")
  var index = false

  @Flag(help: "Start every value axis at zero (by default it spans the data's range).")
  var zero = false

  @Option(help: "text, svg or json.")
  var format: ChartRequest.Format = .text

  @Option(name: ShowOption.place.argumentName, help: ShowOption.place.argumentHelp)
  var place: String?

  @Option(name: ShowOption.dataset.argumentName, help: ShowOption.dataset.argumentHelp)
  var dataset: String?

  @OptionGroup var database: DatabaseOptions

  var request: ChartRequest {
    var request = ChartRequest(
      searches: searches, sections: sections, since: since, until: until, width: width,
      height: height, marks: ascii ? .ascii : .braille, index: index, format: format,
      database: database.path)
    request.place = place
    request.zero = zero
    request.dataset = dataset
    return request
  }

  func validate() throws {
    if let problem = request.problem() { throw ValidationError(problem) }
  }

  func run() throws {
    try finish(Self.chart(request))
  }

  /// Draws the chart on the process's standard streams; returns the exit status.
  static func chart(_ request: ChartRequest) -> Int32 {
    var output = StandardStream.output
    var errors = StandardStream.error
    return ChartFlow.run(request, terminal: .current(), output: &output, errors: &errors)
  }
}

extension ChartRequest.Format: ExpressibleByArgument {}
