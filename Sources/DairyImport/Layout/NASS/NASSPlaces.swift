import DairyFormats
import DairyModel

/// The places a NASS report names in its row labels: the nation, a State (with its ANSI code),
/// or a region of one of NASS's region sets (`Atlantic`, `Central`, `West` of the dairy products
/// tables; `North Atlantic`, `Corn Belt`, `Pacific` of others), or the States a table does not
/// show one by one (`Other States`, `23 selected States`).
///
/// ```swift
/// NASSPlaces.place("Wisconsin")  // Wisconsin, state, 55
/// NASSPlaces.place("United States")  // United States, nation
/// NASSPlaces.place("Other States")  // Other States, region
/// NASSPlaces.place("Cheddar")  // nil
/// ```
package enum NASSPlaces {
  /// A place: its name as the table writes it (the nation as `United States`), its level and
  /// its ANSI code where it has one.
  package struct Place: Hashable, Sendable {
    package var name: String
    package var level: PlaceLevel
    package var code: String?
  }

  /// The nation's spellings.
  private static let nation: Set<String> = [
    "united states", "u.s.", "us", "u.s", "united states total", "u.s. total", "us total",
    "total united states", "u.s. totals", "united states totals",
  ]

  /// The regions of NASS's region sets, lower case: the dairy products regions, the census
  /// regions and divisions, the farm production regions, and others its reports use.
  package static let regions: Set<String> = [
    "atlantic", "central", "west", "north atlantic", "south atlantic", "north central",
    "south central", "east north central", "west north central", "east south central",
    "west south central", "northeast", "north east", "southeast", "south east", "midwest",
    "south", "north", "east", "southwest", "northwest", "mountain", "pacific", "new england",
    "middle atlantic", "mid-atlantic", "great lakes", "corn belt", "delta", "delta states",
    "appalachian", "northern plains", "southern plains", "lake states", "mountain states",
    "pacific northwest", "pacific coast", "northeast region", "southeast region",
    "midwest region", "west region", "other states", "all other states",
  ]

  /// The place `label` names (a row's label, footnote markers taken off), or nil.
  package static func place(_ label: String) -> Place? {
    let name = SectionFields.collapsingWhitespace(label)
    let lowered = name.lowercased()
    if nation.contains(lowered) { return Place(name: "United States", level: .nation) }
    if let state = StateCodes.state(named: name) {
      return Place(name: state.name, level: .state, code: state.code)
    }
    if regions.contains(lowered) || isStateSet(lowered) {
      return Place(name: name, level: .region)
    }
    return nil
  }

  /// `23 States`, `24 selected States`, `48 contiguous States`, `23 major States total`.
  private static func isStateSet(_ lowered: String) -> Bool {
    var words = lowered.split(separator: " ").map(String.init)
    if words.last == "total" { words.removeLast() }
    guard words.count >= 2, let number = Int(words[0]), (2...60).contains(number),
      words.last == "states" || words.last == "state"
    else { return false }
    return words.count == 2
      || (words.count == 3 && ["selected", "major", "contiguous", "program"].contains(words[1]))
  }
}
