// MARK: - Telling a long table's columns apart

extension LongLayout {
  static let notesNames: Set<String> = ["note", "notes", "footnote", "footnotes"]
  static let unitNames: Set<String> = ["unit", "units"]
  static let valueNames: Set<String> = ["value", "amount"]

  /// The columns of a long table: notes, unit and dataset by name, the value column among the
  /// `numeric` ones, and the rest (or `--section-column`) naming the sections.
  init(header: HeaderColumns, year: Int, numeric: Set<Int>, options: ImportOptions) throws {
    var taken: Set<Int> = [year]
    let notes =
      try options.notesColumn.map { try header.column(named: $0, option: "--notes-column") }
      ?? header.first(named: Self.notesNames)
    if let notes { taken.insert(notes) }
    let unit = header.first(named: Self.unitNames, except: taken)
    if let unit { taken.insert(unit) }
    let dataset =
      options.dataset == nil && options.sectionColumns.isEmpty
      ? header.first(named: ["dataset"], except: taken) : nil
    if let dataset { taken.insert(dataset) }
    let value = try Self.valueColumn(header, taken: taken, numeric: numeric, options: options)
    taken.insert(value)

    let sections: [Int]
    if options.sectionColumns.isEmpty {
      sections = header.names.indices.filter { !taken.contains($0) }
    } else {
      sections = try options.sectionColumns.map {
        try header.column(named: $0, option: "--section-column")
      }
    }
    guard !sections.isEmpty else {
      throw DairyError(
        .input, at: header.locate(0),
        "no column names the series (\(header.listed())); name it with --section-column")
    }
    try header.checkNamedAndUnique(Array(taken) + sections)
    self.init(
      year: year, value: value, sections: sections, notes: notes, unit: unit, dataset: dataset)
  }

  /// `--value-column`, or the one numeric column left, or the one of them called value or amount.
  private static func valueColumn(
    _ header: HeaderColumns, taken: Set<Int>, numeric: Set<Int>, options: ImportOptions
  ) throws -> Int {
    if let name = options.valueColumn {
      return try header.column(named: name, option: "--value-column")
    }
    let sectionNames = options.sectionColumns.map(HeaderColumns.normalized)
    let candidates = header.names.indices.filter {
      !taken.contains($0) && numeric.contains($0)
        && !sectionNames.contains(header.normalized[$0])
    }
    if candidates.count == 1 { return candidates[0] }
    if let named = candidates.first(where: { valueNames.contains(header.normalized[$0]) }) {
      return named
    }
    if candidates.isEmpty {
      throw DairyError(
        .input, at: header.locate(0),
        "no numeric value column besides the year (\(header.listed())); "
          + "name it with --value-column")
    }
    throw DairyError(
      .input, at: header.locate(0),
      "cannot tell the value column: \(header.listed(candidates)) are all numeric; "
        + "use --value-column, or --format wide")
  }
}
