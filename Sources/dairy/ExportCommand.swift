import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct ExportCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every section and observation, losslessly, as JSON or CSV.",
    discussion: """
      JSON keeps everything (titles, units, groups, notes, exact amounts); CSV is the long format \
      \(csvColumns), which dairy import reads back (all but \
      display decimals, missing cells and what a dataset says of itself). datasette writes \
      the metadata.json that describes the database to Datasette (titles, sources, licence, \
      units, notes).

      Examples:
        dairy export > dairy.json
        dairy export --format csv > dairy.csv
        dairy export --dataset fluidmilk > fluidmilk.json
        dairy export --format datasette > metadata.json
        datasette ~/.local/share/dairy/dairy.sqlite --metadata metadata.json
      """)

  static let printed = "the export"

  /// The CSV export's columns, as its header names them.
  static let csvColumns = LongFormatCSV.header(
    for: Observation.self, describing: LongFormatCSV.describingFields
  )
  .trimmingCharacters(in: .newlines)

  @Option(help: "json, csv, or datasette (the metadata.json for Datasette).")
  var format: ExportFormat = .json

  @Option(
    help: ArgumentHelp(
      "Export this dataset alone (its name, as dairy datasets lists it).", valueName: "name"))
  var dataset: String?

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      ExportFlow.run(
        format: format, database: database.path, dataset: dataset, terminal: .current(),
        output: &output, errors: &errors))
  }
}

extension ExportFormat: ExpressibleByArgument {}
