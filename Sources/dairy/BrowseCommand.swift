import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct BrowseCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Scroll the sections in a full-screen view, loading more rows as you go.",
    discussion: """
      Keys:
      \(BrowseKeyBindings.helpText)

      Needs a terminal on standard input and output; for pipes and files use dairy show.

      Examples:
        dairy browse
        dairy browse cheese --since 2000
      """)

  static let printed = "the screen"

  @OptionGroup var filterOptions: FilterOptions

  @Option(
    name: ShowOption.pageSize.argumentName,
    help: ArgumentHelp("Rows fetched per load.", valueName: ShowOption.pageSize.valueName))
  var pageSize: Int = ShowCommandLine.defaultPageSize

  @Flag(
    name: .customLong("no-mouse"),
    help: "Leave the mouse to the terminal (to select text); the wheel then does not scroll.")
  var noMouse = false

  @OptionGroup var database: DatabaseOptions

  var request: BrowseFlow.Request {
    BrowseFlow.Request(
      filter: filterOptions.filter, pageSize: pageSize, mouse: !noMouse, database: database.path)
  }

  func validate() throws {
    if let problem = request.problem { throw ValidationError(problem) }
  }

  func run() throws {
    var errors = StandardStream.error
    switch BrowseFlow.run(request, terminal: .current(), errors: &errors) {
    case .exited(let status): try finish(status)
    case .signal(let number): Terminal.dieOf(signal: number)
    }
  }
}
