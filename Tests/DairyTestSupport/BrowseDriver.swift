import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Testing

/// Drives a ``BrowseState`` as the terminal session does, but in the test: fetches run at once
/// against a database (or are held back, to look at the `loading` state), keys go in one by one.
package struct BrowseDriver {
  package var state: BrowseState
  package let database: DairyDatabase
  /// Fetches asked for and not run yet (when `holdFetches` is on).
  package var held: [BrowseFetch] = []
  package var holdFetches = false
  package var quit = false

  package init(
    database: DairyDatabase, filter: SectionFilter = SectionFilter(), pageSize: Int = 50,
    width: Int = 80, height: Int = 24
  ) {
    self.database = database
    state = BrowseState(filter: filter, pageSize: pageSize, width: width, height: height)
    perform(state.start())
  }

  package static let usda: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    _ = try! TestSupport.importPerCapita(into: database)
    return database
  }()

  package mutating func perform(_ effects: [BrowseEffect]) {
    for effect in effects {
      switch effect {
      case .fetch(let fetch):
        if holdFetches {
          held.append(fetch)
        } else {
          run(fetch)
        }
      case .fetchChart(let fetch):
        let event: BrowseEvent
        do {
          event = .chartLoaded(fetch, try fetch.series(from: database))
        } catch {
          event = .chartFailed(fetch, DairyError(error))
        }
        perform(state.handle(event))
      case .quit:
        quit = true
      case .redraw, .suspend:
        break
      }
    }
  }

  /// Runs a fetch now and feeds its result back.
  package mutating func run(_ fetch: BrowseFetch) {
    let event: BrowseEvent
    do {
      event = .pageLoaded(fetch, try database.page(fetch.request))
    } catch {
      event = .pageFailed(fetch, DairyError(error))
    }
    perform(state.handle(event))
  }

  /// Runs the fetches held back, oldest first.
  package mutating func release() {
    let fetches = held
    held = []
    for fetch in fetches { run(fetch) }
  }

  /// The bottom of what is loaded, whose footer, on screen, loads the next page (one page, of
  /// `pageSize` rows): what `G` did before it went to the end of the data. The tests of the
  /// footer's loads use it.
  package mutating func scrollToLoadedEnd() {
    state.scrollToBottom()
    state.measureNeeded()
    state.clampAnchor()
    perform(state.loadMoreIfVisible())
  }

  package mutating func press(_ keys: BrowseKey...) {
    for key in keys { perform(state.handle(.key(key))) }
  }

  package mutating func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  package mutating func send(_ event: BrowseEvent) {
    perform(state.handle(event))
  }

  package var lines: [String] { state.frame().lines }
  package var screen: String { lines.joined(separator: "\n") + "\n" }
  package var statusLine: String { lines.last! }
}
