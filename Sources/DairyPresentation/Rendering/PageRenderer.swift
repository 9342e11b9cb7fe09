import DairyImport
import DairyModel

/// Renders a page of sections as lines: a pure function of (content, viewport).
///
/// Each section part is a header (title, unit, sparkline), its rows, and, when the section's last
/// row is on the page, its notes footer; the load-more footer follows the last row, sticky at the
/// bottom of the viewport when there is room to spare.
///
/// ```swift
/// let lines = PageRenderer.render(content, in: Viewport(width: 80, height: 24))
/// ```
package enum PageRenderer {
  /// What a page shows: its sections, the footer, and the message when nothing matches.
  package struct Content: Sendable, Hashable {
    package var parts: [Page.Part]
    package var footer: LoadMoreFooterView
    /// Shown instead of sections when the footer is `hidden`.
    package var emptyMessage: CommandText

    package init(parts: [Page.Part], footer: LoadMoreFooterView, emptyMessage: CommandText) {
      self.parts = parts
      self.footer = footer
      self.emptyMessage = emptyMessage
    }
  }

  package static func render(_ content: Content, in viewport: Viewport) -> [String] {
    let style = TextStyle(enabled: viewport.color)
    var lines = continuedDataset(content.parts, width: viewport.width, style: style)
    for part in content.parts {
      if !lines.isEmpty { lines.append("") }
      lines += sectionLines(part, width: viewport.width, style: style)
    }
    // Nothing on the page (no match, no rows in range, a page past the end): say why.
    if content.parts.isEmpty && !content.emptyMessage.description.isEmpty {
      var message = content.emptyMessage
      message.sentence = TextEscaping.visible(message.sentence)
      lines += message.lines(width: viewport.width)
    }
    let footer = content.footer.lines(width: viewport.width, style: style)
    if !footer.isEmpty && !lines.isEmpty { lines.append("") }
    return StickyFooterLayout.arrange(content: lines, footer: footer, height: viewport.height)
  }

  /// `Dataset: NAME (continued)` above a page that starts inside a dataset (its header was on an
  /// earlier page) and shows another one too: every dataset on the page is named, as each that
  /// opens on it is (``Page/Part/namesDataset``). None otherwise.
  package static func continuedDataset(_ parts: [Page.Part], width: Int, style: TextStyle)
    -> [String]
  {
    guard let first = parts.first, !first.opensDataset,
      parts.contains(where: { $0.section.info.dataset != first.section.info.dataset })
    else { return [] }
    let name = TextEscaping.visible(first.section.info.dataset) + " (continued)"
    return DatasetHeaderView.labelled("Dataset: ", name, width: width).map(style.dim)
  }

  /// A section's header, rows and (when it closes on this page) notes footer.
  package static func sectionLines(_ part: Page.Part, width: Int, style: TextStyle) -> [String] {
    let info = part.section.info
    var lines = part.datasetHeader(width: width, style: style)
    lines += SectionHeaderView(
      title: info.heading, unit: info.unit, trend: part.trend, continued: !part.opensSection
    ).lines(width: width, style: style)
    let rows = part.section.rows.indices
    let columns = RowView.Columns(part, rows: rows)
    var gaps = part.placedGaps[...]
    for index in rows {
      while let gap = gaps.first, gap.row == index {
        lines.append(GapRowView(run: gap.run).line(width: width, style: style))
        gaps.removeFirst()
      }
      lines.append(RowView(part, row: index).line(columns: columns, width: width, style: style))
    }
    // The gaps after the last row.
    lines += gaps.map { GapRowView(run: $0.run).line(width: width, style: style) }
    if let notes = part.footerNotes, !notes.isEmpty {
      lines += NotesFooterView(notes: notes).lines(width: width, style: style)
    }
    return lines + part.datasetFooter(width: width, style: style)
  }
}
