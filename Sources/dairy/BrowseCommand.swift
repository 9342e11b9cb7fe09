import ArgumentParser
import DairyKit

struct BrowseCommand: ParsableCommand {
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
    // Before the database: a pipe must not trigger the first run's import.
    try reportingErrors { try TerminalModes.requireTerminal() }
    let terminal = Terminal.current()
    var ending = BrowseSession.Ending.quit
    try reportingErrors {
      let db = try database.openForReading()
      let session = BrowseSession(
        database: db, filter: filterOptions.filter,
        pageSize: pageSize, mouse: !noMouse, color: terminal.wantsColor)
      ending = try session.run()
    }
    if case .signal(let number) = ending { Terminal.dieOf(signal: number) }
  }
}
