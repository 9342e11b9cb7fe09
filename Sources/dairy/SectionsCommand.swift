import ArgumentParser
import DairyKit

struct SectionsCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "sections",
    abstract: "List every section: dataset, title, unit, years, rows, latest value and trend.",
    discussion: """
      Examples:
        dairy sections
        dairy sections cheese
        dairy sections --format json
      """)

  static let printed = "the sections"

  @Argument(help: "List only sections whose title contains this text (any case).")
  var search: String?

  @Option(help: "table or json.")
  var format: SectionsFlow.Format = .table

  @Option(name: ShowOption.width.argumentName, help: ShowOption.width.argumentHelp)
  var width: Int?

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    let request = SectionsFlow.Request(
      search: search, format: format, width: width, database: database.path)
    try finish(
      SectionsFlow.run(request, terminal: .current(), output: &output, errors: &errors))
  }
}

extension SectionsFlow.Format: ExpressibleByArgument {}
