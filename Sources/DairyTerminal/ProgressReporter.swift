import DairyModel
import DairyPresentation

/// Draws the import's progress bar on standard error when it is a terminal and the input is
/// large, at most ten times a second, and clears it at the end.
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

  /// - Parameter write: where the bar's text goes (standard error unless a test says otherwise).
  package init(
    terminal: Terminal, write: @escaping (String) -> Void = { StandardStream.error.draw($0) }
  ) {
    enabled = terminal.errorIsTerminal
    width = terminal.width
    self.write = write
  }

  /// Draws `done` of `total` bytes, if a bar is wanted and the last one is old enough.
  package func report(done: Int, total: Int) {
    guard enabled, total >= Self.threshold else { return }
    let now = ContinuousClock.now
    guard now - lastDraw >= .milliseconds(100) else { return }
    lastDraw = now
    drawn = true
    write("\r" + ProgressBar.line(done: done, total: total, width: width - 1) + "\u{1B}[K")
  }

  /// Clears the bar, if one was drawn.
  package func finish() {
    guard drawn else { return }
    write("\r\u{1B}[K")
  }
}
