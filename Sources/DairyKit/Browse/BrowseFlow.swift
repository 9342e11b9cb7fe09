import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// `dairy browse`, the whole command: checks for a terminal, opens the database and runs the
/// full-screen session until the person quits or a signal ends it.
///
/// ```swift
/// var errors = ""
/// let outcome = BrowseFlow.run(
///   BrowseFlow.Request(), terminal: .current(), errors: &errors)
/// if case .signal(let number) = outcome { Terminal.dieOf(signal: number) }
/// ```
package enum BrowseFlow {
  /// What `dairy browse` was asked for.
  package struct Request: Sendable, Hashable {
    package var filter: SectionFilter
    /// Rows fetched per load.
    package var pageSize: Int
    /// Whether the wheel scrolls (the mouse is then the program's, not the terminal's).
    package var mouse: Bool
    /// `--db`; nil for the default location.
    package var database: String?

    package init(
      filter: SectionFilter = SectionFilter(), pageSize: Int = 50, mouse: Bool = true,
      database: String? = nil
    ) {
      self.filter = filter
      self.pageSize = pageSize
      self.mouse = mouse
      self.database = database
    }

    /// What is wrong with the request, as `dairy browse` reports it (exit 64), or nil: a year
    /// or `--page-size` out of its range (``ShowOption/range``), or `--since` after `--until`.
    package var problem: String? {
      // The same options as show's, with the same rules.
      ShowCommandLine(
        search: filter.search, since: filter.since, until: filter.until, pageSize: pageSize
      ).problem()
    }
  }

  /// How the command ended.
  package enum Outcome: Sendable, Hashable {
    /// With this exit status (0 when the person quit).
    case exited(Int32)
    /// By this signal, after giving the terminal back: the caller dies of it
    /// (``Terminal/dieOf(signal:)``), so that its parent sees why it ended.
    case signal(Int32)
  }

  /// Runs the screen; errors (no terminal, a database that cannot be opened) go to `errors`.
  package static func run(
    _ request: Request, terminal: Terminal, errors: inout some TextOutputStream
  ) -> Outcome {
    do {
      if let problem = request.problem { throw DairyError(.usage, problem) }
      // Before the database: a pipe must not trigger the first run's import.
      try TerminalModes.requireTerminal(terminal)
      let reading = try ReadingDatabase.open(path: request.database)
      reading.writeNotice(to: &errors)
      // An unknown --dataset is said on the command line, not on a screen that then clears.
      if let dataset = request.filter.dataset {
        try reading.database.read { try $0.requireDataset(dataset) }
      }
      let session = BrowseSession(
        database: reading.database, filter: request.filter, pageSize: request.pageSize,
        mouse: request.mouse, color: terminal.wantsColor)
      switch try session.run() {
      case .quit: return .exited(0)
      case .signal(let number): return .signal(number)
      }
    } catch {
      return .exited(DairyError.report(error, to: &errors))
    }
  }
}
