import DairyImport
import DairyModel

// MARK: - The frame
//
// state → lines: the search line when open, the content (sections with a pinned header, the
// load-more footer, the backdrop), the status line. Only the lines on screen are rendered.

extension BrowseState {
  /// The screen for the current state.
  package func frame() -> BrowseFrame {
    if isTooSmall { return tooSmallFrame() }
    var lines: [String] = []
    var cursor: BrowseFrame.Cursor?
    if let text = searchLine {
      let shown = TextEscaping.visible(text)
      let room = width - 1
      let hint = "Enter keeps · Esc clears"
      var line = "/" + DisplayWidth.truncate(shown, to: room)
      let gap = width - DisplayWidth.of(line) - DisplayWidth.of(hint)
      if gap >= 2 { line += String(repeating: " ", count: gap) + style.dim(hint) }
      lines.append(line)
      cursor = BrowseFrame.Cursor(line: 0, column: min(width - 1, 1 + DisplayWidth.of(shown)))
    }
    let content = visibleContent()
    let pane = chartPaneHeight
    var contentLines = pane.full > 0 ? chartLines(count: pane.full) : content.lines
    if showsHelp {
      let box = HelpOverlay.lines(width: width, height: contentHeight)
      let top = max(0, (contentHeight - box.count) / 2)
      for (index, line) in box.enumerated() where top + index < contentLines.count {
        contentLines[top + index] = line
      }
    }
    lines += contentLines
    lines += chartLines(count: pane.shared)
    lines.append(statusLine(rows: content.rows))
    return BrowseFrame(lines: lines, cursor: cursor)
  }

  /// The content area's lines, and the first and last row on them (indexes among the rows in
  /// range), if any.
  package func visibleContent() -> (lines: [String], rows: ClosedRange<Int>?) {
    let height = contentHeight
    let footer = footerLines
    if fitsOnScreen {
      let sectionLines = walk(from: .top, count: height).filter {
        if case .footer = $0 { return false }
        return true
      }
      let rendered = render(sectionLines, footer: footer)
      let spare = height - rendered.lines.count - footer.count
      return (rendered.lines + emptyState(height: spare) + footer, Self.span(rendered.rows))
    }

    let top = advance(anchor, by: overscroll)
    let shown = lineCount(from: top, limit: height)
    var (lines, rows) = render(walk(from: top, count: shown), footer: footer)
    lines += Backdrop.peek(height: height - shown, width: width)
    let covered = pinHeader(over: &lines, top: top)
    for line in covered where line < rows.count { rows[line] = nil }
    return (lines, Self.span(rows))
  }

  /// The lines for `items`, and for each line the row it shows (its index among the rows in
  /// range), if it shows one.
  private func render(_ items: [BrowseLine], footer: [String]) -> (lines: [String], rows: [Int?]) {
    var lines: [String] = []
    var rows: [Int?] = []
    lines.reserveCapacity(items.count)
    rows.reserveCapacity(items.count)
    var cache: (section: Int, layout: SectionLayout)?
    func layout(_ section: Int) -> SectionLayout {
      if let cache, cache.section == section { return cache.layout }
      let measured = self.layout(section)
      cache = (section, measured)
      return measured
    }
    for item in items {
      var row: Int?
      switch item {
      case .header(let section, let line):
        lines.append(layout(section).header[line])
      case .row(let section, let index):
        lines.append(
          RowView(sections.parts[section], row: index)
            .line(columns: layout(section).columns, width: width, style: style))
        row = rowOffsets[section] + index
      case .notes(let section, let line):
        lines.append(layout(section).notes[line])
      case .missing(let section, let gap):
        lines.append(layout(section).gaps[gap].line)
      case .gap:
        lines.append("")
      case .footer(let line):
        lines.append(footer[line])
      }
      rows.append(row)
    }
    return (lines, rows)
  }

  /// The first and last of the rows shown, if any.
  private static func span(_ rows: [Int?]) -> ClosedRange<Int>? {
    let shown = rows.compactMap { $0 }
    guard let first = shown.first, let last = shown.last else { return nil }
    return first...last
  }

