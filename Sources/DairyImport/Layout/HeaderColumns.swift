import DairyFormats
import DairyModel

/// A table's header as layout detection reads it: its names, columns found by name in any case,
/// and the checks every layout makes of the columns it uses.
package struct HeaderColumns {
  /// The header's cells as text, exactly as in the source.
  package let names: [String]
  /// The names trimmed and lowercased, to find columns by name.
  package let normalized: [String]
  /// The location of a header cell, for errors.
  package let locate: (Int) -> SourceLocation
  /// The location of a cell of the table's other rows (the sample's), for errors; without it,
  /// such an error is placed at its column's header cell.
  package let locateCell: ((TableCell) -> SourceLocation)?

  package init(
    names: [String], locate: @escaping (Int) -> SourceLocation,
    locateCell: ((TableCell) -> SourceLocation)? = nil
  ) {
    self.names = names
    self.normalized = names.map(Self.normalized)
    self.locate = locate
    self.locateCell = locateCell
  }

  /// Where cell `column` of `row`, a row under the header, is.
  package func locate(_ row: TableRow, _ column: Int) -> SourceLocation {
    locateCell.map { $0(row.cells[column]) } ?? locate(column)
  }

  package static func normalized(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// The column a command-line option names.
  package func column(named name: String, option: String) throws -> Int {
    if let index = normalized.firstIndex(of: Self.normalized(name)) { return index }
    throw DairyError(
      .input, at: locate(0), "\(option) \"\(name)\" names no column; the header has \(listed())")
  }

  /// The first column, not in `taken`, whose name is one of `names`.
  package func first(named names: Set<String>, except taken: Set<Int> = []) -> Int? {
    normalized.indices.first { names.contains(normalized[$0]) && !taken.contains($0) }
  }

  /// The first names of `columns` (by default all), quoted, for messages.
  package func listed(_ columns: [Int]? = nil) -> String {
    let all = (columns ?? Array(names.indices)).map { names[$0] }
    let shown = all.prefix(6).map { "\"\(TextEscaping.visible($0))\"" }.joined(separator: ", ")
    return all.count > 6 ? shown + ", …" : shown
  }

  /// Checks that each of `columns` has a name, and no two the same.
  package func checkNamedAndUnique(_ columns: [Int]) throws {
    var seen: [String: Int] = [:]
    for column in columns.sorted() {
      let name = names[column]
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw DairyError(
          .input, at: locate(column), "column \(column + 1) of the header has no name")
      }
      if let first = seen[name] {
        throw DairyError(
          .input, at: locate(column),
          "the header names \"\(TextEscaping.visible(name))\" twice: here and at \(locate(first))")
      }
      seen[name] = column
    }
  }
}
