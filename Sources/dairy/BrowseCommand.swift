import ArgumentParser
import DairyKit

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
    name: .customLong("page-size"), help: ArgumentHelp("Rows fetched per load.", valueName: "n"))
  var pageSize: Int = 50

  @Flag(
    name: .customLong("no-mouse"),
    help: "Leave the mouse to the terminal (to select text); the wheel then does not scroll.")
  var noMouse = false

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    if pageSize < 1 { throw ValidationError("--page-size must be at least 1.") }
  }

  func run() throws {
    var errors = StandardStream.error
    let request = BrowseFlow.Request(
      filter: filterOptions.filter, pageSize: pageSize, mouse: !noMouse, database: database.path)
    switch BrowseFlow.run(request, terminal: .current(), errors: &errors) {
    case .exited(let status): try finish(status)
    case .signal(let number): Terminal.dieOf(signal: number)
    }
  }
}
