import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

@Suite("Load-more footer state machine")
struct LoadMoreFooterTests {
  typealias State = LoadMoreFooter.State

  static let locked = DairyError(.busy, "database is locked")
  static let failure = State.retry(locked)
  static let history = State.completedWithHistory(1975...1999)

  @Test(arguments: [
    // (from, event, to)
    (State.loadMore, LoadMoreFooter.Event.fetchStarted, State.loading),
    (.loading, .pageArrived(hasMore: true, total: 958, history: nil), .loadMore),
    (.loading, .pageArrived(hasMore: false, total: 958, history: nil), .completed),
    (.loading, .pageArrived(hasMore: false, total: 262, history: 1975...1999), history),
    (.loading, .pageArrived(hasMore: false, total: 0, history: nil), .hidden),
    (.loading, .pageArrived(hasMore: true, total: 958, history: 1975...1999), .loadMore),
    (.loading, .fetchFailed(locked), failure),
    (failure, .retry, .loading),
    (failure, .fetchStarted, .loading),
    (history, .rangeWidened, .loading),
  ])
  func transition(from: State, event: LoadMoreFooter.Event, to: State) {
    #expect(LoadMoreFooter.next(from, event) == to)
  }

  @Test(arguments: [
    (State.loading, LoadMoreFooter.Event.fetchStarted),
    (.loadMore, .retry),
    (.loadMore, .pageArrived(hasMore: false, total: 1, history: nil)),
    (.completed, .fetchStarted),
    (.completed, .rangeWidened),
    (.hidden, .fetchStarted),
    (failure, .pageArrived(hasMore: true, total: 1, history: nil)),
    (history, .fetchStarted),
    (.loadMore, .rangeWidened),
  ])
  func eventsThatDoNotApplyChangeNothing(state: State, event: LoadMoreFooter.Event) {
    #expect(LoadMoreFooter.next(state, event) == state)
  }

  @Test func aWholeSession() {
    var footer = LoadMoreFooter()
    #expect(footer.state == .loadMore)
    footer.handle(.fetchStarted)
    footer.handle(.fetchFailed(DairyError(.busy, "locked")))
    #expect(footer.state == .retry(DairyError(.busy, "locked")))
    footer.handle(.retry)
    footer.handle(.pageArrived(hasMore: false, total: 10, history: 1975...1999))
    #expect(footer.state == .completedWithHistory(1975...1999))
    footer.handle(.rangeWidened)
    footer.handle(.pageArrived(hasMore: false, total: 48, history: nil))
    #expect(footer.state == .completed)
  }
}
