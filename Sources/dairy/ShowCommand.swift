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
      page. On a terminal (or with --height) a short page keeps the footer on the last line, and \
      output longer than the screen goes through $PAGER (default less -R; PAGER=cat or \
      --no-pager for none).

      --format csv and json to a file or a pipe write every row in range, not a page, unless \
      --page-size or --page is given. --wide puts the sections side by side: a row per period, a \
      column per section (title and unit), a table per frequency; with --format csv, for a \
      spreadsheet.

      Exit codes: 0 shown; 75 the database is locked by another process (the footer says retry, \
      and the same command works once the lock is gone).

      Examples:
        dairy show
        dairy show cheese --since 2000
        dairy show --dataset fluidmilk
        dairy show --page 3 --page-size 20
        dairy show butter --format json
        dairy show --format csv > all.csv
        dairy show cheese --wide --since 2000 --format csv > cheese.csv
      """)

  static let printed = "the page"

  @OptionGroup var options: ShowOptions

  func run() throws {
    try finish(Self.show(options.commandLine))
  }

  /// Shows the page on the process's standard streams; returns the exit status. The commands
  /// the page prints start as this process was run (`dairy`, `swift run dairy`, a path).
  static func show(_ line: ShowCommandLine) -> Int32 {
    var output = StandardStream.output
    var errors = StandardStream.error
    var line = line
    line.program = Invocation.current().words
    return ShowFlow.run(line, terminal: .current(), output: &output, errors: &errors)
  }
}
