import DairyFormats
import DairyModel

// MARK: - Sections an export's rows describe

/// What the first row of a section gave in an export's file: the text of each column that must
/// be the same on each of the section's rows (its title, group and notes), and where.
///
/// ```swift
/// // dataset,section,year,amount,unit,key,group,notes
/// // d,Milk,1990,1,,milk,Fluid,
/// // d,Milk,1991,2,,milk,Solid,   <- group "Solid" differs from "Fluid" given at x.csv:2:…
/// ```
package struct SectionDescription {
  package struct Cell {
    package var column: Int
    package var text: String
    package var place: SourceLocation
  }

  package var cells: [Cell]

  /// Refuses `row` when one of its cells differs from the first row's, at that cell.
  package func check(_ row: TableRow, _ table: TableImport) throws {
    for cell in cells {
      let text = try table.text(row, cell.column)
      guard ExactText(text) != ExactText(cell.text) else { continue }
      throw DairyError.importFailed(
        table.location(row, cell.column),
        "\(table.columnName(cell.column)) \"\(TextEscaping.visible(text))\" differs from "
          + "\"\(TextEscaping.visible(cell.text))\" given for this series at \(cell.place)")
    }
  }
}

extension LongLayout {
  /// The key of a row's section: the key column's value, else (no such column, or an empty
  /// cell: an older export) the section columns' values joined.
  package func sectionKey(in row: TableRow) -> String {
    if let key, let text = row.string(at: key), !text.isEmpty { return text }
    return SectionKey.joined(keys.map { row.string(at: $0) ?? "" })
  }

  /// The section of a row of an export's file, `parts` its section columns' values, created on
  /// first use with the fields the row describes (its key, group and notes, kept as written; an
  /// empty one counts as none); a later row must give the same title and fields.
  package mutating func describedSection(
    _ row: TableRow, parts: [String], dataset: String, _ table: inout TableImport
  ) throws -> Int {
    let title = parts.joined(separator: SectionKey.separator)
    var draft = SectionFields(
      key: SectionKey.joined(parts),
      title: SectionFields.title(fromKey: title, underscoresAsSpaces: false), unit: table.unit)
    draft.frequency = table.frequency
    for (field, column) in described where !row.isEmpty(at: column) {
      let text = try table.text(row, column)
      if !text.isEmpty { draft[field] = text }
    }
    let source = table.source
    let index = try table.section(
      draft, dataset: dataset, at: source.location(of: row.cells[sections[0]]))
    if let first = descriptions[index] {
      try first.check(row, table)
    } else {
      let columns = sections + described.filter { $0.field != .key }.map(\.column)
      descriptions[index] = SectionDescription(
        cells: try columns.map {
          SectionDescription.Cell(
            column: $0, text: try table.text(row, $0), place: table.location(row, $0))
        })
    }
    return index
  }
}
