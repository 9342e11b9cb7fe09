import ArgumentParser
import DairyKit

/// `dairy show`'s arguments as plain values, and the command's work.
///
/// ``ShowCommand`` (ArgumentParser) and ``init(quickParsing:)`` both produce one of these, so
/// the two parse paths run the same code.
struct ShowArguments: Equatable {
  var search: String?
  var since: Int64?
  var until: Int64?
  var pageSize = Self.defaultPageSize
  var page: Int?
  var after: String?
  var format: ShowRenderer.Format = .table
  var width: Int?
  var height: Int?
  var databasePath: String?

  /// Rows per page without `--page-size`; the printed commands leave it out.
  static let defaultPageSize = 50

  /// The first rule these arguments break, as `dairy show` reports it, or nil.
  var problem: String? {
    if let problem = FilterOptions.problem(since: since, until: until) { return problem }
    if page != nil && after != nil { return "Use --page or --after, not both." }
    if let page, page < 1 { return "--page counts from 1." }
    if pageSize < 1 { return "--page-size must be at least 1." }
    if let after, PageCursor(after) == nil {
      return "--after takes a cursor like 12:1999, as the footer prints it."
    }
    if let width, width < 20 { return "--width must be at least 20." }
    if let height, height < 1 { return "--height must be at least 1." }
    return nil
  }

  /// Prints the page. Throws `ExitCode` 75 when the database is locked (after printing the
  /// retry footer), or the exit code of any other ``DairyError`` after one line on stderr.
  func run() throws {
    let start: PageStart =
      after.flatMap(PageCursor.init).map(PageStart.after) ?? page.map(PageStart.number) ?? .first
    let filter = SectionFilter(search: search, since: since, until: until)
    let commandLine = ShowCommandLine(
      search: search, since: since, until: until,
      pageSize: pageSize == Self.defaultPageSize ? nil : pageSize,
      start: start, format: format == .table ? nil : format.rawValue, width: width, height: height,
      database: databasePath)
    let terminal = Terminal.current()
    var viewport = Viewport(
      width: width ?? terminal.width,
      height: height
        ?? (terminal.isTerminal && format == .table ? terminal.height.map { $0 - 1 } : nil),
      color: terminal.wantsColor && format == .table)

    var footer = LoadMoreFooter()
    footer.handle(.fetchStarted)
    var shown: Page?
    var failure: DairyError?
    do {
      let (db, notice) = try openDatabaseForReading(flag: databasePath)
      if height == nil, let filled = viewport.height, Terminal.errorIsTerminal {
        // The first run's notice is on the same screen: fill only what is left of it, so that
        // the notice does not scroll away.
        viewport.height = max(1, filled - Terminal.lines(notice, width: terminal.width))
      }
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
      page: shown, state: footer.state, commandLine: commandLine, format: format, viewport: viewport
    )
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
