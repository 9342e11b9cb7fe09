import ArgumentParser
import DairyKit

struct ImportCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import CSV files (wide or long) into the database, all or nothing.",
    discussion: """
      Wide files have a year column, then one column per series; long files have a year column, \
      one value column and text columns that name the series. Each file becomes the dataset named \
      after its stem (or --dataset); importing a dataset again replaces it.

      A sidecar STEM.metadata.json next to a file gives each series its title, unit, group and \
      notes.

      Fields are separated by commas, semicolons or tabs, whichever splits the first lines \
      evenly (or --separator). Files are UTF-8, or UTF-16 with a byte-order mark, or in the \
      --encoding given.

      Examples:
        dairy import Data/per_capita_consumption_1975-2022.csv
        dairy import milk.csv --format long --section-column state
        dairy import a.csv b.csv --dataset survey --na "(D)"
        dairy import export.csv --encoding windows-1252
      """)

  static let printed = "the import summary"

  @Argument(help: ArgumentHelp("The CSV files to import.", valueName: "file"))
  var files: [String]

  @Option(help: "The dataset to import into (default: each file's stem).")
  var dataset: String?

  @Option(help: "The file's shape: auto, wide or long.")
  var format: ImportOptions.Format = .auto

  @Option(help: "The unit of series that get none from metadata or a unit column.")
  var unit: String?

  @Option(
    help: ArgumentHelp(
      "A metadata JSON file (default: STEM.metadata.json beside each file).", valueName: "file"))
  var metadata: String?

  @Option(
    name: .customLong("na"),
    help: ArgumentHelp("Another text that marks a missing value (repeatable).", valueName: "text"))
  var missingMarkers: [String] = []

  @Option(
    name: .customLong("section-column"),
    help: ArgumentHelp(
      "Long format: a column that names the series (repeatable).", valueName: "name"))
  var sectionColumns: [String] = []

  @Option(
    name: .customLong("year-column"),
    help: ArgumentHelp("The year column, if it is not called year.", valueName: "name"))
  var yearColumn: String?

  @Option(
    name: .customLong("value-column"),
    help: ArgumentHelp("Long format: the value column.", valueName: "name"))
  var valueColumn: String?

  @Option(
    name: .customLong("notes-column"),
    help: ArgumentHelp("Long format: the notes column.", valueName: "name"))
  var notesColumn: String?

  @OptionGroup var reading: ReadingOptions

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var options = ImportOptions()
    options.format = format
    options.dataset = dataset
    options.unit = unit
    options.metadataPath = metadata
    options.extraMissingMarkers = missingMarkers
    options.sectionColumns = sectionColumns
    options.yearColumn = yearColumn
    options.valueColumn = valueColumn
    options.notesColumn = notesColumn
    reading.apply(to: &options)
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      ImportFlow.run(
        files, options: options, database: database.path, terminal: .current(),
        output: &output, errors: &errors))
  }
}

extension ImportOptions.Format: ExpressibleByArgument {}
