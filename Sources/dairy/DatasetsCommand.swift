import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct DatasetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "datasets",
    abstract: "List the datasets (name, title, source, sections, periods, where from and when), "
      + "rename or delete one.",
    discussion: """
      A dataset is what one import of a file made: named after the file's stem, or --dataset. \
      Every reading command takes --dataset NAME to show that dataset alone.

      Exit codes: 0 done; 64 an unknown dataset (the close names are suggested) or delete \
      without --yes off a terminal; 73 rename to a name that is taken; 74 the database failed.

      Examples:
        dairy datasets
        dairy datasets --format csv
        dairy datasets rename per_capita_consumption_1975-2022 per-capita
        dairy datasets delete fluidmilk --yes
      """,
    subcommands: [
      DatasetsListCommand.self, DatasetsRenameCommand.self, DatasetsDeleteCommand.self,
    ],
    defaultSubcommand: DatasetsListCommand.self
  )
}

struct DatasetsListCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List every dataset (the default).")

  static let printed = "the datasets"

  @Option(help: "table, csv or json.")
  var format: DatasetsFlow.Format = .table

  @Option(name: ShowOption.width.argumentName, help: ShowOption.width.argumentHelp)
  var width: Int?

  @OptionGroup var database: DatabaseOptions

  var request: DatasetsFlow.Request {
    DatasetsFlow.Request(format: format, width: width, database: database.path)
  }

  func validate() throws {
    if let problem = request.problem { throw ValidationError(problem) }
  }

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(DatasetsFlow.list(request, terminal: .current(), output: &output, errors: &errors))
  }
}

struct DatasetsRenameCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename a dataset; its sections, rows, facts and history stay.")

  static let printed = "the message"

  @Argument(help: ArgumentHelp("The dataset's name.", valueName: "old"))
  var old: String

  @Argument(help: ArgumentHelp("Its new name, which no dataset may have.", valueName: "new"))
  var new: String

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      DatasetsFlow.rename(old, to: new, database: database.path, output: &output, errors: &errors))
  }
}

struct DatasetsDeleteCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a dataset with its sections and rows (asks first on a terminal).")

  static let printed = "the message"

  @Argument(help: ArgumentHelp("The dataset's name.", valueName: "name"))
  var name: String

  @Flag(help: "Delete without asking (needed when standard input is not a terminal).")
  var yes = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      DatasetsFlow.delete(
        name, yes: yes, database: database.path, terminal: .current(),
        confirm: { question in
          let asking = StandardStream.error
          asking.write(question)
          return DatasetsFlow.isYes(readLine())
        }, output: &output, errors: &errors))
  }
}

extension DatasetsFlow.Format: ExpressibleByArgument {}
