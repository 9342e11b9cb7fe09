/// A section measured at one width: its header and notes lines (self-sizing views, rendered once
/// and reused on every frame), the columns its rows share, and so its height.
///
/// Rows are not stored: a row line is rendered when it is on screen, so the work per frame follows
/// the screen's size, not the data's.
struct SectionLayout: Sendable, Hashable {
  var header: [String]
  var columns: RowView.Columns
  var notes: [String]
  var rowCount: Int

  /// Header, rows, notes, and the blank line after the section.
  var height: Int { header.count + rowCount + notes.count + 1 }

  init(part: Page.Part, width: Int, style: TextStyle) {
    let info = part.section.info
    header = SectionHeaderView(title: info.title, unit: info.unit, trend: part.trend)
      .lines(width: width, style: style)
    columns = RowView.Columns(part, rows: part.section.rows.indices)
    notes = Self.notes(of: part, width: width, style: style)
    rowCount = part.section.rows.count
  }

  /// Takes in the rows a later page added to the section (from `row` on), and its notes once it
  /// closes, without measuring the rows it had again: a page load costs its own rows only.
  mutating func extend(with part: Page.Part, from row: Int, width: Int, style: TextStyle) {
    columns = columns.merged(with: RowView.Columns(part, rows: row..<part.section.rows.count))
    notes = Self.notes(of: part, width: width, style: style)
    rowCount = part.section.rows.count
  }

  /// The notes footer's lines, once the section's last row is loaded.
  private static func notes(of part: Page.Part, width: Int, style: TextStyle) -> [String] {
    guard let notes = part.footerNotes, !notes.isEmpty else { return [] }
    return NotesFooterView(notes: notes).lines(width: width, style: style)
  }

  /// What line `line` of the section is.
  func content(_ line: Int, section: Int) -> BrowseLine {
    if line < header.count { return .header(section: section, line: line) }
    let row = line - header.count
    if row < rowCount { return .row(section: section, row: row) }
    let note = row - rowCount
    if note < notes.count { return .notes(section: section, line: note) }
    return .gap
  }
}

/// One line of the scrolling content, before it is rendered.
enum BrowseLine: Sendable, Hashable {
  case header(section: Int, line: Int)
  case row(section: Int, row: Int)
  case notes(section: Int, line: Int)
  /// The blank line after a section.
  case gap
  case footer(line: Int)
}