  /// The lines from `anchor` on, at most `count` of them.
  package func walk(from anchor: ScrollAnchor, count: Int) -> [BrowseLine] {
    var items: [BrowseLine] = []
    items.reserveCapacity(count)
    var section = anchor.section
    var line = anchor.line
    while items.count < count && section < sections.numberOfSections {
      let layout = layout(section)
      while items.count < count && line < layout.height {
        items.append(layout.content(line, section: section))
        line += 1
      }
      section += 1
      line = 0
    }
    let footerCount = footerLines.count
    while items.count < count && line < footerCount {
      items.append(.footer(line: line))
      line += 1
    }
    return items
  }

  /// Keeps the header of the section under the top line pinned at the top while its rows scroll;
  /// the next section pushes it away (a plain-style table view).
  /// Returns the screen lines the header covers.
  private func pinHeader(over lines: inout [String], top: ScrollAnchor) -> Range<Int> {
    guard top.section < sections.numberOfSections else { return 0..<0 }
    let layout = layout(top.section)
    // The section's own header is pinned, not its dataset's above it.
    let header = layout.sectionHeader
    guard top.line > layout.header.count - header.count else { return 0..<0 }
    // Screen line of the blank line that ends the section; the header leaves as it arrives.
    let gapLine = layout.height - 1 - top.line
    let offset = min(0, gapLine - header.count)
    for (index, line) in header.enumerated() {
      let at = offset + index
      if at >= 0 && at < lines.count { lines[at] = line }
    }
    return max(0, offset)..<max(0, offset + header.count)
  }

  /// The spare lines between short content and its sticky footer.
  private func emptyState(height: Int) -> [String] {
    guard height > 0 else { return [] }
    switch footer.state {
    case .hidden:
      let caption = WordWrap.lines(emptyMessage, width: width)
      return Backdrop.emptyState(caption: caption, height: height, width: width)
    case .completed, .completedWithHistory:
      return Backdrop.emptyState(caption: [], height: height, width: width)
    case .loadMore, .loading, .retry:
      return Array(repeating: "", count: height)
    }
  }

  /// What the screen says when nothing is shown.
  package var emptyMessage: String {
    let empty = sections.lastPage.flatMap(EmptyState.init(page:)) ?? .noData
    return empty.message(for: .browse(searchLineOpen: searchLine != nil))
  }

  package func statusLine(rows: ClosedRange<Int>?) -> String {
    let total = sections.lastPage?.total ?? 0
    var left: [String] = notice.map { [$0] } ?? []
    if searchLine == nil, let search = filter.search { left.append("/" + search) }
    if let rows {
      let first = Grouping.digits(rows.lowerBound + 1)
      let last = Grouping.digits(rows.upperBound + 1)
      left.append("rows \(first)–\(last) of \(Grouping.digits(total))")
    } else if sections.lastPage != nil {
      left.append("\(Grouping.digits(total)) \(total == 1 ? "row" : "rows")")
    }
    if loadedRows < total { left.append("\(Grouping.digits(loadedRows)) loaded") }
    if let matching = sections.lastPage?.matchingSections {
      left.append("\(matching) \(matching == 1 ? "section" : "sections")")
    }
    if let since = filter.since, let until = filter.until {
      left.append("\(since)–\(until)")
    } else if let since = filter.since {
      left.append("since \(since)")
    } else if let until = filter.until {
      left.append("until \(until)")
    }
    if let top = topPart { left.append(top.section.info.dataset) }
    return StatusLineView(left: left, right: "? help · q quit").line(width: width, style: style)
  }

  private func tooSmallFrame() -> BrowseFrame {
    let text =
      "The window is \(width)×\(height); dairy browse needs at least "
      + "\(Self.minimumSize.width)×\(Self.minimumSize.height). q quits."
    let message = Array(WordWrap.lines(text, width: max(1, width)).prefix(height))
    let above = (height - message.count) / 2
    var lines = Array(repeating: "", count: above) + message
    lines += Array(repeating: "", count: height - lines.count)
    return BrowseFrame(lines: lines)
  }
}

extension BrowseState {
  /// The loaded part of the section under the top line (the last one when the anchor is past
  /// them); nil when nothing is loaded.
  package var topPart: Page.Part? {
    guard !sections.parts.isEmpty else { return nil }
    return sections.parts[min(max(anchor.section, 0), sections.parts.count - 1)]
  }
}
