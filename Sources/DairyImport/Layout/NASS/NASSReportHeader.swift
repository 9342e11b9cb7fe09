import DairyFormats
import DairyModel
import Foundation

/// The header of a NASS report table: its stacked `h` lines read column by column, each data
/// column's words top to bottom joined into one caption (`November` over `2019`: `November
/// 2019`; `Change from` over `November` over `2019`), and what each column is.
///
/// The first cells of a line are the table number and the record type; the third is the row
/// labels' column (`Product`, `State and region`); the data columns follow. A caption stands
/// over the columns to its right whose cells are empty on its line when they have captions
/// below it and the same captions above it (`Milk cows` over `2019` and `2020`), so that a
/// caption that opens a new stack (`Change from` beside `November`) is never taken for one.
///
/// A data column is:
/// - a change (``Kind/derived``) when its caption speaks of one: `Change from November 2019`,
///   `Percent change`, `Percent of previous year`, `Difference`; its values are kept apart from
///   the levels, as series of their own, for the latest period of the table's levels;
/// - else a level (``Kind/level``) when its caption ends with a period (``NASSPeriodText``),
///   the words before it being its measure (`Milk cows 2020`: `Milk cows`); or, under a caption
///   with no period, for the last period the table's title names;
/// - else unread, which a value in it refuses.
///
/// ```swift
/// let header = NASSReportHeader(
///   rows: hLines, footnotes: [1], titlePeriod: nil, locate: source.location(of:))
/// header.columns[3]?.kind  // .level(measure: "", period: 2019-11)
/// header.columns[6]?.kind  // .derived(period: 2020-11)
/// ```
package struct NASSReportHeader {
  /// The first data column: after the table number, the record type and the row labels.
  package static let firstDataColumn = 3
  /// The row labels' column.
  package static let labelColumn = 2

  package enum Kind: Hashable {
    /// Values of `measure` (empty for the table's own) for `period`.
    case level(measure: String, period: Period)
    /// A change or a ratio, for `period`; nil when the table has no period it can be for.
    case derived(period: Period?)
    /// A caption that is neither.
    case unread
    /// No caption at all.
    case empty
  }

  package struct Column: Hashable {
    package var index: Int
    package var caption: Caption
    package var kind: Kind
    /// Where its caption's last line is, for an error about the column.
    package var location: SourceLocation?
  }

  /// The caption of the row labels' column (`Product`, `State and region`).
  package var labelCaption = ""
  package var columns: [Column] = []

  package init(
    rows: [TableRow], footnotes known: Set<FootnoteMark>, titlePeriod: Period?,
    locate: (TableCell) -> SourceLocation
  ) {
    let width = rows.map(\.count).max() ?? 0
    var grid = rows.map { row in (0..<width).map { row.trimmedText(at: $0) } }
    let first = Self.firstDataColumn
    if width > first + 1 {
      for line in grid.indices {
        for column in (first + 1)..<width where grid[line][column].isEmpty {
          let left = grid[line][column - 1]
          guard !left.isEmpty,
            grid[(line + 1)...].contains(where: { !$0[column].isEmpty }),
            grid[..<line].allSatisfy({ $0[column] == $0[column - 1] })
          else { continue }
          grid[line][column] = left
        }
      }
    }
    if width > Self.labelColumn {
      labelCaption = CaptionText.joinParts(grid.map { $0[Self.labelColumn] })
    }
    for column in first..<max(width, first) {
      let caption = Caption(CaptionText.joinParts(grid.map { $0[column] }), footnotes: known)
      let last = rows.lastIndex { column < $0.count && !$0.isBlank(at: column) }
      columns.append(
        Column(
          index: column, caption: caption, kind: Self.kind(of: caption.text, titlePeriod),
          location: last.map { locate(rows[$0].cells[column]) }))
    }
    // A change is for the latest period of the levels (a table of November 2020 compares it
    // with November 2019 and October 2020), else for the title's.
    let latest =
      columns.compactMap { column -> Period? in
        if case .level(_, let period) = column.kind { return period }
        return nil
      }.max { ($0.year, $0.key) < ($1.year, $1.key) } ?? titlePeriod
    for index in columns.indices where columns[index].kind == .derived(period: nil) {
      let measure = self.measure(startingChange: columns[index].caption.text)
      var own: Period?
      for column in columns {
        guard case .level(let levelMeasure, let period) = column.kind, levelMeasure == measure,
          own.map({ ($0.year, $0.key) < (period.year, period.key) }) ?? true
        else { continue }
        own = period
      }
      columns[index].kind = .derived(period: own ?? latest)
    }
  }

  /// What a column of caption `text` is; a change's period is set once the levels are known.
  private static func kind(of text: String, _ titlePeriod: Period?) -> Kind {
    if text.isEmpty { return .empty }
    if isDerived(text) { return .derived(period: nil) }
    if let (measure, period) = NASSPeriodText.read(text) {
      return .level(measure: measure, period: period)
    }
    if let titlePeriod { return .level(measure: text, period: titlePeriod) }
    return .unread
  }

  /// Whether a caption names a change or a ratio rather than a level: it speaks of a change or
  /// a difference, or is a percent or ratio of something (`Percent of previous year`).
  package static func isDerived(_ caption: String) -> Bool {
    let words = CaptionText.letterWords(caption)
    if words.contains(where: { $0 == "change" || $0 == "changes" || $0 == "difference" }) {
      return true
    }
    guard words.count >= 2 else { return false }
    return ["percent", "ratio", "index"].contains(words[0]) && ["of", "to"].contains(words[1])
  }

  /// The first level column whose measure and period an earlier one has already, with that
  /// one: a table gives each value once.
  package func repeatedLevel() -> (Column, first: Column)? {
    var seen: [Kind: Column] = [:]
    for column in columns {
      guard case .level = column.kind else { continue }
      if let first = seen[column.kind] { return (column, first) }
      seen[column.kind] = column
    }
    return nil
  }

  /// The measure of the levels a change's caption starts with (`Milk production Change from
  /// 2019`: `Milk production`), the longest if several; nil when it starts with none.
  package func measure(startingChange caption: String) -> String? {
    var found: String?
    for column in columns {
      guard case .level(let measure, _) = column.kind, !measure.isEmpty,
        caption.hasPrefix(measure + " "), measure.count > (found?.count ?? 0)
      else { continue }
      found = measure
    }
    return found
  }

  /// The data column at `index` (of the row's cells), if the header has it.
  package func column(_ index: Int) -> Column? {
    let position = index - Self.firstDataColumn
    return columns.indices.contains(position) ? columns[position] : nil
  }
}
