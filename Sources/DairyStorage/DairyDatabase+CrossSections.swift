import DairyModel
import GRDB

extension DairyDatabase {
  /// The sections `filter` matches, read across places: one ``CrossSection`` per dataset, title,
  /// group, unit and frequency, a row per section (its place), a column per period in range that one of
  /// them has a value or a marked cell for. Tables come in the order of their first section;
  /// rows in the order of their places' codes when every place has one, else of their sections.
  ///
  /// ```swift
  /// let tables = try database.crossSections(
  ///   matching: SectionFilter(search: "milk sales", since: 2017, until: 2017))
  /// tables[0].rows.count  // 50 (a State each)
  /// ```
  package func crossSections(matching filter: SectionFilter) throws -> [CrossSection] {
    try read { snapshot in
      let legends = Dictionary(
        try snapshot.datasets().map { dataset in
          (
            dataset.name,
            Dictionary(
              dataset.legend.map { ($0.marker, $0.meaning) },
              uniquingKeysWith: { first, _ in first })
          )
        },
        uniquingKeysWith: { first, _ in first })
      var tables: [CrossSection] = []
      var index: [[String]: Int] = [:]
      var cellsByTable: [[(info: SectionInfo, cells: [Int64: CrossSection.Cell])]] = []
      guard !filter.isEmptyRange else { return [] }
      for info in try snapshot.sections(matching: filter) {
        let range = filter.keys(for: info.frequency)
        var cells: [Int64: CrossSection.Cell] = [:]
        for row in try Row.fetchAll(
          snapshot.db,
          sql: """
            SELECT year, amount, NULL FROM observation
            WHERE sectionId = ? AND year BETWEEN ? AND ?
            UNION ALL
            SELECT year, NULL, marker FROM missing
            WHERE sectionId = ? AND year BETWEEN ? AND ? AND marker <> ''
            """,
          arguments: [
            info.id, range.lowerBound, range.upperBound, info.id, range.lowerBound,
            range.upperBound,
          ])
        {
          let key: Int64 = row[0]
          if let amount = row[1] as Double? {
            cells[key] = .value(amount)
          } else if let marker = row[2] as String? {
            cells[key] = .missing(marker)
          }
        }
        let identity = [
          info.dataset, info.title, info.group ?? "", info.unit ?? "", info.frequency.rawValue,
        ]
        let table: Int
        if let found = index[identity] {
          table = found
        } else {
          table = tables.count
          index[identity] = table
          tables.append(
            CrossSection(
              dataset: info.dataset, title: info.title, group: info.group, unit: info.unit,
              frequency: info.frequency, periods: [], rows: [],
              legend: legends[info.dataset] ?? [:]))
          cellsByTable.append([])
        }
        cellsByTable[table].append((info, cells))
      }
      for table in tables.indices {
        let periods = Set(cellsByTable[table].flatMap(\.cells.keys)).sorted()
        tables[table].periods = periods
        tables[table].rows = cellsByTable[table].map { info, cells in
          CrossSection.Row(
            place: info.place, code: info.placeCode, decimals: info.decimals,
            cells: periods.map { cells[$0] ?? .none })
        }
        // Places that all have a code read in its order (a State's counties by FIPS code, as
        // alphabetical as the codes are), not in the file's (a census lists its counties by
        // agricultural district). A table with a place without one (the nation, a region, a
        // report's Other States) keeps the file's order, which puts the totals where it did.
        if tables[table].rows.allSatisfy({ !($0.code ?? "").isEmpty }) {
          tables[table].rows.sort { ($0.code ?? "") < ($1.code ?? "") }
        }
      }
      return tables
    }
  }
}
