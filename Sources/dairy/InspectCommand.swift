import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct InspectCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show how files will be read, without importing them.",
    discussion: """
      Per dataset (and the sheet it is, in a workbook): its title, unit, source, last update, \
      the rows of each block (title, header, unit, data, notes), one line per series (where: \
      col and line in a CSV file, column and row in a sheet; title, group, unit, footnotes, \
      years, rows, missing cells), the footnotes and every warning; then the warnings of the \
      file itself (a skipped sheet). It takes import's options, so that what it shows is what \
      an import with them would do. A backup (dairy export's JSON) is shown dataset by dataset, \
      a line per section, and then which datasets of the database (--db) it would replace.

      --format is given once for the output (table or json) and once for the layout (auto, \
      wide, long or report).

      Examples:
        dairy inspect milk_prod.csv
        dairy inspect fluidmilk.xlsx --format json
        dairy inspect milk_prod.csv --format report --header-rows 2-3 --data-rows 5-75
      """)

  static let printed = "the inspection"

  @Argument(
    help: ArgumentHelp(
      "The files to inspect: CSV, Excel workbooks (.xlsx) or backups (JSON).", valueName: "file"))
  var files: [String]

  @Option(
    parsing: .singleValue,
    help: ArgumentHelp(
      "table or json; and auto, wide, long or report (the layout).", valueName: "format"))
  var format: [String] = []

  @Option(name: ShowOption.width.argumentName, help: ShowOption.width.argumentHelp)
  var width: Int?

  @OptionGroup var reading: ReadingOptions

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var request = InspectFlow.Request(files: files, options: try reading.importOptions())
    request.width = width
    request.database = database.path
    var output = StandardStream.output
    var errors = StandardStream.error
    do {
      try request.setFormats(format)
    } catch {
      try finish(DairyError.report(error, to: &errors))
      return
    }
    try finish(InspectFlow.run(request, terminal: .current(), output: &output, errors: &errors))
  }
}
