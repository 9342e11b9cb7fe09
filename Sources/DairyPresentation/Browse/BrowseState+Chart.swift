import DairyImport
import DairyModel

// MARK: - The chart pane and the change columns
//
// `c` opens a pane that charts the section under the top line and follows it as the screen
// scrolls; `C` charts every section of the search; `c` or Esc closes it. The series come from
// the world around (`.fetchChart`), as pages do. `d` shows each row's change from the year before.

extension BrowseState {
  /// The chart pane's lines on screen: `shared` when it is below the content, `full` when it
  /// takes the content's place (a low screen); 0 when it is closed.
  package var chartPaneHeight: (shared: Int, full: Int) {
    guard chart != nil else { return (0, 0) }
    let pane = ChartPane.height(screen: height, room: contentRoom)
    return pane >= contentRoom ? (0, contentRoom) : (pane, 0)
  }

  /// `c`: opens the pane on the section under the top line, or closes the pane.
  package mutating func toggleChart() -> [BrowseEffect] {
    guard let pane = chart else { return openChart(.topSection) }
    if pane.failure == nil {
      chart = nil
    } else {
      // `c` on a pane that failed tries again (``chartFollowing()`` fetches anew).
      chart?.fetch = nil
      chart?.failure = nil
    }
    return []
  }

  /// Opens the pane on `scope`; the series are fetched by ``chartFollowing()``.
  package mutating func openChart(_ scope: ChartPane.Scope) -> [BrowseEffect] {
    chart = ChartPane(scope: scope)
    return []
  }

  /// `d`: the change columns on or off; the sections are measured again for their new width.
  package mutating func toggleChange() {
    sections.showsChange.toggle()
    layouts = Array(repeating: nil, count: sections.numberOfSections)
  }

  /// The fetch the pane needs now: none when closed or when it has (or awaits) the series for
  /// what it charts.
  package mutating func chartFollowing() -> [BrowseEffect] {
    guard let pane = chart, let scope = wantedChartScope(pane.scope) else { return [] }
    if pane.fetch?.scope == scope { return [] }
    let fetch = ChartFetch(generation: (pane.fetch?.generation ?? 0) + 1, scope: scope)
    chart?.fetch = fetch
    chart?.failure = nil
    return [.fetchChart(fetch)]
  }

  /// What the pane should chart now: the top section's id, or the search.
  private func wantedChartScope(_ scope: ChartPane.Scope) -> ChartFetch.Scope? {
    switch scope {
    case .search:
      // The sections the list shows: its search, dataset and place (the range is the chart's).
      return .matching(
        SectionFilter(search: filter.search, place: filter.place, dataset: filter.dataset))
    case .topSection:
      return topPart.map { .section($0.section.info.id) }
    }
  }

  /// Takes the series (or the failure) for the pane, when they are for what it charts now.
  package mutating func receiveChart(_ event: BrowseEvent) {
    switch event {
    case .chartLoaded(let fetch, let series) where fetch == chart?.fetch:
      chart?.series = series
    case .chartFailed(let fetch, let failure) where fetch == chart?.fetch:
      chart?.failure = failure.message
    default:
      break
    }
  }

  /// The pane's lines, for the frame: `count` of them.
  package func chartLines(count: Int) -> [String] {
    guard let chart else { return [] }
    let chrome = height - contentRoom
    return chart.lines(
      width: width, height: count, years: filter.isEmptyRange ? nil : chartYears, color: color,
      screenRows: { ChartPane.screenHeight(forChart: $0, from: height, chrome: chrome) })
  }

  /// The year range the pane draws: the filter's, open ends left to the data.
  private var chartYears: ClosedRange<Int64>? {
    filter.closedYears(within: (chart?.series).flatMap(ChartSeries.years(of:)))
  }
}
