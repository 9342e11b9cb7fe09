import ArgumentParser
import DairyKit

struct ShowCommand: ParsableCommand {
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
        dairy show --page 3 --page-size 20
        dairy show butter --format json
      """)

  @OptionGroup var filterOptions: FilterOptions

  @Option(name: .customLong("page-size"), help: ArgumentHelp("Rows per page.", valueName: "n"))
  var pageSize: Int = ShowArguments.defaultPageSize

  @Option(help: ArgumentHelp("The page to show, counting from 1.", valueName: "n"))
  var page: Int?

  @Option(
    help: ArgumentHelp(
      "Show the page after this cursor (from a footer or JSON's next).", valueName: "cursor"))
  var after: String?

  @Option(help: "table, json or csv.")
  var format: ShowRenderer.Format = .table

  @Option(
    help: ArgumentHelp(
      "The width in columns (default: the terminal's, else $COLUMNS, else 80).", valueName: "w"))
  var width: Int?

  @Option(
    help: ArgumentHelp(
      "Fill this many lines, with the footer on the last (default: the terminal's height when on a terminal).",
      valueName: "h"))
  var height: Int?

  @OptionGroup var database: DatabaseOptions

  /// The parsed values, as ``ShowArguments/init(quickParsing:)`` would give them.
  var arguments: ShowArguments {
    ShowArguments(
      search: filterOptions.search, since: filterOptions.since, until: filterOptions.until,
      pageSize: pageSize, page: page, after: after, format: format, width: width, height: height,
      databasePath: database.path)
  }

  func validate() throws {
    if let problem = arguments.problem { throw ValidationError(problem) }
  }

  func run() throws {
    try arguments.run()
  }
}

extension ShowRenderer.Format: ExpressibleByArgument {}
