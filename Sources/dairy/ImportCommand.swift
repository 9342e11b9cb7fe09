import ArgumentParser
import DairyKit
import DairyTerminal

struct ImportCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import CSV files (wide, long, or USDA tables as published) into the database.",
    discussion: """
      Wide files have a year column, then one column per series; long files have a year column, \
      one value column and text columns that name the series; reports (USDA tables as \
      published) have title rows, stacked header rows, years down or across and a notes block. \
      Each file becomes the dataset named after its stem (or --dataset). An import that would \
      replace a dataset is refused (exit 73, nothing written), saying what the dataset holds, \
      where it came from and what the new file lacks of it; --replace replaces it, --dataset \
      imports under another name. Importing the very same bytes again changes nothing. All \
      files land, or none.

      A sidecar STEM.metadata.json next to a file gives each series its title, unit, group, \
      notes and link. `dairy inspect` shows how a file will be read, with the same options.

      Fields are separated by commas, semicolons or tabs, whichever splits the first lines \
      evenly (or --separator). Files are UTF-8, or UTF-16 with a byte-order mark, or in the \
      --encoding given.

      Examples:
        dairy import Data/per_capita_consumption_1975-2022.csv
        dairy import milk.csv --format long --section-column state
        dairy import east.csv west.csv --dataset cows --na "(D)"
        dairy import excel.csv --encoding windows-1252
        dairy import milk_prod.csv --format report --data-rows 5-75
        dairy import annualmilkprodfactors.csv --replace
      """)

  static let printed = "the import summary"
  static let doneAllTheSame: String? =
    "the import itself is committed (`dairy sections` lists what it holds)"

  @Argument(
    help: ArgumentHelp(
      "The files to import: CSV, Excel workbooks (.xlsx) or backups from dairy export.",
      valueName: "file"))
  var files: [String]

  @Option(help: "The file's shape: auto, wide, long or report.")
  var format: ImportOptions.Format = .auto

  @OptionGroup var reading: ReadingOptions

  @Flag(help: "Replace the datasets of these names that exist (default: refuse, and say so).")
  var replace = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var options = try reading.importOptions()
    options.format = format
    options.replace = replace
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      ImportFlow.run(
        files, options: options, database: database.path, terminal: .current(),
        output: &output, errors: &errors))
  }
}

extension ImportOptions.Format: ExpressibleByArgument {}
