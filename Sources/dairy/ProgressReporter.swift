import DairyKit
import Foundation

/// Draws the import progress bar on stderr when it is a terminal and the input is large, at most
/// ten times a second.
final class ProgressReporter {
  /// Files smaller than this import too fast for a bar to help.
  static let threshold = 4 << 20
  private var lastDraw = ContinuousClock.now - .seconds(1)
  private var drawn = false
  private let enabled = isatty(2) == 1

  func report(done: Int, total: Int) {
    guard enabled, total >= Self.threshold else { return }
    let now = ContinuousClock.now
    guard now - lastDraw >= .milliseconds(100) else { return }
    lastDraw = now
    drawn = true
    var err = StandardStream.error
    err.write(
      "\r" + ProgressBar.line(done: done, total: total, width: TerminalSize.columns() - 1)
        + "\u{1B}[K")
    err.flush()
  }

  func finish() {
    guard drawn else { return }
    var err = StandardStream.error
    err.write("\r\u{1B}[K")
    err.flush()
  }
}
