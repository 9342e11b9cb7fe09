// MARK: - Keys
//
// The keys of `less` and VisiData: j/k and arrows, space and b, g and G, / to search, q to quit.

extension BrowseState {
  mutating func handleKey(_ key: Key) -> [BrowseEffect] {
    if key == .control("c") { return [.quit] }
    if showsHelp {
      showsHelp = false
      return []
    }
    if searchLine != nil { return handleSearchKey(key) }
    // Any key but another pull downwards lets the bounce spring back.
    if overscroll > 0 && !Self.scrollsDown(key) { overscroll = 0 }
    switch key {
    case .character("q"), .escape:
      return [.quit]
    case .character("j"), .down, .enter:
      scroll(by: 1)
    case .character("k"), .up:
      scroll(by: -1)
    case .wheelDown:
      scroll(by: 3)
    case .wheelUp:
      scroll(by: -3)
    case .character(" "), .pageDown, .control("f"):
      scroll(by: pageStep)
    case .character("b"), .pageUp, .control("b"):
      scroll(by: -pageStep)
    case .control("d"):
      scroll(by: max(1, contentHeight / 2))
    case .control("u"):
      scroll(by: -max(1, contentHeight / 2))
    case .character("g"), .home:
      scrollToTop()
    case .character("G"), .end:
      scrollToBottom()
    case .character("/"):
      searchLine = filter.search ?? ""
    case .character("r"):
      return retry()
    case .character("h"):
      return widenRange()
    case .character("?"):
      showsHelp = true
    case .control("l"):
      return [.redraw]
    case .control("z"):
      return [.suspend]
    default:
      break
    }
    return []
  }

  /// The search line takes text; Enter keeps the filter, Esc clears it. Arrows and pages still
  /// scroll, so the results can be looked through while typing.
  private mutating func handleSearchKey(_ key: Key) -> [BrowseEffect] {
    guard var text = searchLine else { return [] }
    switch key {
    case .enter:
      searchLine = nil
      return []
    case .escape:
      searchLine = nil
      return search(nil)
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .control("u"):
      text = ""
    case .character(let character):
      text.append(character)
    case .down, .wheelDown:
      scroll(by: key == .down ? 1 : 3)
      return []
    case .up, .wheelUp:
      scroll(by: key == .up ? -1 : -3)
      return []
    case .pageDown:
      scroll(by: pageStep)
      return []
    case .pageUp:
      scroll(by: -pageStep)
      return []
    default:
      return []
    }
    searchLine = text
    return search(text)
  }

  private static func scrollsDown(_ key: Key) -> Bool {
    switch key {
    case .character("j"), .down, .enter, .wheelDown, .character(" "), .pageDown, .control("f"),
      .control("d"):
      true
    default:
      false
    }
  }
}
