import DairyFormats
import DairyModel

// MARK: - Telling a long table's columns apart

extension LongLayout {
  package static let notesNames: Set<String> = ["note", "notes", "footnote", "footnotes"]
  package static let unitNames: Set<String> = ["unit", "units"]
  package static let valueNames: Set<String> = ["value", "amount"]
  package static let sectionRole = "a column that names the series"

  /// The columns of a long table: the year, then `--section-column` (they win over a name),
  /// notes, unit and dataset by name, the value column among the `numeric` ones, and the rest
  /// naming the sections. A column gets one part: the command line giving it two is refused.
  package init(header: HeaderColumns, year: Int, numeric: Set<Int>, options: ImportOptions) throws {
    var roles = ColumnRoles(header: header)
    try roles.claim(
      year, as: "the year column", by: options.yearColumn.map { _ in "--year-column" })
    let given = try Self.givenSectionColumns(header, options: options, roles: &roles)
    let notes: Int?
    if let name = options.notesColumn {
      notes = try header.column(named: name, option: "--notes-column")
      try roles.claim(notes!, as: "the notes column", by: "--notes-column")
    } else {
      notes = header.first(named: Self.notesNames, except: roles.taken)
      if let notes { try roles.claim(notes, as: "the notes column") }
    }
    let unit = header.first(named: Self.unitNames, except: roles.taken)
    if let unit { try roles.claim(unit, as: "the unit column") }
    let dataset =
      options.dataset == nil && given.isEmpty
      ? header.first(named: ["dataset"], except: roles.taken) : nil
    if let dataset { try roles.claim(dataset, as: "the dataset column") }
    // The export's own file: its key and group columns (and the notes) describe the sections,
    // not name them
    let describes = given.isEmpty && LayoutDetection.isExport(header)
    var described: [(field: SectionFields.Column, column: Int)] = []
    for field in SectionFields.describingColumns where describes {
      if field == .notes {
        if let notes { described.append((field, notes)) }
      } else if let column = header.first(
        named: [HeaderColumns.normalized(field.rawValue)], except: roles.taken)
      {
        try roles.claim(column, as: "the \(field.rawValue) column")
        described.append((field, column))
      }
    }
    // And its marker column: what a missing cell held, or the marker of a value.
    let marker = describes ? header.first(named: ["marker"], except: roles.taken) : nil
    if let marker { try roles.claim(marker, as: "the marker column") }
    let value = try Self.valueColumn(
      header, taken: roles.taken, numeric: numeric, given: given, options: options)
    try roles.claim(
      value, as: "the value column", by: options.valueColumn.map { _ in "--value-column" })

    let sections = given.isEmpty ? header.names.indices.filter { !roles.taken.contains($0) } : given
    guard !sections.isEmpty else {
      throw DairyError(
        .input, at: header.locate(0),
        "no column names the series (\(header.listed())); name it with --section-column")
    }
    try header.checkNamedAndUnique(Array(roles.taken.union(sections)))
    self.init(
      year: year, value: value, sections: sections, notes: notes, unit: unit, dataset: dataset)
    (self.described, describesSections, self.marker) = (described, describes, marker)
    surveys =
      given.isEmpty && !describes && sections.count >= 2
      && sections.count + 2 <= LongColumnSurvey.maxColumns
  }

  /// The columns `--section-column` names, in order, each given once.
  private static func givenSectionColumns(
    _ header: HeaderColumns, options: ImportOptions, roles: inout ColumnRoles
  ) throws -> [Int] {
    var given: [Int] = []
    for name in options.sectionColumns {
      let column = try header.column(named: name, option: "--section-column")
      if given.contains(column) {
        throw DairyError(
          .usage,
          "--section-column \"\(header.names[column])\" is given twice; name each column that "
            + "names the series once")
      }
      try roles.claim(column, as: sectionRole, by: "--section-column")
      given.append(column)
    }
    return given
  }

  /// `--value-column`, or the one numeric column left, or the one of them called value or amount;
  /// with no numeric column at all (a sample of bad amounts), the one called value or amount.
  private static func valueColumn(
    _ header: HeaderColumns, taken: Set<Int>, numeric: Set<Int>, given: [Int],
    options: ImportOptions
  ) throws -> Int {
    if let name = options.valueColumn {
      return try header.column(named: name, option: "--value-column")
    }
    let candidates = header.names.indices.filter { !taken.contains($0) && numeric.contains($0) }
    if candidates.count == 1 { return candidates[0] }
    let named =
      candidates.isEmpty
      ? header.first(named: valueNames, except: taken)
      : candidates.first { valueNames.contains(header.normalized[$0]) }
    if let named { return named }
    if candidates.isEmpty, let amounts = given.first(where: numeric.contains) {
      throw DairyError(
        .input, at: header.locate(amounts),
        "--section-column \"\(header.names[amounts])\" names the numeric column, which holds the "
          + "amounts; a section column holds text that names each series")
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
