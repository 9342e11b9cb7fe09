/// What kind of place a section is about: the nation, a region, a State, a county.
///
/// ```swift
/// PlaceLevel(rawValue: "state")  // .state
/// ```
public enum PlaceLevel: String, CaseIterable, Sendable, Hashable {
  case nation, region, state, county
}
