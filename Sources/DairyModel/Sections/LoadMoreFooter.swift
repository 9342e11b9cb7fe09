/// The footer at the end of what is loaded, as a small state machine whose state always tells the
/// truth about what is loaded and what a person can do next.
///
/// ```swift
/// var footer = LoadMoreFooter()
/// footer.handle(.fetchStarted)             // .loading
/// footer.handle(.pageArrived(hasMore: true, total: 958, history: nil))  // .loadMore
/// ```
package struct LoadMoreFooter: Sendable, Hashable {
  package enum State: Sendable, Hashable {
    /// More rows exist.
    case loadMore
    /// A fetch is in flight.
    case loading
    /// The last fetch failed, for this reason: busy (another process holds the database's lock;
    /// the same command works once it is gone) or any other failure, as its kind says. The
    /// footer's text, JSON's `error` and `show`'s exit code are all derived from it.
    case retry(DairyError)
    /// Every row in range is loaded.
    case completed
    /// Every row in the chosen year range is loaded, and these earlier years exist outside it.
    case completedWithHistory(ClosedRange<Int64>)
    /// Nothing to show at all: no section matches.
    case hidden

    /// The name used in JSON output.
    package var name: String {
      switch self {
      case .loadMore: "loadMore"
      case .loading: "loading"
      case .retry: "retry"
      case .completed: "completed"
      case .completedWithHistory: "completedWithHistory"
      case .hidden: "hidden"
      }
    }
  }

  package enum Event: Sendable, Hashable {
    /// A fetch began.
    case fetchStarted
    /// A page arrived: whether more exist, how many rows there are in range, and the earlier
    /// years outside the range, if any.
    case pageArrived(hasMore: Bool, total: Int, history: ClosedRange<Int64>?)
    /// The fetch failed.
    case fetchFailed(DairyError)
    /// The person asked to try the failed fetch again.
    case retry
    /// The person widened the year range to take in the earlier years.
    case rangeWidened
  }

  package private(set) var state: State

  /// A footer before anything is loaded: there is more to load.
  package init(state: State = .loadMore) {
    self.state = state
  }

  /// Moves to the state `event` leads to; an event that does not apply leaves the state as it is
  /// (a second `fetchStarted` while loading, say).
  @discardableResult
  package mutating func handle(_ event: Event) -> State {
    state = Self.next(state, event)
    return state
  }

  /// The transition function.
  package static func next(_ state: State, _ event: Event) -> State {
    switch (state, event) {
    case (.loadMore, .fetchStarted):
      return .loading
    case (.loading, .pageArrived(let hasMore, let total, let history)):
      if hasMore { return .loadMore }
      if let history { return .completedWithHistory(history) }
      return total == 0 ? .hidden : .completed
    case (.loading, .fetchFailed(let failure)):
      return .retry(failure)
    case (.retry, .retry), (.retry, .fetchStarted):
      return .loading
    case (.completedWithHistory, .rangeWidened):
      return .loading
    default:
      return state
    }
  }
}
