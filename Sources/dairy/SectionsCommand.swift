import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct SectionsCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "sections",
    abstract: "List every section: dataset, title, unit, years, rows, latest value and trend.",
    discussion: """
      Examples:
        dairy sections
        dairy sections cheese
        dairy sections --dataset fluidmilk
        dairy sections --stats
        dairy sections --format json
        dairy sections --place wisconsin --format csv

      --stats shows first and last value, the change over the span (absolute and in percent), \
      the compound annual growth rate (none for a series at or below zero), and from 110 columns \
      on the lowest and highest value, each with its year. JSON always has them.
      """)

  static let printed = "the sections"

  @Argument(
    help: ArgumentHelp(
      "List only sections whose title or place contains this text, any case (else whose "
        + "dataset's name does)."))
  var search: String?

  @Option(name: ShowOption.dataset.argumentName, help: ShowOption.dataset.argumentHelp)
  var dataset: String?

  @Option(name: ShowOption.place.argumentName, help: ShowOption.place.argumentHelp)
  var place: String?

  @Option(help: "table, json or csv (a line per section, its statistics in columns).")
  var format: SectionsFlow.Format = .table

  @Option(name: ShowOption.width.argumentName, help: ShowOption.width.argumentHelp)
  var width: Int?

  @Flag(help: "Show each section's statistics instead: first, last, change, CAGR, min, max.")
  var stats = false

  @OptionGroup var database: DatabaseOptions

  var request: SectionsFlow.Request {
    var request = SectionsFlow.Request(
      search: search, format: format, width: width, database: database.path)
    request.statistics = stats
    request.place = place
    request.dataset = dataset
    return request
  }

  func validate() throws {
    if let problem = request.problem { throw ValidationError(problem) }
  }

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      SectionsFlow.run(request, terminal: .current(), output: &output, errors: &errors))
  }
}

extension SectionsFlow.Format: ExpressibleByArgument {}
