import DairyImport
import DairyModel

/// `dairy show --by place`: sections of one title at many places as one table each, a row a
/// place and a column a period, fitted to the width (the place column narrows, then the code
/// goes, then the earliest periods), marked cells as their marker with the legend below; or the
/// same as long CSV or JSON.
///
/// ```swift
/// CrossSectionRenderer.render(tables, in: Viewport(width: 80)).first
/// // "Milk sales · dollars · 50 places"
/// ```
package enum CrossSectionRenderer {
  /// The tables as lines, a blank line between them.
  package static func render(_ tables: [CrossSection], in viewport: Viewport) -> [String] {
    let style = TextStyle(enabled: viewport.color)
    var lines: [String] = []
    for table in tables {
      if !lines.isEmpty { lines.append("") }
      let periods = table.periods.map { Period(frequency: table.frequency, key: $0).text }
      let places = "\(Grouping.digits(table.rows.count)) place\(table.rows.count == 1 ? "" : "s")"
      let title =
        TextEscaping.visible(table.title)
        + (table.group.map { " (" + TextEscaping.visible($0) + ")" } ?? "")
      let unit = table.unit.map(TextEscaping.visible)
      let heading = ([title] + (unit.map { [$0] } ?? []) + [places]).joined(separator: " · ")
      lines.append(style.bold(DisplayWidth.truncate(heading, to: viewport.width)))
      lines.append(
        style.dim(
          DisplayWidth.truncate(
            "dataset " + TextEscaping.visible(table.dataset), to: viewport.width)))
      // A column holds the places' sections, each displayed with its own decimals: one
      // number of decimals for the table (the most any place shows) keeps a column's decimal
      // points in line (`9,362.00` above `11,155.00`, not `11,155.0`).
      let decimals = table.rows.map(\.decimals).max() ?? 0
      var text = TextTable(
        columns: [TextTable.Column("Place"), TextTable.Column("Code")]
          + periods.map { TextTable.Column($0, alignment: .right) },
        rows: table.rows.map { row -> [String] in
          let place = row.place.map(TextEscaping.visible) ?? "–"
          return [place, row.code ?? ""] + row.cells.map { cell($0, decimals: decimals) }
        })
      // No code for any place (a national series): its column goes before a place is cut.
      let codeless = table.rows.allSatisfy { ($0.code ?? "").isEmpty }
      text.fitting =
        (codeless ? [.drop(1)] : []) + [.shrink(0, toAtLeast: 16), .drop(1)]
        + periods.indices.dropLast().map { .drop($0 + 2) } + [.shrink(0, toAtLeast: 6)]
      let fitted = text.lines(width: viewport.width)
      lines.append(style.dim(fitted.header))
      lines += fitted.rows
      let markers = Set(
        table.rows.flatMap(\.cells).compactMap { cell -> String? in
          if case .missing(let marker) = cell { return marker } else { return nil }
        })
      for marker in markers.sorted() {
        let meaning = table.legend[marker].map { ": " + TextEscaping.visible($0) } ?? ""
        lines.append(
          style.dim(
            DisplayWidth.truncate(TextEscaping.visible(marker) + meaning, to: viewport.width)))
      }
    }
    return lines
  }

  /// A cell as the table shows it.
  private static func cell(_ cell: CrossSection.Cell, decimals: Int) -> String {
    switch cell {
    case .value(let amount): AmountFormat.string(amount, decimals: decimals)
    case .missing(let marker): TextEscaping.visible(marker)
    case .none: ""
    }
  }

  /// The tables as long CSV: a line per place and period with a value or a marker.
  package static func csv(_ tables: [CrossSection]) -> String {
    var out = "dataset,section,place,placeCode,period,amount,marker,unit\r\n"
    for table in tables {
      let prefix = LongFormatCSV.field(table.dataset) + "," + LongFormatCSV.field(table.title) + ","
      let unit = LongFormatCSV.field(table.unit ?? "")
      for row in table.rows {
        let place =
          LongFormatCSV.field(row.place ?? "") + "," + LongFormatCSV.field(row.code ?? "") + ","
        for (key, cell) in zip(table.periods, row.cells) {
          let period = Period(frequency: table.frequency, key: key).text
          switch cell {
          case .value(let amount):
            out += prefix + place + period + "," + JSONText.number(amount) + ",," + unit + "\r\n"
          case .missing(let marker):
            out +=
              prefix + place + period + ",," + LongFormatCSV.field(marker) + "," + unit + "\r\n"
          case .none: continue
          }
        }
      }
    }
    return out
  }

  /// The tables as JSON: `{"tables":[{"dataset","title","unit","frequency","periods",
  /// "rows":[{"place","placeCode","cells":[1.0,{"marker":"(D)"},null]}]}]}`.
  package static func json(_ tables: [CrossSection]) -> String {
    JSONOutput.string(Document(tables: tables.map(Table.init)))
  }

  private struct Document: Encodable {
    var tables: [Table]
  }

  private struct Table: Encodable {
    var dataset: String
    var title: String
    var group: String?
    var unit: String?
    var frequency: String
    var periods: [String]
    var rows: [Place]

    init(_ table: CrossSection) {
      dataset = table.dataset
      title = table.title
      group = table.group
      unit = table.unit
      frequency = table.frequency.rawValue
      periods = table.periods.map { Period(frequency: table.frequency, key: $0).text }
      rows = table.rows.map {
        Place(place: $0.place, placeCode: $0.code, cells: $0.cells)
      }
    }
  }

  private struct Place: Encodable {
    var place: String?
    var placeCode: String?
    var cells: [CrossSection.Cell]

    private enum CodingKeys: String, CodingKey { case place, placeCode, cells }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(place, forKey: .place)
      try container.encode(placeCode, forKey: .placeCode)
      try container.encode(cells, forKey: .cells)
    }
  }
}
