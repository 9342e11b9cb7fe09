import DairyFormats
import DairyModel

// MARK: - A section and its rows

extension BackupReader {
  /// The most decimals a section may display with.
  package static let maxDecimals: Int64 = 1_000

  package func readSection() throws -> Section {
    var section = Section(place: try json.valueLocation())
    try json.object { key, place in
      if let column = SectionFields.Column(rawValue: key) {
        let valuePlace = try json.valueLocation()
        let text = try column.isRequired ? json.string() : optionalString()
        try Self.check(column, text, at: valuePlace, in: json, rowsRead: section.rowsRead)
        section.draft[column] = text
        section.given.insert(column)
        return
      }
      switch key {
      case "dataset": section.dataset = try json.string()
      case "decimals":
        let (decimals, place) = try json.integer("decimals")
        guard (0...Self.maxDecimals).contains(decimals) else {
          throw json.failure(
            "decimals must be from 0 to \(Self.maxDecimals), not \(decimals)", at: place)
        }
        section.decimals = Int(decimals)
      case "rows":
        try readRows(&section)
        section.rowsRead = true
      case "missing":
        try readMissing(&section)
        section.rowsRead = true
      case "marks": try readMarks(&section)
      default:
        throw Self.unknown(
          key, at: place, in: json,
          expected: (["dataset"] + SectionFields.Column.allCases.map(\.rawValue)
            + ["decimals", "rows", "missing", "marks"]).joined(separator: ", "))
      }
    }
    let required = SectionFields.Column.allCases.filter(\.isRequired)
    for (field, given) in [("dataset", section.dataset != nil)]
      + required.map({ ($0.rawValue, section.given.contains($0)) }) where !given
    {
      throw json.failure("this section has no \"\(field)\"", at: section.place)
    }
    if section.draft.key.isEmpty {
      throw json.failure("this section's \"key\" is empty", at: section.place)
    }
    try checkMarks(section)
    return section
  }

  /// `[{"year":…,"amount":…},…]`, years ascending, each once, none a missing cell's.
  private func readRows(_ section: inout Section) throws {
    var rows: [(Int64, Double)] = []
    try readYearly(
      "row", "amount", { try json.double("an amount") }, into: &rows,
      besides: section.missing.map(\.year), named: "missing cell",
      frequency: section.draft.frequency)
    section.years = rows.map(\.0)
    section.amounts = rows.map(\.1)
  }

  /// `[{"year":…,"marker":…},…]`, years ascending, each once, none a row's.
  private func readMissing(_ section: inout Section) throws {
    var cells: [(Int64, String)] = []
    try readYearly(
      "missing cell", "marker", { try json.string() }, into: &cells, besides: section.years,
      named: "row", frequency: section.draft.frequency)
    section.missing = cells.map { (year: $0.0, marker: $0.1) }
  }

  /// `[{"year":…,"marker":…},…]`, years ascending, each once: the rows the file wrote as a
  /// marker (``checkMarks(_:)`` finds each among the rows, which may come after).
  private func readMarks(_ section: inout Section) throws {
    var marks: [(Int64, String)] = []
    try readYearly(
      "mark", "marker", { try json.string() }, into: &marks, besides: section.missing.map(\.year),
      named: "missing cell", frequency: section.draft.frequency)
    section.marks = marks.map { (year: $0.0, marker: $0.1) }
  }

  /// Refuses a mark whose year is no row's: a mark notes how a row's value was written.
  private func checkMarks(_ section: Section) throws {
    var next = section.years.startIndex
    for mark in section.marks {
      while next < section.years.endIndex && section.years[next] < mark.year { next += 1 }
      guard next < section.years.endIndex && section.years[next] == mark.year else {
        let period = Period(frequency: section.draft.frequency, key: mark.year).text
        throw json.failure(
          "\(section.draft.frequency == .annual ? "year" : "period") \(period) is marked "
            + "\(JSONScanner.quoted(mark.marker)), but this section has no row for it: a mark "
            + "notes how a row's value was written", at: section.place)
      }
    }
  }

