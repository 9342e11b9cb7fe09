import DairyFormats
import DairyModel
import Foundation

/// Units as reports write them: a cell of a unit row (`thousand`, `million pounds`, `dollars per
/// cwt`), or a parenthesis that ends a title (`(in pounds per person)`, `(million of pounds)`), or
/// a title line of its own (`(thousand head)`).
///
/// A text is a unit when its first word (after `in` or `average`) is a measure (`pounds`,
/// `dollars`, `head`, `percent`, `cwt`, …) or a quantity (`thousand`, `million`, `1,000`, `mil.`,
/// …), alone or per something (`pounds/year`); so `(2% milk fat)` is not one. Dash rules around
/// a unit are decoration, as ERS Food Availability tables draw them over the columns a unit
/// covers (`--- Millions ---`, `-- Million pounds --`): the unit is the text between them, its
/// first capital lowered. A number alone is a multiplier (`1000`, as the 2019
/// production-factors workbook writes "thousand"): it reads as its word.
///
/// ```swift
/// UnitText.isUnit("dollars per cwt")  // true
/// UnitText.normalized("---------- Pounds ----------")  // "pounds"
/// UnitText.normalized("1,000")  // "thousand"
/// UnitText.splitUnit(from: "Fluid milk sales (million of pounds)")
/// // ("Fluid milk sales", "million of pounds")
/// UnitText.splitUnit(from: "Low-fat (1% milk fat)")  // ("Low-fat (1% milk fat)", nil)
/// ```
package enum UnitText {
  package static let measures: Set<String> = [
    "pound", "pounds", "lb", "lbs", "lb.", "lbs.", "dollar", "dollars", "$", "cent", "cents",
    "head", "gallon", "gallons", "gal", "gal.", "ton", "tons", "tonne", "tonnes", "metric",
    "cwt", "cwt.", "kilogram", "kilograms", "kg", "percent", "percentage", "%", "bushel",
    "bushels", "acre", "acres", "liter", "liters", "litre", "litres", "number", "cows",
    "hundredweight", "index", "ratio", "ounce", "ounces", "oz", "oz.", "gram", "grams", "calorie",
    "calories", "kcal", "quart", "quarts", "pint", "pints",
  ]
  package static let quantities: Set<String> = Set([
    "thousand", "thousands", "million", "millions", "billion", "billions", "mil.", "mil",
    "bil.", "bil", "mln", "hundred",
  ]).union(multipliers.keys)
  /// Words a unit may start with before its measure.
  package static let leads: Set<String> = ["in", "average", "avg.", "per"]

  /// Whether `text` (a unit row's cell, or a parenthesis' inside) is a unit.
  package static func isUnit(_ text: String) -> Bool {
    var words = (unruled(text) ?? text).lowercased().split(whereSeparator: \.isWhitespace).map(
      String.init)
    while let first = words.first, leads.contains(first), words.count > 1 {
      words.removeFirst()
    }
    guard var first = words.first?.trimmingCharacters(in: CharacterSet(charactersIn: ",;:"))
    else { return false }
    // A measure per something, written with a slash (`pounds/year`, `grams/day`).
    if let slash = first.firstIndex(of: "/"), slash > first.startIndex {
      first = String(first[..<slash])
    }
    return measures.contains(first) || quantities.contains(first)
  }

  /// A unit as it is kept: white space collapsed, a leading `in ` dropped (`in pounds per
  /// person` → `pounds per person`), dash rules taken off (`-- Million pounds --` → `million
  /// pounds`), a multiplier alone read as its word (`1000` → `thousand`).
  package static func normalized(_ text: String) -> String {
    if let inside = unruled(text) { return normalized(lowered(inside)) }
    var collapsed = SectionFields.collapsingWhitespace(text)
    if let word = multipliers[collapsed] { return word }
    if collapsed.lowercased().hasPrefix("in ") { collapsed = String(collapsed.dropFirst(3)) }
    return withoutException(collapsed)
  }

  /// What a unit says of the rows that give their own (`dollars per hundredweight except where
  /// indicated`): such a row keeps its unit anyway, so the unit is what comes before it.
  package static let exceptions = [
    "except where otherwise indicated", "except where otherwise noted", "except where indicated",
    "except where noted", "except as indicated", "except as noted", "unless otherwise indicated",
    "unless otherwise noted", "unless otherwise specified", "unless otherwise stated",
  ]

  /// `unit` without an ending ``exceptions`` names (and the comma before it).
  package static func withoutException(_ unit: String) -> String {
    let lowered = unit.lowercased()
    for ending in exceptions where lowered.hasSuffix(" " + ending) {
      let rest = unit.dropLast(ending.count).trimmingCharacters(in: .whitespaces)
      return rest.hasSuffix(",") ? String(rest.dropLast()) : rest
    }
    return unit
  }

  /// The words a multiplier alone stands for.
  package static let multipliers: [String: String] = [
    "1,000": "thousand", "1000": "thousand", "1,000,000": "million", "1000000": "million",
  ]

  /// The dash characters of a rule: hyphens, en and em dashes.
  private static let dashes: Set<Character> = ["-", "–", "—"]

  /// The text between the dash rules of `text` (`--- Millions ---` → `Millions`), or nil when
  /// `text` is not a text between rules: a run of dashes at each end, words between them that
  /// neither start nor end with a dash.
  ///
  /// ```swift
  /// UnitText.unruled("-- Million pounds --")  // "Million pounds"
  /// UnitText.unruled("Low-fat")  // nil
  /// ```
  package static func unruled(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let first = trimmed.first, dashes.contains(first), let last = trimmed.last,
      dashes.contains(last)
    else { return nil }
    let inside = trimmed.drop { dashes.contains($0) }.reversed().drop { dashes.contains($0) }
    let words = String(inside.reversed()).trimmingCharacters(in: .whitespaces)
    guard let head = words.first, !dashes.contains(head), let tail = words.last,
      !dashes.contains(tail)
    else { return nil }
    return words
  }

  /// A heading's capital lowered in its first word (`Million pounds` → `million pounds`), but
  /// not in an abbreviation or a name in capitals (`U.S. dollars`, `CWT`).
  private static func lowered(_ text: String) -> String {
    let first = text.prefix { !$0.isWhitespace }
    guard first.dropFirst().allSatisfy({ !$0.isUppercase }) else { return text }
    return first.lowercased() + text.dropFirst(first.count)
  }

  /// A title without the unit in its last parenthesis, and that unit; the title as it is when
  /// it ends in no unit.
  package static func splitUnit(from title: String) -> (String, String?) {
    let trimmed = title.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return (title, nil) }
    let inside = String(
      trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
    guard !inside.contains("("), isUnit(inside) else { return (title, nil) }
    let rest = trimmed[..<open].trimmingCharacters(in: .whitespaces)
    return (rest.hasSuffix(",") ? String(rest.dropLast()) : rest, normalized(inside))
  }

  /// The unit a title gives after its last comma, as ERS Food Availability titles end
  /// (`Fluid milk: Per capita availability, pounds`), or nil. The title keeps it: it is the
  /// part of the sentence that tells such tables apart (pounds, gallons, percent).
  ///
  /// ```swift
  /// UnitText.unit(after: "Fluid milk: Total availability, million pounds")  // "million pounds"
  /// UnitText.unit(after: "Milk cows and production, by State")  // nil
  /// ```
  package static func unit(after title: String) -> String? {
    guard let comma = title.range(of: ", ", options: .backwards) else { return nil }
    let last = title[comma.upperBound...].trimmingCharacters(in: .whitespaces)
    return !last.contains("(") && isUnit(last) ? normalized(last) : nil
  }

  /// The unit a whole title line gives, when it is a parenthesis holding a unit
  /// (`(thousand head)`), or nil.
  package static func unit(ofLine line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("("), trimmed.hasSuffix(")") else { return nil }
    let (rest, unit) = splitUnit(from: trimmed)
    return rest.isEmpty ? unit : nil
  }
}

