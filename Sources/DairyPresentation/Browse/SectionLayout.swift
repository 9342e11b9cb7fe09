import DairyImport
import DairyModel

/// A section measured at one width: its header and notes lines (self-sizing views, rendered once
/// and reused on every frame), the columns its rows share, and so its height.
///
/// Rows are not stored: a row line is rendered when it is on screen, so the work per frame follows
/// the screen's size, not the data's.
package struct SectionLayout: Sendable, Hashable {
  /// The dataset's header when the section opens it, then the section's own.
  package var header: [String]
  /// How many of the header's lines are the dataset's.
  package var datasetHeaderCount = 0
  package var columns: RowView.Columns
  package var notes: [String]
  package var rowCount: Int
  /// The lines of the section's runs of missing years, each with the row it comes before.
  package var gaps: [GapLine] = []

  /// A run of missing years' line, and the row it comes before.
  package struct GapLine: Sendable, Hashable {
    package var row: Int
    package var line: String
  }

  /// Header, rows and gaps, notes, and the blank line after the section.
  package var height: Int { header.count + rowCount + gaps.count + notes.count + 1 }

  package init(part: Page.Part, width: Int, style: TextStyle) {
    let info = part.section.info
    let datasetHeader = part.datasetHeader(width: width, style: style)
    datasetHeaderCount = datasetHeader.count
    header =
      datasetHeader
      + SectionHeaderView(title: info.heading, unit: info.unit, trend: part.trend)
      .lines(width: width, style: style)
    columns = RowView.Columns(part, rows: part.section.rows.indices)
    notes = Self.notes(of: part, width: width, style: style)
    rowCount = part.section.rows.count
    gaps = Self.gaps(of: part, width: width, style: style)
  }

  /// Takes in the rows a later page added to the section (from `row` on), and its notes once it
  /// closes, without measuring the rows it had again: a page load costs its own rows only.
  package mutating func extend(with part: Page.Part, from row: Int, width: Int, style: TextStyle) {
    columns = columns.merged(with: RowView.Columns(part, rows: row..<part.section.rows.count))
    notes = Self.notes(of: part, width: width, style: style)
    rowCount = part.section.rows.count
    gaps = Self.gaps(of: part, width: width, style: style)
  }

  /// The notes footer's lines, once the section's last row is loaded.
  private static func notes(of part: Page.Part, width: Int, style: TextStyle) -> [String] {
    let footer = part.datasetFooter(width: width, style: style)
    guard let notes = part.footerNotes, !notes.isEmpty else { return footer }
    return NotesFooterView(notes: notes).lines(width: width, style: style) + footer
  }

  private static func gaps(
    of part: Page.Part, width: Int, style: TextStyle
  ) -> [GapLine] {
    part.placedGaps.map {
      GapLine(row: $0.row, line: GapRowView(run: $0.run).line(width: width, style: style))
    }
  }

  /// The section's own header, which browse pins while the rows scroll.
  package var sectionHeader: ArraySlice<String> { header.dropFirst(datasetHeaderCount) }

  /// The line of this layout that shows what line `line` of `other` (the same section at
  /// another width) shows: the dataset's header and the section's own may wrap to more or fewer
  /// lines, and the rows must not move when they do.
  package func line(matching line: Int, in other: SectionLayout) -> Int {
    if line < other.datasetHeaderCount { return min(line, max(0, datasetHeaderCount - 1)) }
    if line < other.header.count {
      let own = line - other.datasetHeaderCount
      return datasetHeaderCount + min(own, max(0, header.count - datasetHeaderCount - 1))
    }
    return line - other.header.count + header.count
  }

  /// How many of the section's rows come before its line `line` (gap lines are not rows).
  package func rowsBefore(line: Int) -> Int {
    let shown = max(0, line - header.count)
    let gapsBefore = gaps.enumerated().filter { $0.element.row + $0.offset < shown }.count
    return min(shown - gapsBefore, rowCount)
  }

  /// What line `line` of the section is.
  package func content(_ line: Int, section: Int) -> BrowseLine {
    if line < header.count { return .header(section: section, line: line) }
    let shown = line - header.count
    var row = shown
    for (index, gap) in gaps.enumerated() {
      // The gap's line stands where its row would, and pushes the rows after it down one.
      if shown == gap.row + index { return .missing(section: section, gap: index) }
      if shown < gap.row + index { break }
      row -= 1
    }
    if row < rowCount { return .row(section: section, row: row) }
    let note = row - rowCount
    if note < notes.count { return .notes(section: section, line: note) }
    return .gap
  }
}

/// One line of the scrolling content, before it is rendered.
package enum BrowseLine: Sendable, Hashable {
  case header(section: Int, line: Int)
  case row(section: Int, row: Int)
  case notes(section: Int, line: Int)
  /// A run of missing years between rows.
  case missing(section: Int, gap: Int)
  /// The blank line after a section.
  case gap
  case footer(line: Int)
}
