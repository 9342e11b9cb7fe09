import DairyImport
import DairyModel

// MARK: - Keys
//
// What a key does is looked up in BrowseKeyBindings, for the mode the screen is in; here each
// action is carried out.

extension BrowseState {
  /// The mode that decides what a key does now.
  package var keyMode: BrowseKeyBindings.Modes {
    if showsHelp { return .helpShown }
    if searchLine != nil { return .searching }
    return chart == nil ? .browsing : .charting
  }

  package mutating func handleKey(_ key: BrowseKey, action: BrowseAction?) -> [BrowseEffect] {
    switch keyMode {
    case .helpShown:
      // Any key closes the overlay; only a key bound in it (Ctrl-C) does more.
      showsHelp = false
      return action.map { perform($0) } ?? []
    case .searching:
      if let action { return perform(action) }
      guard case .character(let character) = key, let text = searchLine else { return [] }
      return edit(text + String(character))
    default:
      // Any key but another pull downwards lets the bounce spring back.
      if overscroll > 0 && action?.scrollsDown != true { overscroll = 0 }
      return action.map { perform($0) } ?? []
    }
  }

  private mutating func perform(_ action: BrowseAction) -> [BrowseEffect] {
    switch action {
    case .lineDown: scroll(by: 1)
    case .lineUp: scroll(by: -1)
    case .wheelDown: scroll(by: 3)
    case .wheelUp: scroll(by: -3)
    case .screenDown: scroll(by: pageStep)
    case .screenUp: scroll(by: -pageStep)
    case .halfScreenDown: scroll(by: max(1, contentHeight / 2))
    case .halfScreenUp: scroll(by: -max(1, contentHeight / 2))
    case .top: scrollToTop()
    case .bottom: return goToEnd()
    case .back: return back()
    case .openSearch: searchLine = filter.search ?? ""
    case .keepSearch: searchLine = nil
    case .clearSearch:
      searchLine = nil
      return search(nil)
    case .deleteBackward: return edit(String((searchLine ?? "").dropLast()))
    case .clearSearchText: return edit("")
    case .retry: return retry()
    case .widenRange: return widenRange()
    case .toggleChart: return toggleChart()
    case .chartSearch: return openChart(.search)
    case .closeChart: chart = nil
    case .toggleChange: toggleChange()
    case .showHelp: showsHelp = true
    case .redraw: return [.redraw]
    case .suspend: return [.suspend]
    case .quit: return [.quit]
    }
    return []
  }

  /// `G`: the bottom of the data, not only of what is loaded. While more rows exist, they are
  /// fetched page after page (``goingToEnd``), the loading footer in view, until the last.
  package mutating func goToEnd() -> [BrowseEffect] {
    scrollToBottom()
    switch footer.state {
    case .loading:
      // The page on its way (the first, or the next) goes on to the end when it comes.
      goingToEnd = true
      return []
    case .loadMore:
      guard let next = sections.lastPage?.next else { return [] }
      goingToEnd = true
      return fetchPage(after: next)
    default:
      return []
    }
  }

  /// After a page on the way to the end: the next one, or, after the last, the way is over.
  package mutating func continueToEnd(after page: Page) -> [BrowseEffect] {
    // A fetch already on its way (the reload after a change goes on to its section) goes first.
    guard pendingFetch == nil else { return [] }
    guard let next = page.next else {
      goingToEnd = false
      return []
    }
    return fetchPage(after: next)
  }

  /// Esc while browsing: clears the search, back to where the reader was when it began (the
  /// top when the search came with the command); without a search, quits.
  private mutating func back() -> [BrowseEffect] {
    guard filter.search != nil else { return [.quit] }
    return search(nil)
  }

  /// The search line's new text: the filter follows it as it is typed.
  private mutating func edit(_ text: String) -> [BrowseEffect] {
    searchLine = text
    return search(text)
  }
}