// MARK: - How far a ruled unit reaches

extension UnitText {
  /// Spreads the units between dash rules of a unit row (`-------- Million pounds --------`)
  /// that the sheet gives no span (no merged range, no centring across the selection, as in a
  /// CSV export): the rules are drawn across the columns the unit covers, so it reaches the
  /// series columns after it up to the next unit of the row, across the groups above. A span
  /// found otherwise is only ever widened.
  ///
  /// ```swift
  /// // ,--- Millions ---,------ Million pounds ------,,,,,--- Pounds ---
  /// UnitText.reachRuledUnits(&units, series: [1, 2, 3, 4, 5, 6, 7])
  /// units.map(\.span)  // [1...1, 2...6, 7...7]
  /// ```
  package static func reachRuledUnits(_ units: inout [HeaderCaption], series: Set<Int>) {
    let ordered = units.indices.sorted { units[$0].column < units[$1].column }
    for (place, index) in ordered.enumerated()
    where units[index].givenSpan == nil && unruled(units[index].text) != nil {
      let next = place + 1 < ordered.count ? units[ordered[place + 1]].column : Int.max
      let start = units[index].column
      guard let reach = series.filter({ $0 > start && $0 < next }).max(),
        reach > units[index].span.upperBound
      else { continue }
      units[index].span = units[index].span.lowerBound...reach
      units[index].evidence = .startsSpan
    }
  }
}
