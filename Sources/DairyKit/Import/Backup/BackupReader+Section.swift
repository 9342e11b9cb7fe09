// MARK: - A section and its rows

extension BackupReader {
  /// The most decimals a section may display with.
  static let maxDecimals: Int64 = 1_000

  func readSection() throws -> Section {
    var section = Section(place: json.location)
    try json.object { key, place in
      switch key {
      case "dataset": section.dataset = try json.string()
      case "key": (section.draft.key, section.hasKey) = (try json.string(), true)
      case "title": (section.draft.title, section.hasTitle) = (try json.string(), true)
      case "unit": section.draft.unit = try optionalString()
      case "group": section.draft.group = try optionalString()
      case "notes": section.draft.notes = try optionalString()
      case "decimals":
        let place = json.location
        let decimals = try json.integer("decimals")
        guard (0...Self.maxDecimals).contains(decimals) else {
          throw json.failure(
            "decimals must be from 0 to \(Self.maxDecimals), not \(decimals)", at: place)
        }
        section.decimals = Int(decimals)
      case "rows": try readRows(&section)
      case "missing": try readMissing(&section)
      default:
        throw Self.unknown(
          key, at: place, in: json,
          expected: "dataset, key, title, unit, group, notes, decimals, rows, missing")
      }
    }
    for (field, given) in [
      ("dataset", section.dataset != nil), ("key", section.hasKey), ("title", section.hasTitle),
    ] where !given {
      throw json.failure("this section has no \"\(field)\"", at: section.place)
    }
    if section.draft.key.isEmpty {
      throw json.failure("this section's \"key\" is empty", at: section.place)
    }
    return section
  }

  /// `[{"year":…,"amount":…},…]`, years ascending, each once.
  private func readRows(_ section: inout Section) throws {
    try json.array {
      var year: Int64?
      var amount: Double?
      let place = json.location
      try json.object { key, keyPlace in
        switch key {
        case "year": year = try json.integer("a year")
        case "amount": amount = try json.double("an amount")
        default: throw Self.unknown(key, at: keyPlace, in: json, expected: "year, amount")
        }
      }
      guard let year, let amount else {
        throw json.failure("a row needs a \"year\" and an \"amount\"", at: place)
      }
      try Self.checkAscending(year, after: section.years.last, at: place, in: json)
      section.years.append(year)
      section.amounts.append(amount)
    }
  }

  /// `[{"year":…,"marker":…},…]`, years ascending, each once.
  private func readMissing(_ section: inout Section) throws {
    try json.array {
      var year: Int64?
      var marker: String?
      let place = json.location
      try json.object { key, keyPlace in
        switch key {
        case "year": year = try json.integer("a year")
        case "marker": marker = try json.string()
        default: throw Self.unknown(key, at: keyPlace, in: json, expected: "year, marker")
        }
      }
      guard let year, let marker else {
        throw json.failure("a missing cell needs a \"year\" and a \"marker\"", at: place)
      }
      try Self.checkAscending(year, after: section.missing.last?.year, at: place, in: json)
      section.missing.append((year, marker))
    }
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
