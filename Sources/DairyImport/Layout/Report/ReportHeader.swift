import DairyFormats
import DairyModel

/// The rows above a years-down data block, read as a reader reads them: title rows, header
/// rows (captions, some spanning several columns), and an optional unit row; and, from them,
/// each series column's captions top to bottom.
///
/// - Title rows: the first rows that hold one cell, in or left of the year column.
/// - A unit row: the last header row, when every cell in it is a unit (`thousand`, `dollars
///   per cwt`) and a header row stands above it.
/// - A caption spans the columns of its merged range (a workbook), else (above the last header
///   row) the empty cells after it up to the next caption, a spacer column, the year column or
///   the end of the caption above it. A caption over two series or more is their group.
/// - A series column holds a value in some data row, or a caption of its own.
package struct ReportHeader {
  /// One caption of a column, from top to bottom.
  package struct Component: Hashable {
    package var raw: String
    package var isGroup: Bool
    /// The header row (an index into ``rows``) and the column of the caption's cell.
    package var row: Int
    package var column: Int
  }

  /// A series column and what the header says of it.
  package struct Column {
    package var column: Int
    package var components: [Component]
    package var unit: String?
  }

  package var titles: [TableRow] = []
  package var rows: [TableRow] = []
  package var unitRow: TableRow?
  package var columns: [Column] = []

  package init(head: [TableRow], yearColumn: Int, filled: [Bool]) {
    titles = Self.titles(of: head, yearColumn: yearColumn)
    rows = Array(head.dropFirst(titles.count))
    if rows.count >= 2, let last = rows.last, Self.isUnitRow(last, yearColumn: yearColumn) {
      unitRow = last
      rows.removeLast()
    }
    let width = max(filled.count, (rows + [unitRow].compactMap { $0 }).map(\.count).max() ?? 0)
    let series = (0..<width).filter { column in
      column != yearColumn
        && ((column < filled.count && filled[column]) || rows.contains { !$0.isBlank(at: column) })
    }
    let covers = Self.covers(rows, width: width, yearColumn: yearColumn, series: Set(series))
    // Per header row, how many series columns each caption covers.
    spans = covers.map { cover in
      var counts: [Int: Int] = [:]
      for column in series { if let start = cover[column] { counts[start, default: 0] += 1 } }
      return counts
    }
    columns = series.map { column in
      var components: [Component] = []
      for (index, row) in rows.enumerated() {
        guard let start = covers[index][column] else { continue }
        components.append(
          Component(
            raw: row.trimmedText(at: start), isGroup: spans[index][start]! >= 2, row: index,
            column: start))
      }
      return Column(column: column, components: components, unit: nil)
    }
    if let unitRow { spreadUnits(unitRow, covers: covers) }
  }

  /// Per header row, the number of series columns under each caption (by its column).
  private var spans: [[Int: Int]] = []

  /// The title rows of `head`: its first rows that hold one cell, in or left of the year
  /// column, short of its last row.
  package static func titles(of head: [TableRow], yearColumn: Int) -> [TableRow] {
    Array(head.dropLast().prefix { isTitle($0, yearColumn: yearColumn) })
  }

  package static func isTitle(_ row: TableRow, yearColumn: Int) -> Bool {
    let filled = row.filledColumns
    return filled.count == 1 && filled[0] <= yearColumn
  }

  package static func isUnitRow(_ row: TableRow, yearColumn: Int) -> Bool {
    let filled = row.filledColumns.filter { $0 != yearColumn }
    return !filled.isEmpty && filled.allSatisfy { UnitText.isUnit(row.trimmedText(at: $0)) }
  }

  /// Per header row, the column of the caption that covers each column, or nil.
  package static func covers(_ rows: [TableRow], width: Int, yearColumn: Int, series: Set<Int>)
    -> [[Int?]]
  {
    var covers: [[Int?]] = []
    for (index, row) in rows.enumerated() {
      // The last header row holds the series' own captions: nothing below them to span.
      let spans = index < rows.count - 1
      var cover = [Int?](repeating: nil, count: width)
      let parent = covers.last
      var column = 0
      while column < width {
        guard column != yearColumn, !row.isBlank(at: column) else {
          column += 1
          continue
        }
        var end = column
        if let merge = row.merge(at: column), merge.anchor.column == column,
          merge.anchor.row == row.line
        {
          end = min(width - 1, column + merge.columns - 1)
        } else if spans {
          let limit = parentEnd(parent, column, width: width)
          while end + 1 <= limit, end + 1 != yearColumn, row.isBlank(at: end + 1),
            row.merge(at: end + 1) == nil, series.contains(end + 1)
          {
            end += 1
          }
        }
        for covered in column...end where covered != yearColumn { cover[covered] = column }
        column = end + 1
      }
      covers.append(cover)
    }
    return covers
  }

  /// The last column of the caption above that covers `column`, or the end of the table.
  private static func parentEnd(_ parent: [Int?]?, _ column: Int, width: Int) -> Int {
    guard let parent, let start = parent[column] else { return width - 1 }
    return (column..<width).last { parent[$0] == start } ?? column
  }

  /// Each series column's unit from the unit row: its own cell, the merged range it lies in, or
  /// (a CSV file) the unit cell before it under the same group.
  private mutating func spreadUnits(_ row: TableRow, covers: [[Int?]]) {
    for index in columns.indices {
      let column = columns[index].column
      var source = column
      if let merge = row.merge(at: column) {
        source = merge.anchor.column
      } else if row.isBlank(at: column), let group = groupStart(column, covers) {
        source = (group...column).last { !row.isBlank(at: $0) } ?? column
      }
      let unit = row.trimmedText(at: source)
      columns[index].unit = unit.isEmpty ? nil : UnitText.normalized(unit)
    }
  }

  /// Where the lowest group caption over `column` starts, or nil.
  private func groupStart(_ column: Int, _ covers: [[Int?]]) -> Int? {
    for index in covers.indices.reversed() {
      if let start = covers[index][column], spans[index][start, default: 0] >= 2 { return start }
    }
    return nil
  }
}
