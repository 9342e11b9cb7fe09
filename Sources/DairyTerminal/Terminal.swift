import DairyModel
import DairyPresentation
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
package struct Terminal: Sendable, Hashable {
  /// Whether standard output is a terminal.
  package var isTerminal: Bool
  /// The width: the terminal's (on standard output, else on standard error; at most
  /// ``Viewport/maximumWidth``), else `$COLUMNS`, else 80.
  package var width: Int
  /// Where ``width`` comes from.
  package var widthSource: WidthSource
  /// The terminal's height, when standard output is one.
  package var height: Int?
  /// Colour only on a terminal, never with `NO_COLOR` set, never for `TERM=dumb`.
  package var wantsColor: Bool
  /// Whether standard error is a terminal (where notices share the screen with the output, and
  /// where the import's progress bar goes).
  package var errorIsTerminal: Bool
  /// Whether standard input is a terminal (a full-screen view reads its keys there).
  package var inputIsTerminal: Bool
  /// The pager for long output on the terminal (``Pager/command(environment:)``: `$PAGER`, else
  /// `less -R`); nil for none (`PAGER=` or `PAGER=cat`), and off a terminal.
  package var pager: String?

  package init(
    isTerminal: Bool = false, width: Int = 80, widthSource: WidthSource = .standard,
    height: Int? = nil, wantsColor: Bool = false, errorIsTerminal: Bool = false,
    inputIsTerminal: Bool = false, pager: String? = nil
  ) {
    self.isTerminal = isTerminal
    self.width = width
    self.widthSource = widthSource
    self.height = height
    self.wantsColor = wantsColor
    self.errorIsTerminal = errorIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.pager = pager
  }

  /// How many lines of a terminal `width` columns wide `text` takes once the terminal wraps it.
  ///
  /// ```swift
  /// Terminal.lines([String(repeating: "x", count: 100)], width: 80)  // 2
  /// ```
  package static func lines(_ text: [String], width: Int) -> Int {
    let width = max(1, width)
    return text.reduce(0) { total, line in
      total + max(1, (DisplayWidth.of(line) + width - 1) / width)
    }
  }

  /// The process's terminal, as it is now.
  package static func current(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Terminal
  {
    let isTerminal = isatty(1) == 1
    let ownSize = windowSize(of: 1)
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    var width = (80, WidthSource.standard)
    if let columns = ownSize?.columns ?? windowSize(of: 2)?.columns {
      width = (columns, .terminal)
    } else if let columns = Self.columns(environment: environment) {
      width = (columns, .columns)
    }
    return Terminal(
      isTerminal: isTerminal, width: width.0, widthSource: width.1,
      height: isTerminal ? ownSize?.rows ?? Self.lines(environment: environment) : nil,
      wantsColor: isTerminal && !noColor && environment["TERM"] != "dumb",
      errorIsTerminal: isatty(2) == 1,
      inputIsTerminal: isatty(0) == 1,
      pager: isTerminal ? Pager.command(environment: environment) : nil)
  }

  /// The size of the terminal on `descriptor`, or nil when it is not one (or reports no width):
  /// at most ``Viewport/maximumWidth`` × ``Viewport/maximumHeight``, as nothing is drawn larger.
  private static func windowSize(of descriptor: Int32) -> (columns: Int, rows: Int?)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return (
      min(Int(size.ws_col), Viewport.maximumWidth),
      size.ws_row > 0 ? min(Int(size.ws_row), Viewport.maximumHeight) : nil
    )
  }
}
