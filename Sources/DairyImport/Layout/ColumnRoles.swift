import DairyFormats
import DairyModel

/// The part each column of a long table plays (the year, the value, the notes, a name of the
/// series…), one part a column. A column the command line gives a second part is refused with a
/// message that names both, rather than as a header that names the column twice.
///
/// ```swift
/// var roles = ColumnRoles(header: header)  // state,year,value
/// try roles.claim(1, as: "the year column")
/// try roles.claim(1, as: "a column that names the series", by: "--section-column")
/// // throws: --section-column "year" names the year column; it cannot also be a column that
/// // names the series
/// ```
package struct ColumnRoles {
  package let header: HeaderColumns
  /// The part of each claimed column.
  package private(set) var roles: [Int: String] = [:]

  package init(header: HeaderColumns) {
    self.header = header
  }

  /// The columns claimed so far.
  package var taken: Set<Int> { Set(roles.keys) }

  /// Gives `column` the part `role`, chosen by `option` (nil: found by its name or its values).
  ///
  /// - Throws: ``DairyError`` at the column's header cell when it already plays another part.
  package mutating func claim(_ column: Int, as role: String, by option: String? = nil) throws {
    if let held = roles[column] {
      let name = "\"\(TextEscaping.visible(header.names[column]))\""
      throw DairyError(
        .input, at: header.locate(column),
        "\(option.map { $0 + " " } ?? "the column ")\(name) names \(held); it cannot also be "
          + role)
    }
    roles[column] = role
  }
}
