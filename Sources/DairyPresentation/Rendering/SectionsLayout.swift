import DairyImport
import DairyModel

/// How `dairy sections` lays out its tables: a block per dataset — its name and facts, the
/// column header, its sections — and, in a dataset whose sections are about places, each place's
/// sections together under the place's name, indented, so that 50 States read as 50 short lists
/// rather than one column repeating their names.
///
/// Each block is its own table (``TextTable``): a dataset's columns are as wide as its own cells
/// need, and a column none of its sections fills (a group, a unit) is not there.
///
/// ```swift
/// let lines = SectionsLayout.lines(summaries, in: Viewport(width: 80)) { block in
///   TextTable(
///     columns: [TextTable.Column("Section")],
///     rows: block.summaries.map { [$0.info.title] })
/// }
/// ```
package enum SectionsLayout {
  /// The columns a section's line is indented by under its place's name.
  package static let placeIndent = 2

  /// One dataset's sections, in the order its table shows them.
  package struct Block: Sendable, Hashable {
    package var dataset: String
    /// Grouped by place (in the order each place first comes), else as they came.
    package var summaries: [SectionSummary]
    /// Whether any of the sections is about a place: the lines go under place names.
    package var isPlaced: Bool
  }

  /// The summaries in blocks, one per dataset in the order the datasets first come.
  package static func blocks(_ summaries: [SectionSummary]) -> [Block] {
    grouped(summaries, by: \.info.dataset).map { name, part in
      guard part.contains(where: { $0.info.place != nil }) else {
        return Block(dataset: name, summaries: part, isPlaced: false)
      }
      // Sections about no place first, then each place's, the places in the order they came.
      var places = grouped(part, by: \.info.place)
      if let none = places.firstIndex(where: { $0.key == nil }) {
        places.insert(places.remove(at: none), at: 0)
      }
      return Block(dataset: name, summaries: places.flatMap(\.items), isPlaced: true)
    }
  }

  /// `items` in groups of one key, the groups in the order their keys first come, each in the
  /// items' order.
  private static func grouped<Key: Hashable>(
    _ items: [SectionSummary], by key: (SectionSummary) -> Key
  ) -> [(key: Key, items: [SectionSummary])] {
    var groups: [(key: Key, items: [SectionSummary])] = []
    var index: [Key: Int] = [:]
    for item in items {
      let value = key(item)
      if let at = index[value] {
        groups[at].items.append(item)
      } else {
        index[value] = groups.count
        groups.append((value, [item]))
      }
    }
    return groups
  }

  /// The name over a place's sections; for sections about no place among others that are.
  package static let noPlace = "No place"

  /// The lines: for each block, the dataset's name and section count (bold), the lines of its
  /// facts (``SectionsTableRenderer/datasetLines(_:viewport:)``), the table's header (dim), and a
  /// line per section, under its place's name where the block has places.
  ///
  /// - Parameter table: the table of a block's sections, a row per summary in the block's order.
  package static func lines(
    _ summaries: [SectionSummary], datasets: [DatasetInfo] = [], in viewport: Viewport,
    table: (Block) -> TextTable
  ) -> [String] {
    let style = TextStyle(enabled: viewport.color)
    var lines: [String] = []
    for block in blocks(summaries) {
      if !lines.isEmpty { lines.append("") }
      let count = block.summaries.count
      let title =
        TextEscaping.visible(block.dataset)
        + " (\(Grouping.digits(count)) section\(count == 1 ? "" : "s"))"
      lines.append(style.bold(DisplayWidth.truncate(title, to: viewport.width)))
      lines += SectionsTableRenderer.datasetLines(
        datasets.first { $0.name == block.dataset }, viewport: viewport)
      var text = table(block)
      if block.isPlaced { text.indent = placeIndent }
      let rendered = text.lines(width: viewport.width)
      lines.append(style.dim(rendered.header))
      var place: String??
      for (summary, row) in zip(block.summaries, rendered.rows) {
        if block.isPlaced && place != .some(summary.info.place) {
          place = .some(summary.info.place)
          lines.append(DisplayWidth.truncate(placeName(summary.info), to: viewport.width))
        }
        lines.append(row)
      }
    }
    return lines
  }

  /// A place's name as its sections stand under it, with its code when it has one:
  /// `Autauga County, Alabama (01001)`.
  private static func placeName(_ info: SectionInfo) -> String {
    guard let place = info.place else { return noPlace }
    let code = info.fields.placeCode.map { " (" + TextEscaping.visible($0) + ")" } ?? ""
    return TextEscaping.visible(place) + code
  }
}
