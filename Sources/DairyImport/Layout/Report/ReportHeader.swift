import DairyFormats
import DairyModel

/// The rows above a years-down data block, read as a reader reads them: title rows, header
/// rows (captions, some stacked over several rows, some spanning several columns), and an
/// optional unit row; and, from them, each series column's captions top to bottom.
///
/// - Title rows: the first rows that hold one cell, in or left of the year column.
/// - A unit row: the last header row, when every cell in it is a unit (`thousand`, `dollars
///   per cwt`) and a header row stands above it.
/// - Captions: cells stacked in one column that read as one caption are joined (`Dry` /
///   `whole` / `milk`); a caption with another under it in its column heads a span of columns
///   (``HeaderCaption``, ``HeaderSpans``). A caption over two series or more is their group.
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
  /// The header's captions, each with the columns it heads and how that was found.
  package var captions: [HeaderCaption] = []
  /// The unit row's captions, each with the columns it applies to.
  package var unitCaptions: [HeaderCaption] = []

  package init(head: [TableRow], yearColumn: Int, filled: [Bool]) {
    titles = Self.titles(of: head, yearColumn: yearColumn)
    rows = Array(head.dropFirst(titles.count))
    if rows.count >= 2, let last = rows.last, Self.isUnitRow(last, yearColumn: yearColumn) {
      unitRow = last
      rows.removeLast()
    }
    // A header deeper than any table's is refused (``ReportSurvey``) before it is read: its
    // captions would stack over every column.
    guard rows.count <= Self.maxRows else { return }
    let width = max(filled.count, (rows + [unitRow].compactMap { $0 }).map(\.count).max() ?? 0)
    let series = (0..<width).filter { column in
      column != yearColumn
        && ((column < filled.count && filled[column]) || rows.contains { !$0.isBlank(at: column) })
    }
    let seriesSet = Set(series)
    captions = HeaderCaption.captions(
      of: rows, width: width, yearColumn: yearColumn, series: seriesSet)
    let groups = captions.filter { !$0.isLeaf }.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
    // The groups over each column, top to bottom, and how many series each heads.
    var over: [Int: [Int]] = [:]
    var heads: [Int] = []
    for (index, group) in groups.enumerated() {
      heads.append(group.span.filter(seriesSet.contains).count)
      for column in group.span where seriesSet.contains(column) {
        over[column, default: []].append(index)
      }
    }
    let leaves = Dictionary(
      captions.filter(\.isLeaf).map { ($0.column, $0) }, uniquingKeysWith: { first, _ in first })
    columns = series.map { column in
      var components = (over[column] ?? []).map { index in
        Component(
          raw: groups[index].text, isGroup: heads[index] >= 2, row: groups[index].rows.lowerBound,
          column: groups[index].column)
      }
      if let leaf = leaves[column] {
        components.append(
          Component(
            raw: leaf.text, isGroup: false, row: leaf.rows.lowerBound, column: leaf.column))
      }
      return Column(column: column, components: components, unit: nil)
    }
    if let unitRow { spreadUnits(unitRow, width: width, yearColumn: yearColumn, series: seriesSet) }
  }

  /// The most header rows a report's header reads (ERS tables have up to eight or so).
  package static let maxRows = 64

  /// Whether the header has more rows than ``maxRows``: it is not read.
  package var isTooDeep: Bool { rows.count > Self.maxRows }

  /// The title rows of `head`: its first rows that hold one cell, in or left of the year
  /// column, short of its last row.
  package static func titles(of head: [TableRow], yearColumn: Int) -> [TableRow] {
    Array(head.dropLast().prefix { isTitle($0, yearColumn: yearColumn) })
  }

  /// A title row holds one cell, or none but the file's name (``TableRow/titleColumns``).
  package static func isTitle(_ row: TableRow, yearColumn: Int) -> Bool {
    let filled = row.titleColumns
    return filled.count <= 1 && (filled.first ?? 0) <= yearColumn && !row.isBlankRow
  }

  package static func isUnitRow(_ row: TableRow, yearColumn: Int) -> Bool {
    let filled = row.filledColumns.filter { $0 != yearColumn }
    return !filled.isEmpty && filled.allSatisfy { UnitText.isUnit(row.trimmedText(at: $0)) }
  }

  /// Each series column's unit from the unit row, spread as captions are (``HeaderSpans``):
  /// its own cell, a merged range or centring across the selection, a unit starting or centred
  /// over its span within the group above it; a unit row of one cell (`Pounds`, centred over
  /// the data) gives every column its unit unless the sheet gives its span; a unit between dash
  /// rules reaches the columns up to the next unit (``UnitText/reachRuledUnits(_:series:)``).
  private mutating func spreadUnits(
    _ row: TableRow, width: Int, yearColumn: Int, series: Set<Int>
  ) {
    var units = HeaderCaption.captions(
      of: [row], width: width, yearColumn: yearColumn, series: series
    ).map { caption in
      var unit = caption
      unit.isLeaf = false
      return unit
    }
    if units.count == 1, units[0].givenSpan == nil {
      let columns = series.sorted()
      units[0].span = (columns.first ?? units[0].column)...(columns.last ?? units[0].column)
      units[0].evidence = .onlyUnit
    } else {
      let groups = captions.filter { !$0.isLeaf }
      HeaderSpans.spreadUnits(
        &units, width: width, yearColumn: yearColumn, series: series, within: groups)
    }
    UnitText.reachRuledUnits(&units, series: series)
    unitCaptions = units
    // Each column's unit: the unit in its own cell, else the first whose span covers it.
    var unitOf: [Int: Int] = [:]
    for (index, unit) in units.enumerated().reversed() {
      for column in unit.span where series.contains(column) { unitOf[column] = index }
    }
    for (index, unit) in units.enumerated().reversed() { unitOf[unit.column] = index }
    for index in columns.indices {
      let column = columns[index].column
      guard
        let unit = unitOf[column].map({ units[$0] })
      else { continue }
      let text = SectionFields.collapsingWhitespace(unit.text)
      columns[index].unit = text.isEmpty ? nil : UnitText.normalized(text)
    }
  }
}
