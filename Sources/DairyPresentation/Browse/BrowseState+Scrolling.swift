import DairyImport
import DairyModel

// MARK: - Walking the content
//
// The content is the loaded sections, each followed by a blank line, then the load-more footer. The
// walks below only visit the sections they cross, so a step costs the same at the top of one page
// as at the end of a thousand.

extension BrowseState {
  /// Lines in item `index`: a section, or the footer after the last section.
  package func itemHeight(_ index: Int) -> Int {
    index < sections.numberOfSections ? layout(index).height : footerLines.count
  }

  /// Just past the footer's last line.
  package var contentEnd: ScrollAnchor {
    ScrollAnchor(section: sections.numberOfSections, line: footerLines.count)
  }

  /// `anchor` moved `count` lines down, stopping at the end.
  package func advance(_ anchor: ScrollAnchor, by count: Int) -> ScrollAnchor {
    var result = anchor
    result.line += count
    while result.section < sections.numberOfSections {
      let height = itemHeight(result.section)
      guard result.line >= height else { return result }
      result.line -= height
      result.section += 1
    }
    result.line = min(result.line, footerLines.count)
    return result
  }

  /// `anchor` moved `count` lines up, stopping at the top.
  package func retreat(_ anchor: ScrollAnchor, by count: Int) -> ScrollAnchor {
    var result = anchor
    result.line -= count
    while result.line < 0 && result.section > 0 {
      result.section -= 1
      result.line += itemHeight(result.section)
    }
    return result.line < 0 ? .top : result
  }

  /// How many lines there are from `anchor` to the end of the footer, counting no further than
  /// `limit`.
  package func lineCount(from anchor: ScrollAnchor, limit: Int) -> Int {
    var count = -anchor.line
    var index = anchor.section
    while count < limit && index <= sections.numberOfSections {
      count += itemHeight(index)
      index += 1
    }
    return min(count, limit)
  }

  /// True when everything loaded, footer included, fits on the screen: the footer then sticks to
  /// the bottom and nothing scrolls.
  package var fitsOnScreen: Bool {
    lineCount(from: .top, limit: contentHeight + 1) <= contentHeight
  }

  /// The lowest the top line may go: the footer's last line on the screen's last content line.
  package var maxAnchor: ScrollAnchor {
    fitsOnScreen ? .top : retreat(contentEnd, by: contentHeight)
  }

  /// Whether the load-more footer's first line is on screen.
  package var footerIsVisible: Bool {
    var count = -anchor.line
    var index = anchor.section
    while index < sections.numberOfSections {
      count += itemHeight(index)
      if count >= contentHeight { return false }
      index += 1
    }
    return true
  }

  /// How far past the end the content can be pulled: enough to show the backdrop, no more than a
  /// third of the screen.
  package var maxOverscroll: Int { min(Backdrop.cow.count, contentHeight / 3) }

  /// Keeps the top line inside the content after anything that changes its size.
  package mutating func clampAnchor() {
    if fitsOnScreen {
      anchor = .top
      overscroll = 0
      return
    }
    anchor = advance(anchor, by: 0)
    let bottom = maxAnchor
    if bottom < anchor { anchor = bottom }
    overscroll = min(overscroll, maxOverscroll)
  }

  /// Scrolls by `count` lines, down when positive. At the top, up does nothing; at the bottom,
  /// down pulls the content up past its end (the bounce), only when it is taller than the screen.
  package mutating func scroll(by count: Int) {
    guard !fitsOnScreen else { return }
    if count < 0 {
      overscroll = 0
      anchor = retreat(anchor, by: -count)
      return
    }
    let bottom = maxAnchor
    if anchor >= bottom {
      overscroll = min(maxOverscroll, overscroll + count)
      bounceHold = Self.bounceHoldTicks
    } else {
      let moved = advance(anchor, by: count)
      anchor = moved < bottom ? moved : bottom
    }
  }

  package mutating func scrollToTop() {
    overscroll = 0
    anchor = .top
  }

  package mutating func scrollToBottom() {
    overscroll = 0
    anchor = maxAnchor
  }

  /// A screenful less one line, so that the last line read stays in view.
  package var pageStep: Int { max(1, contentHeight - 1) }
}
