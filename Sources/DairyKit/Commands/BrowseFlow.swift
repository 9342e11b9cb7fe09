/// `dairy browse`, the whole command: checks for a terminal, opens the database and runs the
/// full-screen session until the person quits or a signal ends it.
///
/// ```swift
/// var errors = ""
/// let outcome = BrowseFlow.run(
///   BrowseFlow.Request(), terminal: .current(), errors: &errors)
/// if case .signal(let number) = outcome { Terminal.dieOf(signal: number) }
/// ```
public enum BrowseFlow {
  /// What `dairy browse` was asked for.
  public struct Request: Sendable, Hashable {
    public var filter: SectionFilter
    /// Rows fetched per load.
    public var pageSize: Int
    /// Whether the wheel scrolls (the mouse is then the program's, not the terminal's).
    public var mouse: Bool
    /// `--db`; nil for the default location.
    public var database: String?

    public init(
      filter: SectionFilter = SectionFilter(), pageSize: Int = 50, mouse: Bool = true,
      database: String? = nil
    ) {
      self.filter = filter
      self.pageSize = pageSize
      self.mouse = mouse
      self.database = database
    }
  }

  /// How the command ended.
  public enum Outcome: Sendable, Hashable {
    /// With this exit status (0 when the person quit).
    case exited(Int32)
    /// By this signal, after giving the terminal back: the caller dies of it
    /// (``Terminal/dieOf(signal:)``), so that its parent sees why it ended.
    case signal(Int32)
  }

  /// Runs the screen; errors (no terminal, a database that cannot be opened) go to `errors`.
  public static func run(
    _ request: Request, terminal: Terminal, errors: inout some TextOutputStream
  ) -> Outcome {
    do {
      // Before the database: a pipe must not trigger the first run's import.
      try TerminalModes.requireTerminal(terminal)
      let reading = try ReadingDatabase.open(path: request.database)
      reading.writeNotice(to: &errors)
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
