import DairyFormats
import DairyModel
import Foundation

/// Units as reports write them: a cell of a unit row (`thousand`, `million pounds`, `dollars per
/// cwt`), or a parenthesis that ends a title (`(in pounds per person)`, `(million of pounds)`), or
/// a title line of its own (`(thousand head)`).
///
/// A text is a unit when its first word (after `in` or `average`) is a measure (`pounds`,
/// `dollars`, `head`, `percent`, `cwt`, …) or a quantity (`thousand`, `million`, `1,000`, `mil.`,
/// …); so `(2% milk fat)` is not one.
///
/// ```swift
/// UnitText.isUnit("dollars per cwt")  // true
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
    "hundredweight", "index",
  ]
  package static let quantities: Set<String> = [
    "thousand", "thousands", "million", "millions", "billion", "billions", "mil.", "mil",
    "bil.", "bil", "mln", "1,000", "1000", "1,000,000", "hundred",
  ]
  /// Words a unit may start with before its measure.
  package static let leads: Set<String> = ["in", "average", "avg.", "per"]

  /// Whether `text` (a unit row's cell, or a parenthesis' inside) is a unit.
  package static func isUnit(_ text: String) -> Bool {
    var words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    while let first = words.first, leads.contains(first), words.count > 1 {
      words.removeFirst()
    }
    guard let first = words.first?.trimmingCharacters(in: CharacterSet(charactersIn: ",;:"))
    else { return false }
    return measures.contains(first) || quantities.contains(first)
  }

  /// A unit as it is kept: white space collapsed, a leading `in ` dropped (`in pounds per
  /// person` → `pounds per person`).
  package static func normalized(_ text: String) -> String {
    var collapsed = SectionFields.collapsingWhitespace(text)
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

  /// The unit a whole title line gives, when it is a parenthesis holding a unit
  /// (`(thousand head)`), or nil.
  package static func unit(ofLine line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("("), trimmed.hasSuffix(")") else { return nil }
    let (rest, unit) = splitUnit(from: trimmed)
    return rest.isEmpty ? unit : nil
  }
}
