import DairyImport
import DairyModel

/// The load-more footer's text: what is loaded and what a person can do next, in every state.
///
/// It never collapses: at least one line in every state but `hidden`, and as many as the text
/// needs at the width (self-sizing). A command in it runs as printed when pasted into a shell,
/// at any width (``CommandText``); a rule fills the last line only when no command ends there.
///
/// ```swift
/// var view = LoadMoreFooterView(state: .loadMore, loaded: 50, total: 958)
/// view.nextCommand = ShellCommand(["dairy", "show", "--after", "2:1976"])
/// view.lines(width: 80, style: TextStyle(enabled: false))
/// // ["── 50 of 958 rows · next page: dairy show --after 2:1976"]
/// view.lines(width: 40, style: TextStyle(enabled: false))
/// // ["── 50 of 958 rows · next page: dairy \", "   show --after 2:1976"]
/// ```
package struct LoadMoreFooterView: Sendable, Hashable {
  package var state: LoadMoreFooter.State
  package var loaded: Int
  package var total: Int
  /// The command that shows the next page (`loadMore`).
  package var nextCommand: ShellCommand?
  /// The command that tries the failed fetch again (`retry`).
  package var retryCommand: ShellCommand?
  /// The command that shows the earlier years (`completedWithHistory`).
  package var historyCommand: ShellCommand?
  /// The first year of the chosen range, for `completedWithHistory`.
  package var since: PeriodBound?
  /// A spinner frame shown while `loading` (browse animates it).
  package var spinner: String = "…"

  package init(state: LoadMoreFooter.State, loaded: Int, total: Int) {
    self.state = state
    self.loaded = loaded
    self.total = total
  }

  /// The footer's sentence, on one line.
  package var text: String { sentence.description }

  /// The footer's sentence, and the command that ends it in states that offer one.
  package var sentence: CommandText {
    switch state {
    case .loadMore:
      let counts = "\(Grouping.digits(loaded)) of \(Grouping.digits(total)) rows"
      return nextCommand.map { CommandText(counts + " · next page:", $0) }
        ?? CommandText(counts + " · more below")
    case .loading:
      return CommandText((loaded == 0 ? "loading rows " : "loading more rows ") + spinner)
    case .retry(let failure):
      let reason = "could not load rows: " + TextEscaping.visible(failure.message)
      return retryCommand.map { CommandText(reason + " · try again:", $0) }
        ?? CommandText(reason + " · press r to retry")
    case .completed:
      return CommandText("all \(Grouping.digits(total)) \(total == 1 ? "row" : "rows") shown")
    case .completedWithHistory(let earlier):
      let from = since.map { " from \($0)" } ?? ""
      let one = earlier.lowerBound == earlier.upperBound
      let span = one ? "\(earlier.lowerBound)" : "\(earlier.lowerBound)–\(earlier.upperBound)"
      let rows = "\(Grouping.digits(total)) \(total == 1 ? "row" : "rows")"
      let shown = "all \(rows)\(from) shown · earlier \(one ? "year" : "years") \(span):"
      return historyCommand.map { CommandText(shown, $0) }
        ?? CommandText(shown + " press h to show them")
    case .hidden:
      return CommandText("")
    }
  }

  package func lines(width: Int, style: TextStyle) -> [String] {
    if case .hidden = state { return [] }
    let sentence = self.sentence
    let wrapped = sentence.lines(width: width, lead: "── ", indent: "   ")
    // A command is never cut or followed by the rule: pasted to the end, it must run as is.
    guard sentence.command == nil else { return wrapped.map(color(style)) }
    return wrapped.enumerated().map { index, line in
      var plain = line
      if index == wrapped.count - 1 {
        let room = width - DisplayWidth.of(plain) - 1
        if room >= 1 { plain += " " + String(repeating: "─", count: room) }
      }
      return color(style)(DisplayWidth.truncate(plain, to: width))
    }
  }

  private func color(_ style: TextStyle) -> (String) -> String {
    switch state {
    case .loadMore, .loading: style.yellow
    case .retry: style.red
    case .completed, .completedWithHistory: style.green
    case .hidden: { $0 }
    }
  }
}
