import DairyImport
import DairyModel

/// The browse screen as a value: what is loaded, where the reader is, what is open. Events go in
/// through ``handle(_:)``, which returns what the world should do next (fetch a page, quit); the
/// screen comes out of ``frame()``. No terminal, no database, no clock: the session around it
/// supplies those, and tests drive it directly.
///
/// ```swift
/// var state = BrowseState(filter: SectionFilter(search: "cheese"), width: 80, height: 24)
/// let effects = state.start()  // [.fetch(first page)]
/// guard case .fetch(let fetch) = effects.first else { return }
/// state.handle(.pageLoaded(fetch, try database.page(fetch.request)))  // rows under the header
/// state.handle(.key(.character("j")))  // one line down
/// let lines = state.frame().lines  // 24 lines of 80 columns at most
/// ```
package struct BrowseState: Sendable {
  /// The screen's size in columns and lines.
  package internal(set) var width: Int
  package internal(set) var height: Int
  package let color: Bool
  /// The search and year range of what is loaded (or loading).
  package internal(set) var filter: SectionFilter
  package let pageSize: Int

  /// The sections loaded so far, page after page.
  package internal(set) var sections = LoadedSections()
  package internal(set) var footer = LoadMoreFooter()
  /// The top line of the content.
  package internal(set) var anchor = ScrollAnchor.top
  /// How many lines the content is pulled up past its end (the bounce), 0 at rest.
  package internal(set) var overscroll = 0
  /// The search line's text while it is open; nil when closed.
  package internal(set) var searchLine: String?
  package internal(set) var showsHelp = false
  /// What the status line says first until the next key: that the data changed and was loaded
  /// again.
  package internal(set) var notice: String?
  /// After the data changed, or a search was cleared: the place the reader was at, which the
  /// reload loads pages up to and puts at the top of the screen.
  package var resumeAt: ResumePlace?
  /// While a search is on: where the reader was when it began, where clearing it goes back to.
  package internal(set) var searchOrigin: ResumePlace?
  /// While `G` goes to the end of the data: the pages after what is loaded are fetched one after
  /// another, ``farPageSize`` rows each, and the screen stays at the bottom, on the loading
  /// footer. Any key stops it (the page on its way still comes in).
  package internal(set) var goingToEnd = false
  /// The chart pane, while it is open (`c`, `C`).
  package var chart: ChartPane?

  package var generation = 0
  /// The fetch in flight, or the one that failed (for `r`).
  package var pendingFetch: BrowseFetch?
  package var spinnerFrame = 0
  /// Ticks the bounce holds before it springs back.
  package var bounceHold = 0
  /// Sections measured at the current width, by index.
  package var layouts: [SectionLayout?] = []
  /// Rows loaded before each section, for the position in the status line.
  package var rowOffsets: [Int] = []
  /// Rows loaded in all sections.
  package internal(set) var loadedRows = 0

  /// The smallest screen the layout is made for.
  package static let minimumSize = (width: 40, height: 10)
  /// How long the bounce holds at full stretch, in ticks.
  package static let bounceHoldTicks = 5
  /// Rows a fetch asks for on the way to a place far down: the end (`G`), or back to where the
  /// reader was (``resumeAt``). Fewer fetches than pages of `pageSize` (each fetch counts the
  /// matching sections again), and still one that returns in a moment, so that the spinner
  /// turns and a key stops the way.
  package static let farPageSize = 2_000

  package init(
    filter: SectionFilter = SectionFilter(), pageSize: Int = 50, width: Int, height: Int,
    color: Bool = false
  ) {
    self.filter = filter
    self.pageSize = pageSize
    (self.width, self.height) = Self.drawn(width: width, height: height)
    self.color = color
  }

  package var style: TextStyle { TextStyle(enabled: color) }

  /// The screen's size as drawn: at most ``Viewport/maximumWidth`` × ``Viewport/maximumHeight``
  /// (a larger window shows the frame in its top left corner), so that a frame stays small.
  package static func drawn(width: Int, height: Int) -> (Int, Int) {
    (min(width, Viewport.maximumWidth), min(height, Viewport.maximumHeight))
  }

  /// Lines for content: the screen less the status line, less the search line when open, and
  /// less the chart pane when it shares the screen.
  package var contentHeight: Int { max(0, contentRoom - chartPaneHeight.shared) }

  /// Lines for content and the chart pane together.
  package var contentRoom: Int { max(0, height - 1 - (searchLine == nil ? 0 : 1)) }

  package var isTooSmall: Bool {
    width < Self.minimumSize.width || height < Self.minimumSize.height
  }

  /// Whether the session should send `.tick` events: the spinner turns, or the bounce springs back.
  package var needsTicks: Bool { footer.state == .loading || overscroll > 0 }

  /// Asks for the first page.
  package mutating func start() -> [BrowseEffect] {
    reload()
  }

  /// Applies one event and returns what to do next.
  @discardableResult
  package mutating func handle(_ event: BrowseEvent) -> [BrowseEffect] {
    var effects: [BrowseEffect] = []
    // A footer that grows at the bottom (an error message, say) stays whole on screen.
    let wasAtBottom = !fitsOnScreen && anchor >= maxAnchor
    var keepsBottom = false
    switch event {
    case .key(let key):
      notice = nil
      resumeAt = nil
      let action = BrowseKeyBindings.action(for: key, in: keyMode)
      // Any key stops the way to the end; Esc (`back`) does only that.
      let stopped = goingToEnd
      goingToEnd = false
      if !(stopped && action == .back) { effects += handleKey(key, action: action) }
      keepsBottom = wasAtBottom && action == .retry
    case .pageLoaded(let fetch, let page):
      guard fetch == pendingFetch else { break }
      pendingFetch = nil
      if case .first = fetch.request.start {
        replaceSections()
      } else if sections.isFromAnotherVersion(page) {
        effects += reloadChangedData()
        break
      }
      append(page)
      footer.handle(.pageArrived(hasMore: page.hasMore, total: page.total, history: page.history))
      effects += resume(after: page)
      if goingToEnd {
        effects += continueToEnd(after: page)
        keepsBottom = true
      }
    case .pageFailed(let fetch, let failure):
      guard fetch == pendingFetch else { break }
      goingToEnd = false
      if failure.kind == .stale {
        effects += reloadChangedData()
        break
      }
      footer.handle(.fetchFailed(failure))
      keepsBottom = wasAtBottom
    case .resized(let width, let height):
      let before = anchor.section < sections.numberOfSections ? layout(anchor.section) : nil
      (self.width, self.height) = Self.drawn(width: width, height: height)
      overscroll = 0
      layouts = Array(repeating: nil, count: sections.numberOfSections)
      if let before {
        let after = layout(anchor.section)
        anchor.line = min(after.line(matching: anchor.line, in: before), after.height - 1)
      }
    case .chartLoaded, .chartFailed:
      receiveChart(event)
    case .tick:
      spinnerFrame &+= 1
      if overscroll > 0 {
        if bounceHold > 0 { bounceHold -= 1 } else { overscroll -= 1 }
      }
    }
    measureNeeded()
    clampAnchor()
    if keepsBottom { anchor = maxAnchor }
    measureNeeded()
    effects += loadMoreIfVisible()
    effects += chartFollowing()
    return effects
  }

  // MARK: - Loading

  /// Starts over for the current filter: a new generation, the first page.
  package mutating func reload() -> [BrowseEffect] {
    generation += 1
    resumeAt = nil
    goingToEnd = false
    footer = LoadMoreFooter(state: .loading)
    let fetch = BrowseFetch(
      generation: generation,
      request: PageRequest(filter: filter, pageSize: pageSize, start: .first))
    pendingFetch = fetch
    return [.fetch(fetch)]
  }

  /// Fetches the next page when the load-more footer is on screen.
  package mutating func loadMoreIfVisible() -> [BrowseEffect] {
    guard footer.state == .loadMore, let next = sections.lastPage?.next, footerIsVisible else {
      return []
    }
    return fetchPage(after: next)
  }

  /// Fetches the page after `next`: `pageSize` rows, or ``farPageSize`` on the way to the end
  /// or back to a place.
  package mutating func fetchPage(after next: PageCursor) -> [BrowseEffect] {
    footer.handle(.fetchStarted)
    let far = goingToEnd || resumeAt != nil
    let rows = far ? max(pageSize, Self.farPageSize) : pageSize
    let fetch = BrowseFetch(
      generation: generation,
      request: PageRequest(filter: filter, pageSize: rows, start: .after(next)))
    pendingFetch = fetch
    return [.fetch(fetch)]
  }

  /// Tries the failed fetch again.
  package mutating func retry() -> [BrowseEffect] {
    guard case .retry = footer.state, let fetch = pendingFetch else { return [] }
    footer.handle(.retry)
    return [.fetch(fetch)]
  }

  /// Takes in the earlier years the footer offers, and loads from the top.
  package mutating func widenRange() -> [BrowseEffect] {
    guard case .completedWithHistory(let earlier) = footer.state else { return [] }
    filter.since = PeriodBound(year: earlier.lowerBound)
    return reload()
  }

  /// Sets a new search; the sections are replaced when its first page arrives. A search that
  /// begins remembers where the reader is; one that is cleared goes back there.
  package mutating func search(_ text: String?) -> [BrowseEffect] {
    let search = text.flatMap { $0.isEmpty ? nil : $0 }
    guard search != filter.search else { return [] }
    if filter.search == nil { searchOrigin = place }
    filter.search = search
    let effects = reload()
    if search == nil {
      resumeAt = searchOrigin
      searchOrigin = nil
    }
    return effects
  }

  /// Drops what is loaded (a reload's first page, or data known to be stale).
  package mutating func replaceSections() {
    sections = LoadedSections()
    layouts = []
    rowOffsets = []
    loadedRows = 0
    anchor = .top
    overscroll = 0
  }

  private mutating func append(_ page: Page) {
    let before = sections.numberOfSections
    let rowsBefore = before > 0 ? sections.parts[before - 1].section.rows.count : 0
    sections.append(page)
    // The last section may have grown (rows, and notes once it closes).
    if before > 0, var grown = layouts[before - 1] {
      grown.extend(with: sections.parts[before - 1], from: rowsBefore, width: width, style: style)
      layouts[before - 1] = grown
    }
    layouts += Array(repeating: nil, count: sections.numberOfSections - before)
    rowOffsets.removeLast(rowOffsets.isEmpty ? 0 : 1)
    var offset =
      rowOffsets.last.map { $0 + sections.parts[rowOffsets.count - 1].section.rows.count } ?? 0
    for part in sections.parts[rowOffsets.count...] {
      rowOffsets.append(offset)
      offset += part.section.rows.count
    }
    loadedRows = offset
  }

  // MARK: - Layout

  /// The section measured at the current width: from the cache, else measured now.
  package func layout(_ section: Int) -> SectionLayout {
    if let cached = layouts[section] { return cached }
    return SectionLayout(part: sections.parts[section], width: width, style: style)
  }

  /// The load-more footer's view in the current state.
  package var footerView: LoadMoreFooterView {
    let total = sections.lastPage?.total ?? 0
    var view = LoadMoreFooterView(state: footer.state, loaded: loadedRows, total: total)
    view.since = filter.since
    view.spinner = Self.spinnerFrames[spinnerFrame % Self.spinnerFrames.count]
    return view
  }

  package static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  package var footerLines: [String] { footerView.lines(width: width, style: style) }

  /// Measures, once, every section a frame or a scroll will look at: those from the top (to know
  /// whether everything fits), those on screen, and those at the end (where the bottom is). The
  /// rest stay unmeasured, so the work does not grow with what is loaded.
  package mutating func measureNeeded() {
    guard !isTooSmall, sections.numberOfSections > 0 else { return }
    let span = contentHeight + maxOverscroll + 1
    measure(from: .top, lines: span)
    measure(from: retreat(anchor, by: 1), lines: span + 1)
    var remaining = span
    var section = sections.numberOfSections - 1
    while remaining > 0 && section >= 0 {
      if layouts[section] == nil { layouts[section] = layout(section) }
      remaining -= layouts[section]!.height
      section -= 1
    }
  }

  private mutating func measure(from start: ScrollAnchor, lines: Int) {
    var remaining = lines
    var section = start.section
    var skip = start.line
    while remaining > 0 && section < sections.numberOfSections {
      if layouts[section] == nil { layouts[section] = layout(section) }
      remaining -= layouts[section]!.height - skip
      skip = 0
      section += 1
    }
  }

  /// The top row's place among the rows in range, from 0.
  package var topRowIndex: Int {
    guard anchor.section < sections.numberOfSections else { return loadedRows }
    let layout = layout(anchor.section)
    let inSection = layout.rowsBefore(line: anchor.line)
    return rowOffsets[anchor.section] + inSection
  }
}
