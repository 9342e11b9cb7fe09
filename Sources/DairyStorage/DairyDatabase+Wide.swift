import DairyModel
import GRDB

extension DairyDatabase.Snapshot {
  /// The tables `dairy show --wide` shows for `filter`: the matching sections with a value or a
  /// marked cell in range, side by side, one table per frequency (``WideTable/tables(of:)``);
  /// their rows are read by ``forEachRow(of:in:_:)``.
  ///
  /// ```swift
  /// let tables = try database.read { try $0.wideTables(matching: SectionFilter(search: "cheese")) }
  /// tables[0].columns.count  // 3
  /// ```
  package func wideTables(matching filter: SectionFilter) throws -> [WideTable] {
    guard !filter.isEmptyRange else { return [] }
    let shown = try sections(matching: filter).filter { info in
      let range = filter.keys(for: info.frequency)
      return try Bool.fetchOne(
        db.cachedStatement(
          sql: """
            SELECT EXISTS (SELECT 1 FROM observation WHERE sectionId = ?1 AND year BETWEEN ?2 AND ?3)
              OR EXISTS (SELECT 1 FROM missing
                WHERE sectionId = ?1 AND year BETWEEN ?2 AND ?3 AND marker <> '')
            """),
        arguments: [info.id, range.lowerBound, range.upperBound]) ?? false
    }
    return WideTable.tables(of: shown)
  }

  /// Calls `body` with each row of `table` in `filter`'s periods, ascending: every period that
  /// one of its sections has a value or a marked cell for, with a cell per column. The rows
  /// come from one query ordered by period, one at a time: a table of a million cells is never
  /// held.
  package func forEachRow(
    of table: WideTable, in filter: SectionFilter, _ body: (WideTable.Row) throws -> Void
  ) throws {
    guard !table.columns.isEmpty else { return }
    let range = filter.keys(for: table.frequency)
    // Ids are integers the database gave: written into the statement, as SQLite limits the
    // number of parameters and a table may have thousands of columns.
    let ids = table.columns.map { String($0.id) }.joined(separator: ",")
    let column = Dictionary(
      table.columns.enumerated().map { ($0.element.id, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    let statement = try db.makeStatement(
      sql: """
        SELECT year, sectionId, amount, NULL AS marker FROM observation
        WHERE sectionId IN (\(ids)) AND year BETWEEN ?1 AND ?2
        UNION ALL
        SELECT year, sectionId, NULL, marker FROM missing
        WHERE sectionId IN (\(ids)) AND year BETWEEN ?1 AND ?2 AND marker <> ''
        ORDER BY 1
        """)
    let rows = try Row.fetchCursor(statement, arguments: [range.lowerBound, range.upperBound])
    var current: WideTable.Row?
    while let row = try rows.next() {
      let period: Int64 = row[0]
      guard let index = column[row[1]] else { continue }
      if let finished = current, finished.period != period {
        try body(finished)
        current = nil
      }
      if current == nil {
        current = WideTable.Row(
          period: period, cells: Array(repeating: .none, count: table.columns.count))
      }
      if let amount = row[2] as Double? {
        current?.cells[index] = .value(amount)
      } else if let marker = row[3] as String? {
        current?.cells[index] = .missing(marker)
      }
    }
    if let current { try body(current) }
  }
}
