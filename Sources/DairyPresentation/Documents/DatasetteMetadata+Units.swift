extension DatasetteMetadata {
  /// The unit Pint (which Datasette reads a column's `units` with) knows for a unit as USDA
  /// tables write it, or nil when Pint knows none: a unit per person, per cow or per head, in
  /// dollars or in head of cattle. Datasette fails a table page whose unit Pint cannot read, so
  /// a unit left out is shown as text in the `unit` column, never guessed.
  ///
  /// Case, surrounding blanks and a plural's `s` do not matter; a scale written in words
  /// (`million pounds`, `million of pounds`) is Pint's prefix (`Mlb`). Each unit this returns,
  /// with and without a prefix, was read by the Pint that Datasette 0.65 vendors (a test of
  /// `dairy export --format datasette` serves one).
  ///
  /// ```swift
  /// DatasetteMetadata.pintUnit(for: "Million pounds")  // "Mlb"
  /// DatasetteMetadata.pintUnit(for: "lb per person")   // nil
  /// ```
  package static func pintUnit(for unit: String) -> String? {
    var words = unit.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    var prefix = ""
    if let scale = words.first.flatMap({ scales[$0] }) {
      prefix = scale
      words.removeFirst()
      if words.first == "of" { words.removeFirst() }
    }
    guard let base = units[words.joined(separator: " ")] else { return nil }
    // Pint has no prefix on a prefixed unit ("Mkg"), and "thousand percent" says nothing.
    guard prefix.isEmpty || !["kg", "percent"].contains(base) else { return nil }
    return prefix + base
  }

  /// The words of a scale, as Pint's prefixes.
  private static let scales = ["thousand": "k", "million": "M", "billion": "G"]

  /// Units as tables write them (lowercased, singular and plural), as Pint's symbols or names.
  private static let units: [String: String] = [
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb",
    "cwt": "cwt", "hundredweight": "cwt",
    "ton": "short_ton", "tons": "short_ton", "short ton": "short_ton", "short tons": "short_ton",
    "metric ton": "metric_ton", "metric tons": "metric_ton", "tonne": "metric_ton",
    "tonnes": "metric_ton",
    "kg": "kg", "kilogram": "kg", "kilograms": "kg",
    "gallon": "gallon", "gallons": "gallon", "gal": "gallon",
    "liter": "liter", "liters": "liter", "litre": "liter", "litres": "liter",
    "bushel": "bushel", "bushels": "bushel",
    "acre": "acre", "acres": "acre",
    "percent": "percent", "%": "percent",
  ]
}
