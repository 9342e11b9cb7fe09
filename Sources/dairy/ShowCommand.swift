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
  var pageSize: Int = 50

  @Option(help: ArgumentHelp("The page to show, counting from 1.", valueName: "n"))
  var page: Int?

  @Option(help: ArgumentHelp("Show the page after this cursor (from a footer or JSON's next).", valueName: "cursor"))
  var after: String?

  @Option(help: "table, json or csv.")
  var format: ShowRenderer.Format = .table

  @Option(help: ArgumentHelp("The width in columns (default: the terminal's, else $COLUMNS, else 80).", valueName: "w"))
  var width: Int?

  @Option(help: ArgumentHelp("Fill this many lines, with the footer on the last (default: the terminal's height when on a terminal).", valueName: "h"))
  var height: Int?

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    if page != nil && after != nil { throw ValidationError("Use --page or --after, not both.") }
    if let page, page < 1 { throw ValidationError("--page counts from 1.") }
    if pageSize < 1 { throw ValidationError("--page-size must be at least 1.") }
    if let after, PageCursor(after) == nil {
      throw ValidationError("--after takes a cursor like 12:1999, as the footer prints it.")
    }
    if let width, width < 20 { throw ValidationError("--width must be at least 20.") }
    if let height, height < 1 { throw ValidationError("--height must be at least 1.") }
  }

  func run() throws {
    let start: PageStart = after.flatMap(PageCursor.init).map(PageStart.after) ?? page.map(PageStart.number) ?? .first
    let filter = filterOptions.filter
    let commandLine = ShowCommandLine(
      search: filter.search, since: filter.since, until: filter.until, pageSize: pageSize == 50 ? nil : pageSize,
      start: start, format: format == .table ? nil : format.rawValue, width: width, height: height,
      database: database.path)
    let terminal = Terminal.current()
    let viewport = Viewport(
      width: width ?? terminal.width,
      height: height ?? (terminal.isTerminal && format == .table ? terminal.height.map { $0 - 1 } : nil),
      color: terminal.wantsColor && format == .table)

    var footer = LoadMoreFooter()
    footer.handle(.fetchStarted)
    var shown: Page?
    var failure: DairyError?
    do {
      let db = try database.openForReading()
      let page = try db.page(PageRequest(filter: filter, pageSize: pageSize, start: start))
      footer.handle(.pageArrived(hasMore: page.hasMore, total: page.total, history: page.history))
      shown = page
    } catch let error as DairyError where error.kind == .busy {
      footer.handle(.fetchFailed(error.message))
      failure = error
    } catch let error as DairyError {
      try reportingErrors { throw error }
    }
    let output = ShowRenderer.render(
      page: shown, state: footer.state, commandLine: commandLine, format: format, viewport: viewport)
    var out = StandardStream.output
    out.write(output.text)
    out.flush()
    if let note = output.note {
      var err = StandardStream.error
      err.write("dairy: \(note)\n")
      err.flush()
    }
    if let failure { throw ExitCode(failure.exitCode) }
  }
}

extension ShowRenderer.Format: ExpressibleByArgument {}
