import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process's standard streams are: terminals or not, the size, and whether colour is
/// welcome. ``current(environment:)`` is the one place that asks (`isatty`, `ioctl(TIOCGWINSZ)`,
/// `COLUMNS`, `NO_COLOR`, `TERM`); the commands take the answer as a value, so that a test can
/// fix it.
///
/// ```swift
/// let piped = Terminal(width: 80)
/// let screen = Terminal(isTerminal: true, width: 80, height: 24, wantsColor: true)
/// ```
public struct Terminal: Sendable, Hashable {
  /// Whether standard output is a terminal.
  public var isTerminal: Bool
  /// The width: the terminal's (on standard output, else on standard error), else `$COLUMNS`,
  /// else 80.
  public var width: Int
  /// The terminal's height, when standard output is one.
  public var height: Int?
  /// Colour only on a terminal, never with `NO_COLOR` set, never for `TERM=dumb`.
  public var wantsColor: Bool
  /// Whether standard error is a terminal (where notices share the screen with the output, and
  /// where the import's progress bar goes).
  public var errorIsTerminal: Bool
  /// Whether standard input is a terminal (a full-screen view reads its keys there).
  public var inputIsTerminal: Bool

  public init(
    isTerminal: Bool = false, width: Int = 80, height: Int? = nil, wantsColor: Bool = false,
    errorIsTerminal: Bool = false, inputIsTerminal: Bool = false
  ) {
    self.isTerminal = isTerminal
    self.width = width
    self.height = height
    self.wantsColor = wantsColor
    self.errorIsTerminal = errorIsTerminal
    self.inputIsTerminal = inputIsTerminal
  }

  /// How many lines of a terminal `width` columns wide `text` takes once the terminal wraps it.
  ///
  /// ```swift
  /// Terminal.lines([String(repeating: "x", count: 100)], width: 80)  // 2
  /// ```
  public static func lines(_ text: [String], width: Int) -> Int {
    let width = max(1, width)
    return text.reduce(0) { total, line in
      total + max(1, (DisplayWidth.of(line) + width - 1) / width)
    }
  }

  /// The process's terminal, as it is now.
  public static func current(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Terminal
  {
    let isTerminal = isatty(1) == 1
    let ownSize = windowSize(of: 1)
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return Terminal(
      isTerminal: isTerminal,
      width: ownSize?.columns ?? windowSize(of: 2)?.columns ?? columns(environment: environment),
      height: isTerminal ? ownSize?.rows : nil,
      wantsColor: isTerminal && !noColor && environment["TERM"] != "dumb",
      errorIsTerminal: isatty(2) == 1,
      inputIsTerminal: isatty(0) == 1)
  }

  /// The size of the terminal on `descriptor`, or nil when it is not one (or reports no width).
  private static func windowSize(of descriptor: Int32) -> (columns: Int, rows: Int?)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : nil)
  }

  /// `$COLUMNS` when it is a positive number, else 80.
  private static func columns(environment: [String: String]) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return 80
  }
}
