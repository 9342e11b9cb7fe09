import Foundation

/// How the columns of a CSV file map onto sections, years and amounts.
///
/// Detected from the header and the first rows (see ``detect(header:sample:options:numbers:locate:)``)
/// or forced by ``ImportOptions``.
///
/// ```swift
/// // Year,Milk,Butter
/// CSVLayout.wide(year: 0, series: [.init(column: 1, key: "Milk"), .init(column: 2, key: "Butter")])
/// ```
public enum CSVLayout: Sendable, Hashable {
  /// One series column of a wide file.
  public struct Series: Sendable, Hashable {
    public var column: Int
    /// The header text, exactly as in the file.
    public var key: String
  }

  /// The columns of a long file.
  public struct Long: Sendable, Hashable {
    public var year: Int
    public var value: Int
    /// The text columns whose values, together, name a section.
    public var sections: [Int]
    public var notes: Int?
    public var unit: Int?
    /// A column that routes each row to a dataset (as `dairy export --format csv` writes).
    public var dataset: Int?
  }

  case wide(year: Int, series: [Series])
  case long(Long)

  /// The number of fields every row must have.
  var width: Int {
    switch self {
    case .wide(let year, let series): max(year, series.map(\.column).max() ?? 0) + 1
    case .long(let long):
      ([long.year, long.value, long.notes ?? 0, long.unit ?? 0, long.dataset ?? 0] + long.sections)
        .max()! + 1
    }
  }
}

// MARK: - Detection

extension CSVLayout {
  static let yearNames: Set<String> = ["year"]
  static let notesNames: Set<String> = ["note", "notes", "footnote", "footnotes"]
  static let unitNames: Set<String> = ["unit", "units"]
  static let valueNames: Set<String> = ["value", "amount"]

  /// Decides the layout of a file from its header names and its first records.
  ///
  /// - Parameters:
  ///   - header: the header's names, exactly as in the file.
  ///   - sample: the first data records.
  ///   - locate: the location of a header field, for errors.
  /// - Throws: ``DairyError`` when the header has no year column, no series, a name twice, or when
  ///   a long file's value column cannot be told.
  static func detect(
    header: [String], sample: [CSVRecord], options: ImportOptions, numbers: NumberParser,
    locate: (Int) -> SourceLocation
  ) throws -> CSVLayout {
    let names = header.map { normalized($0) }
    func column(named name: String, option: String) throws -> Int {
      if let index = names.firstIndex(of: normalized(name)) { return index }
      throw DairyError(
        .input, at: locate(0),
        "\(option) \"\(name)\" names no column; the header has \(listed(header))")
    }

    let year: Int
    if let name = options.yearColumn {
      year = try column(named: name, option: "--year-column")
    } else if let index = names.firstIndex(where: { yearNames.contains($0) }) {
      year = index
    } else {
      throw DairyError(
        .input, at: locate(0),
        "the header has no year column (\(listed(header))); name it with --year-column")
    }

    let asksForLong =
      !options.sectionColumns.isEmpty || options.valueColumn != nil || options.notesColumn != nil
    if options.format == .wide && asksForLong {
      throw DairyError(
        .usage, "--section-column, --value-column and --notes-column are for --format long")
    }

    let others = header.indices.filter { $0 != year }
    let numeric = Set(others.filter { isNumeric(column: $0, in: sample, numbers: numbers) })
    let isWide: Bool
    switch options.format {
    case .wide: isWide = true
    case .long: isWide = false
    case .auto:
      // Long needs text columns and a value column; a file with no numeric column besides the
      // year is read as wide, so that its bad numbers are reported as such.
      let textColumns = others.filter { !numeric.contains($0) }
      isWide = !asksForLong && (textColumns.isEmpty || textColumns.count == others.count)
    }

    if isWide {
      guard !others.isEmpty else {
        throw DairyError(
          .input, at: locate(year), "the header has a year column but no series columns")
      }
      try checkNamesPresentAndUnique(header: header, columns: others, locate: locate)
      return .wide(year: year, series: others.map { Series(column: $0, key: header[$0]) })
    }

    // Long.
    var taken: Set<Int> = [year]
    let notes: Int? =
      try options.notesColumn.map { try column(named: $0, option: "--notes-column") }
      ?? names.firstIndex(where: { notesNames.contains($0) })
    if let notes { taken.insert(notes) }
    let unit = names.indices.first { unitNames.contains(names[$0]) && !taken.contains($0) }
    if let unit { taken.insert(unit) }
    let dataset =
      options.dataset == nil && options.sectionColumns.isEmpty
      ? names.indices.first { names[$0] == "dataset" && !taken.contains($0) } : nil
    if let dataset { taken.insert(dataset) }

    let value: Int
    if let name = options.valueColumn {
      value = try column(named: name, option: "--value-column")
    } else {
      let candidates = header.indices.filter { !taken.contains($0) && numeric.contains($0) }
        .filter { !options.sectionColumns.map(normalized).contains(names[$0]) }
      if candidates.count == 1 {
        value = candidates[0]
      } else if let named = candidates.first(where: { valueNames.contains(names[$0]) }) {
        value = named
      } else if candidates.isEmpty {
        throw DairyError(
          .input, at: locate(0),
          "no numeric value column besides the year (\(listed(header))); name it with --value-column"
        )
      } else {
        throw DairyError(
          .input, at: locate(0),
          "cannot tell the value column: \(listed(candidates.map { header[$0] })) are all numeric; "
            + "use --value-column, or --format wide")
      }
    }
    taken.insert(value)

    let sections: [Int]
    if options.sectionColumns.isEmpty {
      sections = header.indices.filter { !taken.contains($0) }
    } else {
      sections = try options.sectionColumns.map {
        try column(named: $0, option: "--section-column")
      }
    }
    guard !sections.isEmpty else {
      throw DairyError(
        .input, at: locate(0),
        "no column names the series (\(listed(header))); name it with --section-column")
    }
    try checkNamesPresentAndUnique(header: header, columns: Array(taken) + sections, locate: locate)
    return .long(
      Long(year: year, value: value, sections: sections, notes: notes, unit: unit, dataset: dataset)
    )
  }

  private static func normalized(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespaces).lowercased()
  }

  private static func listed(_ names: [String]) -> String {
    let shown = names.prefix(6).map { "\"\(TextEscaping.visible($0))\"" }.joined(separator: ", ")
    return names.count > 6 ? shown + ", …" : shown
  }

  /// A column is numeric when most of its sampled values are numbers (missing ones aside), so that
  /// one typo in a wide file is reported as a bad number instead of turning the file long.
  private static func isNumeric(column: Int, in sample: [CSVRecord], numbers: NumberParser) -> Bool
  {
    var numeric = 0
    var text = 0
    for record in sample where column < record.count {
      switch record.withField(column, { numbers.amount($0) }) {
      case .value: numeric += 1
      case .missing: continue
      case .invalid: text += 1
      }
    }
    return numeric >= text
  }

  private static func checkNamesPresentAndUnique(
    header: [String], columns: [Int], locate: (Int) -> SourceLocation
  ) throws {
    var seen: [String: Int] = [:]
    for column in columns.sorted() {
      let name = header[column]
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw DairyError(
          .input, at: locate(column), "column \(column + 1) of the header has no name")
      }
      if let first = seen[name] {
        let firstPlace = locate(first)
        throw DairyError(
          .input, at: locate(column),
          "the header names \"\(TextEscaping.visible(name))\" twice: here and at \(firstPlace)"
        )
      }
      seen[name] = column
    }
  }
}
