import DairyImport
import DairyModel

/// `dairy show --wide`: sections side by side, periods down and a column per section, as a
/// table for the terminal, as CSV for a spreadsheet, or as JSON.
///
/// The table gives each column the room its header needs (the title wrapped on up to
/// ``headerLines`` lines, the unit under it) and its widest amount; columns that do not fit
/// the width go to the next block, under the period column again. CSV and JSON are written a
/// row at a time, as the rows come.
///
/// ```swift
/// WideTableRenderer.render([table], legend: [:], in: Viewport(width: 80))
/// // ["Year        Butter  American cheese", "     lb per person    lb per person", …]
/// ```
package enum WideTableRenderer {
  /// The most lines a column's title wraps to in the table before it is cut (`…`).
  package static let headerLines = 3
  /// The narrowest a column's title is wrapped to, when it is longer than its amounts.
  package static let titleWidth = 14

  // MARK: - The table

  /// The tables as lines: for each, a caption when there are several (`annual · 3 sections`),
  /// then its blocks of columns, a blank line between, and the meaning of each marker shown.
  package static func render(
    _ tables: [WideTable], legend: [String: String], in viewport: Viewport
  ) -> [String] {
    let style = TextStyle(enabled: viewport.color)
    var lines: [String] = []
    var markers: Set<String> = []
    for table in tables {
      if !lines.isEmpty { lines.append("") }
      if tables.count > 1 {
        let count = table.columns.count
        lines.append(
          style.bold(
            DisplayWidth.truncate(
              "\(table.frequency.rawValue) · \(Grouping.digits(count)) section"
                + (count == 1 ? "" : "s"), to: viewport.width)))
      }
      lines += blocks(of: table, width: viewport.width, style: style)
      for row in table.rows {
        for case .missing(let marker) in row.cells { markers.insert(marker) }
      }
    }
    for marker in markers.sorted() where !marker.isEmpty {
      let meaning = legend[marker].map { ": " + TextEscaping.visible($0) } ?? ""
      lines.append(
        style.dim(DisplayWidth.truncate(TextEscaping.visible(marker) + meaning, to: viewport.width))
      )
    }
    return lines
  }

  /// One table as blocks of columns that fit `width`.
  private static func blocks(of table: WideTable, width: Int, style: TextStyle) -> [String] {
    let periodHeader = table.frequency == .annual ? "Year" : "Period"
    let periods = table.rows.map { Period(frequency: table.frequency, key: $0.period).text }
    let periodWidth = max(DisplayWidth.of(periodHeader), periods.map(DisplayWidth.of).max() ?? 0)
    // The room a column may take: the width less the period column and its gap.
    let room = max(1, width - periodWidth - 2)
    var columns = table.columns.indices.map { index in
      Column(table, index, room: room)
    }
    // Columns packed into blocks, in order, while they fit at their narrowest; then the room a
    // block has left goes to the headers that wrap onto the most lines, a column at a time.
    var blocks: [[Int]] = []
    var used = 0
    for index in columns.indices {
      if blocks.isEmpty || used + 2 + columns[index].width > room + 2 {
        blocks.append([])
        used = 0
      }
      blocks[blocks.count - 1].append(index)
      used += 2 + columns[index].width
    }
    for block in blocks {
      var spare = room + 2 - block.reduce(0) { $0 + 2 + columns[$1].width }
      while spare > 0 {
        let wrapped = block.filter { columns[$0].width < columns[$0].wanted }
        guard let neediest = wrapped.max(by: { columns[$0].lines < columns[$1].lines }),
          columns[neediest].lines > 1
        else { break }
        columns[neediest].widen(to: columns[neediest].width + 1)
        spare -= 1
      }
    }
    func line(_ period: String, _ cells: [String], _ block: [Int]) -> String {
      var line = DisplayWidth.padRight(period, to: periodWidth)
      for (cell, index) in zip(cells, block) {
        let width = columns[index].width
        line += "  " + DisplayWidth.padLeft(DisplayWidth.truncate(cell, to: width), to: width)
      }
      return DisplayWidth.truncate(line.trimmingTrailingSpaces(), to: width)
    }
    var lines: [String] = []
    for block in blocks {
      if !lines.isEmpty { lines.append("") }
      let titleLines = block.map { columns[$0].title.count }.max() ?? 0
      let unitLines = block.map { columns[$0].unit.count }.max() ?? 0
      for index in 0..<titleLines {
        let cells = block.map { column in
          let title = columns[column].title
          // Titles sit on the unit line: their last lines level.
          let offset = index - (titleLines - title.count)
          return offset >= 0 ? title[offset] : ""
        }
        lines.append(style.bold(line(index == titleLines - 1 ? periodHeader : "", cells, block)))
      }
      for index in 0..<unitLines {
        let cells = block.map { index < columns[$0].unit.count ? columns[$0].unit[index] : "" }
        lines.append(style.dim(line("", cells, block)))
      }
      for (row, period) in zip(table.rows, periods) {
        let cells = block.map { text(row.cells[$0], decimals: table.columns[$0].decimals) }
        lines.append(line(period, cells, block))
      }
    }
    return lines
  }

  /// A column of the table: its title and unit as header lines, and its width.
  private struct Column {
    var heading: String
    var unitText: String
    var title: [String] = []
    var unit: [String] = []
    var width: Int
    /// The width at which its header is one line each (title and unit), within the room.
    var wanted: Int
    /// The lines its header takes at its width, before the title is cut.
    var lines = 0

    /// Column `index` of `table`, at most `room` wide: as wide as its amounts, and as its title
    /// up to ``titleWidth`` (a longer title wraps, rather than widen the table).
    init(_ table: WideTable, _ index: Int, room: Int) {
      let info = table.columns[index]
      heading = TextEscaping.visible(info.heading)
      unitText = info.unit.map(TextEscaping.visible) ?? ""
      let amounts =
        table.rows.map {
          DisplayWidth.of(WideTableRenderer.text($0.cells[index], decimals: info.decimals))
        }.max() ?? 0
      let header = max(DisplayWidth.of(heading), DisplayWidth.of(unitText))
      width = min(room, max(1, amounts, min(header, titleWidth)))
      wanted = min(room, max(width, header))
      widen(to: width)
    }

    /// Lays the header out at `width`: the title on up to ``headerLines`` lines (the last cut
    /// with `…`), the unit under it.
    mutating func widen(to width: Int) {
      self.width = width
      var title = WordWrap.lines(heading, width: width)
      unit = unitText.isEmpty ? [] : WordWrap.lines(unitText, width: width)
      lines = title.count + unit.count
      if title.count > headerLines {
        title = Array(title.prefix(headerLines))
        title[headerLines - 1] = DisplayWidth.truncate(title[headerLines - 1] + " …", to: width)
      }
      self.title = title
    }
  }

  /// A cell as the table shows it: the amount with the section's decimals, the marker, or
  /// nothing.
  static func text(_ cell: CrossSection.Cell, decimals: Int) -> String {
    switch cell {
    case .value(let amount): AmountFormat.string(amount, decimals: decimals)
    case .missing(let marker): TextEscaping.visible(marker)
    case .none: ""
    }
  }

  // MARK: - CSV

  /// The CSV header of `table`: `year` (`period` when not annual), then a column per section,
  /// named by its title (and place) with its unit in parentheses, `Butter (lb per person)`;
  /// a name two sections share gets each one's dataset in brackets.
  package static func csvHeader(_ table: WideTable) -> String {
    let names = table.columns.map { info in
      info.heading + (info.unit.map { " (" + $0 + ")" } ?? "")
    }
    let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
    let unique = zip(names, table.columns).map { name, info in
      counts[name, default: 0] > 1 ? name + " [" + info.dataset + "]" : name
    }
    let period = table.frequency == .annual ? "year" : "period"
    return ([period] + unique).map(LongFormatCSV.field).joined(separator: ",") + "\r\n"
  }

  /// A CSV line of `table`: the period, then each cell: the exact amount, the marker, or empty.
  package static func csvLine(_ row: WideTable.Row, of table: WideTable) -> String {
    var fields = [Period(frequency: table.frequency, key: row.period).text]
    for cell in row.cells {
      switch cell {
      case .value(let amount): fields.append(JSONText.number(amount))
      case .missing(let marker): fields.append(LongFormatCSV.field(marker))
      case .none: fields.append("")
      }
    }
    return fields.joined(separator: ",") + "\r\n"
  }
}

