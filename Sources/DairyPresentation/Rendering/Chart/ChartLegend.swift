import DairyImport
import DairyModel

/// The legend: one entry a series with its mark, title, unit, and first and last value
/// (`* Butter, lb per person: 4.7 → 6.0`; one value for one year), the year added where a series
/// starts or ends inside the chart's span; laid out in as many columns as the width holds.
package struct ChartLegend: Sendable, Hashable {
  package struct Entry: Sendable, Hashable {
    package var series: Int
    package var mark: Character
    /// Title and unit, escaped.
    package var name: String
    /// First and last value, or why there are none.
    package var values: String
    /// How many characters at the end of `name` tell this series from the others of its title
    /// (` · Dane, Wisconsin, head`): a name too long is cut in its title first.
    package var tail = 0

    package var naturalWidth: Int { 2 + DisplayWidth.of(name) + 2 + DisplayWidth.of(values) }

    /// The entry in at most `width` columns: the name gives way first, its title before its
    /// place.
    package func text(width: Int, color: Bool) -> String {
      let key = ChartPalette.paint(String(mark), series: series, color: color) + " "
      let room = width - 2 - 2 - DisplayWidth.of(values)
      guard room >= 4 else {
        return key + DisplayWidth.truncate(name + ": " + values, to: width - 2)
      }
      return key + Self.shortened(name, tail: tail, to: room) + ": " + values
    }

    /// `name` in `room` columns: its title cut (to 6 columns at least) before its tail; with no
    /// room for both, the tail alone (the place, which tells the entries apart).
    static func shortened(_ name: String, tail: Int, to room: Int) -> String {
      guard DisplayWidth.of(name) > room, tail > 3 else {
        return DisplayWidth.truncate(name, to: room)
      }
      let end = String(name.suffix(tail))
      let titleRoom = room - DisplayWidth.of(end)
      guard titleRoom >= 6 else { return DisplayWidth.truncate(String(end.dropFirst(3)), to: room) }
      return DisplayWidth.truncate(String(name.dropLast(tail)), to: titleRoom) + end
    }
  }

  package var entries: [Entry]

  package init(chart: Chart, arrow: String) {
    entries = chart.lines.map { line in
      let series = line.series
      var name = TextEscaping.visible(series.title)
      if let unit = series.unit, !unit.isEmpty, !Self.title(series.title, carries: unit) {
        name += ", " + TextEscaping.visible(unit)
      }
      // A section's heading is `title · place`: the place and unit are what a cut keeps.
      let tail = name.range(of: " · ", options: .backwards).map { name[$0.lowerBound...].count }
      return Entry(
        series: line.number, mark: ChartPalette.mark(line.number), name: name,
        values: Self.values(of: line, in: chart.years, arrow: arrow, time: chart.time),
        tail: tail ?? 0)
    }
  }

  /// Whether `title` ends with `unit` already, as report tables title their series
  /// (`Wisconsin, mil. pounds`, `Milk cows (thousand head)`): the legend does not repeat it.
  package static func title(_ title: String, carries unit: String) -> Bool {
    let (title, unit) = (title.lowercased(), unit.lowercased())
    return title == unit || title.hasSuffix(", " + unit) || title.hasSuffix(" (" + unit + ")")
  }

  package static func values(
    of line: ChartLine, in years: ClosedRange<Int64>?, arrow: String, time: ChartTime = ChartTime()
  ) -> String {
    switch line.problem {
    case .noData: return "no data in range"
    case .notIndexable(let first):
      return "not indexed: first value "
        + ChartNumberFormat.amount(first, of: line.series) + " is not above 0"
    case nil: break
    }
    guard let first = line.first, let last = line.last else { return "" }
    var text = ChartNumberFormat.amount(first.amount, of: line.series)
    if first.year != years?.lowerBound { text += " (\(time.label(first.year)))" }
    guard last.year != first.year else { return text }
    text += " \(arrow) " + ChartNumberFormat.amount(last.amount, of: line.series)
    if last.year != years?.upperBound { text += " (\(time.label(last.year)))" }
    if line.base != nil {
      text += " (index " + AmountFormat.string(line.plotted(last.amount), decimals: 0) + ")"
    }
    return text
  }

  /// The fewest lines that show every entry whole at `width`.
  package func naturalRows(width: Int) -> Int {
    guard let widest = entries.map(\.naturalWidth).max() else { return 0 }
    let columns = Swift.max(1, Swift.min(entries.count, (width + 2) / (widest + 2)))
    return (entries.count + columns - 1) / columns
  }

  /// The legend in at most `maxRows` lines of at most `width` columns: more columns (names cut
  /// short) when one column would not fit, and a last line saying how many entries are left out
  /// when even that does not.
  package func lines(width: Int, maxRows: Int, color: Bool) -> [String] {
    guard !entries.isEmpty, maxRows > 0 else { return [] }
    let widest = entries.map(\.naturalWidth).max() ?? 0
    let narrowest = Swift.min(widest, 28)
    var columns = 1
    while (entries.count + columns - 1) / columns > maxRows {
      let next = columns + 1
      guard (width - 2 * (next - 1)) / next >= narrowest, next <= entries.count else { break }
      columns = next
    }
    let columnWidth = Swift.min(widest, (width - 2 * (columns - 1)) / columns)
    var shown = entries
    var more: String?
    if (entries.count + columns - 1) / columns > maxRows {
      shown = Array(entries.prefix((maxRows - 1) * columns))
      more = DisplayWidth.truncate("… and \(entries.count - shown.count) more", to: width)
    }
    var lines: [String] = []
    for start in stride(from: 0, to: shown.count, by: columns) {
      let row = shown[start..<Swift.min(start + columns, shown.count)]
      let cells = row.map { entry in
        let text = entry.text(width: columnWidth, color: false)
        let pad = String(repeating: " ", count: Swift.max(0, columnWidth - DisplayWidth.of(text)))
        return entry.text(width: columnWidth, color: color) + pad
      }
      lines.append(cells.joined(separator: "  ").trimmingTrailingSpaces())
    }
    return lines + (more.map { [$0] } ?? [])
  }
}
