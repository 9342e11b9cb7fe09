import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// Runs the browse screen's page fetches on a thread of their own, so that keys keep working while
/// a page loads, and hands the results back to the loop through the wake pipe.
///
/// A fetch for an older search or year range than the newest asked for is skipped: typing a
/// search queues one fetch per key, and only the last one matters.
package final class PageFetcher: @unchecked Sendable {
  private let database: DairyDatabase
  private let wake: WakePipe
  private let queue = DispatchQueue(label: "dairy.browse.fetch")
  private let lock = NSLock()
  private var results: [BrowseEvent] = []
  private var newestGeneration = 0

  package init(database: DairyDatabase, wake: WakePipe) {
    self.database = database
    self.wake = wake
  }

  package func start(_ fetch: BrowseFetch) {
    lock.withLock { newestGeneration = max(newestGeneration, fetch.generation) }
    queue.async { [self] in
      guard lock.withLock({ fetch.generation >= newestGeneration }) else { return }
      let event: BrowseEvent
      do {
        event = .pageLoaded(fetch, try database.page(fetch.request))
      } catch {
        event = .pageFailed(fetch, DairyError(error))
      }
      lock.withLock { results.append(event) }
      wake.send(.fetched)
    }
  }

  /// Reads a chart pane's series; a stale result is dropped by the screen.
  package func start(_ fetch: ChartFetch) {
    queue.async { [self] in
      let event: BrowseEvent
      do {
        event = .chartLoaded(fetch, try fetch.series(from: database))
      } catch {
        event = .chartFailed(fetch, DairyError(error))
      }
      lock.withLock { results.append(event) }
      wake.send(.fetched)
    }
  }

  /// The results that arrived since the last call.
  package func take() -> [BrowseEvent] {
    lock.withLock {
      defer { results.removeAll() }
      return results
    }
  }
}
