import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// `dairy-bench browse DATABASE [ITERATIONS]`: the cost of one frame of `dairy browse` at 200×60,
/// as the session pays it for a key: the state takes the key (scrolling, measuring what comes into
/// view), computes the frame, and diffs it against the last one. Pages are loaded first (20 of 50
/// rows, or all there are), so the frames walk real sections; no fetch happens while timing.
func browse(database path: String, iterations: Int) throws {
  let database = try DairyDatabase.open(path: path)
  var state = BrowseState(pageSize: 50, width: 200, height: 60)
  func perform(_ effects: [BrowseEffect]) throws {
    for case .fetch(let fetch) in effects {
      try perform(state.handle(.pageLoaded(fetch, try database.page(fetch.request))))
    }
  }
  try perform(state.start())
  // Load up to 20 pages by jumping to the end of what is loaded.
  for _ in 0..<20 where state.footer.state == .loadMore {
    try perform(state.handle(.key(.character("G"))))
  }
  try perform(state.handle(.key(.character("g"))))
  var shown = state.frame()
  // Down through the loaded rows and back up, one line a key, so that no step fetches.
  var keys: [BrowseKey] = []
  for _ in 0..<(iterations / 2) { keys.append(.down) }
  for _ in 0..<(iterations / 2) { keys.append(.up) }
  var warm = state
  for key in keys.prefix(20) { _ = warm.handle(.key(key)) }

  let clock = ContinuousClock()
  var samples: [Double] = []
  samples.reserveCapacity(keys.count)
  var bytes = 0
  for key in keys {
    let elapsed = clock.measure {
      let effects = state.handle(.key(key))
      precondition(effects.isEmpty, "a key fetched while timing")
      let frame = state.frame()
      bytes += FrameDiff.update(from: shown, to: frame).utf8.count
      shown = frame
    }
    samples.append(milliseconds(elapsed))
  }
  samples.sort()
  let median = samples[samples.count / 2]
  print(
    String(
      format: "| %d | %d | %d | %.3f / %.3f / %.3f | %.3f |", state.sections.lastPage?.total ?? 0,
      state.loadedRows, samples.count, samples[0], median, samples.last!,
      samples[samples.count * 99 / 100]))
  FileHandle.standardError.write(
    "(\(bytes / max(1, keys.count)) bytes written a frame on average)\n".data(using: .utf8)!)
}
