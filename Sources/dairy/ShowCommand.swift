import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

struct ShowCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show one page of rows as table sections, ending in a load-more footer.",
    discussion: """
      Rows come in order: sections by dataset and position, years ascending. A page can end inside \
      a section; the footer says how many rows are shown and prints the exact command for the next \
      page. On a terminal (or with --height) a short page keeps the footer on the last line.

      Exit codes: 0 shown; 75 the database is locked by another process (the footer says retry, \
      and the same command works once the lock is gone).

      Examples:
        dairy show
        dairy show cheese --since 2000
        dairy show --dataset fluidmilk
        dairy show --page 3 --page-size 20
        dairy show butter --format json
      """)

  static let printed = "the page"

  @OptionGroup var options: ShowOptions

  func run() throws {
    try finish(Self.show(options.commandLine))
  }

  /// Shows the page on the process's standard streams; returns the exit status.
  static func show(_ line: ShowCommandLine) -> Int32 {
    var output = StandardStream.output
    var errors = StandardStream.error
    return ShowFlow.run(line, terminal: .current(), output: &output, errors: &errors)
  }
}
