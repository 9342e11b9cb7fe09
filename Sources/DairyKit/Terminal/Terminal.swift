import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process's standard output is: a terminal or not, its size, and whether colour is
/// welcome. The one place that asks (`ioctl(TIOCGWINSZ)`, `isatty`, `COLUMNS`, `NO_COLOR`).
public struct Terminal: Sendable, Hashable {
  /// Whether standard output is a terminal.
  public var isTerminal: Bool
  /// The width: the terminal's, else `$COLUMNS`, else 80.
  public var width: Int
  /// The terminal's height, when standard output is one.
  public var height: Int?
  /// Colour only on a terminal, never with `NO_COLOR` set, never for `TERM=dumb`.
  public var wantsColor: Bool

  /// Whether standard error is a terminal (where notices share the screen with the output).
  public static var errorIsTerminal: Bool { isatty(2) == 1 }

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

  public static func current(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Terminal
  {
    let isTerminal = isatty(1) == 1
    var size = winsize()
    let hasSize = isTerminal && ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return Terminal(
      isTerminal: isTerminal,
      width: hasSize ? Int(size.ws_col) : TerminalSize.columns(environment: environment),
      height: hasSize && size.ws_row > 0 ? Int(size.ws_row) : nil,
      wantsColor: isTerminal && !noColor && environment["TERM"] != "dumb")
  }
}
