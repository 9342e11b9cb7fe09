/// The load-more footer's text: what is loaded and what a person can do next, in every state.
///
/// It never collapses: at least one line in every state but `hidden`, and as many as the text
/// needs at the width (self-sizing).
///
/// ```swift
/// var view = LoadMoreFooterView(state: .loadMore, loaded: 50, total: 958)
/// view.nextCommand = "dairy show --after 2:1976"
/// view.lines(width: 80, style: TextStyle(enabled: false))
/// // ["── 50 of 958 rows · next page: dairy show --after 2:1976 ───────────────────────"]
/// ```
public struct LoadMoreFooterView: Sendable, Hashable {
  public var state: LoadMoreFooter.State
  public var loaded: Int
  public var total: Int
  /// The command that shows the next page (`loadMore`).
  public var nextCommand: String?
  /// The command that tries the failed fetch again (`retry`).
  public var retryCommand: String?
  /// The command that shows the earlier years (`completedWithHistory`).
  public var historyCommand: String?
  /// The first year of the chosen range, for `completedWithHistory`.
  public var since: Int64?
  /// A spinner frame shown while `loading` (browse animates it).
  public var spinner: String = "…"

  public init(state: LoadMoreFooter.State, loaded: Int, total: Int) {
    self.state = state
    self.loaded = loaded
    self.total = total
  }

  /// The footer's sentence.
  public var text: String {
    switch state {
    case .loadMore:
      let counts = "\(Grouping.digits(loaded)) of \(Grouping.digits(total)) rows"
      return nextCommand.map { counts + " · next page: " + $0 } ?? counts + " · more below"
    case .loading:
      return (loaded == 0 ? "loading rows " : "loading more rows ") + spinner
    case .retry(let failure):
      let reason = "could not load rows: " + TextEscaping.visible(failure.message)
      return retryCommand.map { reason + " · try again: " + $0 } ?? reason + " · press r to retry"
    case .completed:
      return "all \(Grouping.digits(total)) \(total == 1 ? "row" : "rows") shown"
    case .completedWithHistory(let earlier):
      let from = since.map { " from \($0)" } ?? ""
      let span = "\(earlier.lowerBound)–\(earlier.upperBound)"
      let rows = "\(Grouping.digits(total)) \(total == 1 ? "row" : "rows")"
      let shown = "all \(rows)\(from) shown · earlier years \(span)"
      return historyCommand.map { shown + ": " + $0 } ?? shown + ": press h to show them"
    case .hidden:
      return ""
    }
  }

  public func lines(width: Int, style: TextStyle) -> [String] {
    if case .hidden = state { return [] }
    let lead = "── "
    let wrapped = WordWrap.lines(text, width: max(1, width - lead.count))
    return wrapped.enumerated().map { index, line in
      let prefix = index == 0 ? lead : "   "
      var plain = prefix + line
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