  /// An array of `{"year":…,"FIELD":…}`, years ascending, each once; `read` reads the field. A
  /// section that is not annual (its `frequency` comes before its rows, as the export writes
  /// it) names each period as text instead: `{"period":"2020-03",…}`.
  /// A year of `others` (the section's other list, ascending, read before: `what`'s
  /// counterpart, `other`) is refused, as storage refuses a year both given and missing.
  private func readYearly<Value>(
    _ what: String, _ field: String, _ read: () throws -> Value,
    into elements: inout [(Int64, Value)], besides others: [Int64], named other: String,
    frequency: Frequency
  ) throws {
    var next = others.startIndex
    try json.array {
      var year: Int64?
      var value: Value?
      let place = try json.valueLocation()
      try json.object { key, keyPlace in
        switch key {
        case "year" where frequency == .annual: year = try readYear()
        case "period" where frequency != .annual:
          let valuePlace = try json.valueLocation()
          let text = try json.string()
          guard let period = Period(text: text, frequency: frequency) else {
            throw json.failure(
              "\"\(TextEscaping.visible(text))\" is not a \(frequency.text) period (as "
                + "\(Self.periodExample(frequency)))", at: valuePlace)
          }
          year = period.key
        case field: value = try read()
        default:
          let period = frequency == .annual ? "year" : "period"
          throw Self.unknown(key, at: keyPlace, in: json, expected: "\(period), \(field)")
        }
      }
      guard let year, let value else {
        let period = frequency == .annual ? "year" : "period"
        throw json.failure("a \(what) needs a \"\(period)\" and a \"\(field)\"", at: place)
      }
      try Self.checkAscending(year, after: elements.last?.0, at: place, in: json)
      // Both lists ascend: one pass over the other finds a year in both.
      while next < others.endIndex && others[next] < year { next += 1 }
      if next < others.endIndex && others[next] == year {
        throw json.failure(
          "year \(year) is both a \(what) and a \(other) in this section", at: place)
      }
      elements.append((year, value))
    }
  }

  /// Refuses a frequency no section has (`"Monthly"`, `"quarter"`: it would read as annual),
  /// and one given after the rows or missing cells it says how to read, which were read as
  /// another frequency's (the export writes it before them); the same for a place level.
  private static func check(
    _ column: SectionFields.Column, _ text: String?, at place: SourceLocation,
    in json: JSONScanner, rowsRead: Bool
  ) throws {
    guard let text else { return }
    switch column {
    case .frequency:
      guard Frequency(rawValue: text) != nil else {
        throw json.failure(
          "\"\(TextEscaping.visible(text))\" is not a frequency ("
            + Frequency.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: place)
      }
      if rowsRead {
        throw json.failure(
          "a section's \"frequency\" comes before its \"rows\" and \"missing\" cells, which it "
            + "says how to read", at: place)
      }
    case .placeLevel:
      guard PlaceLevel(rawValue: text) != nil else {
        throw json.failure(
          "\"\(TextEscaping.visible(text))\" is not a place level ("
            + PlaceLevel.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: place)
      }
    default: break
    }
  }

  /// How a period of `frequency` is written, for messages.
  private static func periodExample(_ frequency: Frequency) -> String {
    switch frequency {
    case .annual: "2020"
    case .marketingYear: "2019/20"
    case .quarterly: "2020-Q1"
    case .monthly: "2020-03"
    case .weekly: "2020-03-07"
    }
  }

  /// A year, within the limits of a CSV file's (``NumberParser/yearLimit``, 2^53: beyond it
  /// years are not exact as doubles, nor `show --since` options), refused as CSV refuses it.
  private func readYear() throws -> Int64 {
    let (year, place) = try json.integer("a year")
    // Compared as integers: 2^53 + 1 would round to 2^53 as a double.
    guard year.magnitude <= UInt64(NumberParser.yearLimit) else {
      throw json.failure(NumberParser.Cause.yearOutOfRange(String(year)).description, at: place)
    }
    return year
  }

  private static func checkAscending(
    _ year: Int64, after previous: Int64?, at place: SourceLocation, in json: JSONScanner
  ) throws {
    guard let previous, year <= previous else { return }
    throw json.failure(
      year == previous
        ? "year \(year) is given twice in this section"
        : "year \(year) comes after \(previous): a section's years go up", at: place)
  }
}
