/// Sections side by side: a row a period, a column a section, how a spreadsheet holds several
/// series (`dairy show butter cheese --wide`): years down, one column per series.
///
/// Sections of one frequency only: monthly and annual periods do not share rows. A cell is the
/// section's value for the row's period, its marked missing cell (`(D)`), or nothing.
///
/// ```swift
/// let table = WideTable(frequency: .annual, columns: [butter, cheese])
/// table.rows.append(WideTable.Row(period: 2022, cells: [.value(6.0), .none]))
/// ```
package struct WideTable: Sendable, Hashable {
  /// A period and a cell per column.
  package struct Row: Sendable, Hashable {
    /// The period's key, in the table's frequency.
    package var period: Int64
    package var cells: [CrossSection.Cell]

    package init(period: Int64, cells: [CrossSection.Cell]) {
      self.period = period
      self.cells = cells
    }
  }

  package var frequency: Frequency
  /// The sections, in order: a column each.
  package var columns: [SectionInfo]
  /// The periods that one of the sections has a value or a marked cell for, ascending.
  package var rows: [Row]

  package init(frequency: Frequency, columns: [SectionInfo], rows: [Row] = []) {
    self.frequency = frequency
    self.columns = columns
    self.rows = rows
  }

  /// `sections` grouped into the tables they make: one per frequency, in the order of each
  /// frequency's first section; rows are not read.
  ///
  /// ```swift
  /// WideTable.tables(of: [annual1, monthly1, annual2]).map(\.columns.count)  // [2, 1]
  /// ```
  package static func tables(of sections: [SectionInfo]) -> [WideTable] {
    var tables: [WideTable] = []
    for section in sections {
      if let index = tables.firstIndex(where: { $0.frequency == section.frequency }) {
        tables[index].columns.append(section)
      } else {
        tables.append(WideTable(frequency: section.frequency, columns: [section]))
      }
    }
    return tables
  }
}
