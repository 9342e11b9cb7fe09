import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Draws the import's progress bar on standard error when it is a terminal and the input is
/// large, at most ten times a second, and clears it at the end. While it is drawn, Ctrl-C
/// clears its line and says the import was interrupted before the process dies of the signal
/// (a transaction the process did not commit leaves the database as it was).
///
/// Only the writer of the bar (`StandardStream.error`, the default) gets the interrupt's
/// handler: a test's writer draws nowhere a handler could clear.
///
/// ```swift
/// let progress = ProgressReporter(terminal: .current())
/// let summary = try database.importFiles(files, progress: progress.report)
/// progress.finish()
/// ```
package final class ProgressReporter {
  /// Files smaller than this import too fast for a bar to help.
  package static let threshold = 4 << 20
  private let enabled: Bool
  private let width: Int
  private let write: (String) -> Void
  private var lastDraw = ContinuousClock.now - .seconds(1)
  private var drawn = false
  private let handlesInterrupt: Bool
  /// SIGINT's handler before the bar was drawn, put back when it is cleared.
  private var previousInterrupt: sighandler_t?

  /// - Parameter write: where the bar's text goes (standard error unless a test says otherwise).
  package init(
    terminal: Terminal, write: ((String) -> Void)? = nil
  ) {
    enabled = terminal.errorIsTerminal
    width = terminal.width
    self.write = write ?? { StandardStream.error.draw($0) }
    handlesInterrupt = write == nil
  }

  /// Draws `done` of `total` bytes, if a bar is wanted and the last one is old enough.
  package func report(done: Int, total: Int) {
    guard enabled, total >= Self.threshold else { return }
    let now = ContinuousClock.now
    guard now - lastDraw >= .milliseconds(100) else { return }
    lastDraw = now
    if !drawn && handlesInterrupt { previousInterrupt = signal(SIGINT, Self.interrupted) }
    drawn = true
    // Three columns short of the width: the terminal echoes a Ctrl-C (`^C`) after the bar,
    // which must not wrap to a line the interrupt's handler does not clear.
    write("\r" + ProgressBar.line(done: done, total: total, width: width - 3) + "\u{1B}[K")
  }

  /// SIGINT while the bar is drawn: its line cleared and a word said, with `write` alone
  /// (async-signal-safe, the text static), then the signal's default action, so that the
  /// shell sees the process die of it (status 130).
  private static let interrupted: @convention(c) (Int32) -> Void = { number in
    let text: StaticString = "\r\u{1B}[Kdairy: interrupted\n"
    #if canImport(Glibc)
      _ = Glibc.write(2, text.utf8Start, text.utf8CodeUnitCount)
    #else
      _ = Darwin.write(2, text.utf8Start, text.utf8CodeUnitCount)
    #endif
    signal(number, SIG_DFL)
    raise(number)
  }

  /// Clears the bar, if one was drawn.
  package func finish() {
    guard drawn else { return }
    write("\r\u{1B}[K")
    if let previousInterrupt {
      signal(SIGINT, previousInterrupt)
      self.previousInterrupt = nil
    }
  }
}