// MARK: - JSON

/// `dairy show --wide --format json`: `{"tables":[{"frequency","columns":[…],"rows":[{"year"
/// (or "period"),"cells":[…]}]}]}`, rows written as they are read.
package struct WideTableDocument: Encodable {
  package var tables: StreamedArray<Table>

  package init(tables: StreamedArray<Table>) {
    self.tables = tables
  }

  /// One table: its frequency, its columns (a section each) and its rows.
  package struct Table: Encodable {
    package var frequency: Frequency
    package var columns: [SectionInfo]
    /// Calls its argument with each row, in order (as the database reads them).
    package var rows: ((WideTable.Row) throws -> Void) throws -> Void

    package init(
      _ table: WideTable, rows: @escaping ((WideTable.Row) throws -> Void) throws -> Void
    ) {
      frequency = table.frequency
      columns = table.columns
      self.rows = rows
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(frequency.rawValue, forKey: "frequency")
      try container.encode(columns.map(ColumnFields.init), forKey: "columns")
      try container.encode(
        StreamedArray<Row> { write in
          try rows { try write(Row(row: $0, frequency: frequency)) }
        }, forKey: "rows")
    }
  }

  /// A column: the section's dataset, title and unit, and its place when it has one.
  private struct ColumnFields: Encodable {
    var info: SectionInfo

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(info.dataset, forKey: "dataset")
      try container.encode(info.fields, [.title, .unit])
      try container.encodeIfPresent(
        info.fields, SectionFields.writtenWhenGiven.filter { $0 != .frequency })
    }
  }

  /// A row: `year` (a number) in an annual table, else `period` (text), and its cells.
  private struct Row: Encodable {
    var row: WideTable.Row
    var frequency: Frequency

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      if frequency == .annual {
        try container.encode(row.period, forKey: "year")
      } else {
        try container.encode(Period(frequency: frequency, key: row.period).text, forKey: "period")
      }
      try container.encode(row.cells, forKey: "cells")
    }
  }
}

extension CrossSection.Cell: Encodable {
  /// A value as its number, a marked cell as `{"marker":"(D)"}`, nothing as `null`.
  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .value(let amount):
      var container = encoder.singleValueContainer()
      try container.encode(amount)
    case .missing(let marker):
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(marker, forKey: "marker")
    case .none:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
  }
}
