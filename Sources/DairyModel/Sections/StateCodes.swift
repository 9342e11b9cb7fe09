/// The States of the United States, the District of Columbia and the territories NASS reports
/// on, with their two-digit ANSI (FIPS) codes and postal abbreviations: how a place a file names
/// only in words (`Wisconsin`, `New Jersey`) gets its ``SectionFields`` code.
///
/// ```swift
/// StateCodes.state(named: "new  jersey")?.code  // "34"
/// StateCodes.state(named: "WI")?.name  // "Wisconsin"
/// StateCodes.state(named: "Cheddar")  // nil
/// ```
package enum StateCodes {
  /// A State (or the District, or a territory) as NASS names it.
  package struct State: Hashable, Sendable {
    package var name: String
    /// The two-digit ANSI code (`55`), as Quick Stats writes it in `State ANSI`.
    package var code: String
    /// The postal abbreviation (`WI`).
    package var postal: String
  }

  /// Every State, then the District of Columbia and the territories, by name.
  package static let all: [State] = [
    ("Alabama", "01", "AL"), ("Alaska", "02", "AK"), ("Arizona", "04", "AZ"),
    ("Arkansas", "05", "AR"), ("California", "06", "CA"), ("Colorado", "08", "CO"),
    ("Connecticut", "09", "CT"), ("Delaware", "10", "DE"), ("District of Columbia", "11", "DC"),
    ("Florida", "12", "FL"), ("Georgia", "13", "GA"), ("Hawaii", "15", "HI"),
    ("Idaho", "16", "ID"), ("Illinois", "17", "IL"), ("Indiana", "18", "IN"),
    ("Iowa", "19", "IA"), ("Kansas", "20", "KS"), ("Kentucky", "21", "KY"),
    ("Louisiana", "22", "LA"), ("Maine", "23", "ME"), ("Maryland", "24", "MD"),
    ("Massachusetts", "25", "MA"), ("Michigan", "26", "MI"), ("Minnesota", "27", "MN"),
    ("Mississippi", "28", "MS"), ("Missouri", "29", "MO"), ("Montana", "30", "MT"),
    ("Nebraska", "31", "NE"), ("Nevada", "32", "NV"), ("New Hampshire", "33", "NH"),
    ("New Jersey", "34", "NJ"), ("New Mexico", "35", "NM"), ("New York", "36", "NY"),
    ("North Carolina", "37", "NC"), ("North Dakota", "38", "ND"), ("Ohio", "39", "OH"),
    ("Oklahoma", "40", "OK"), ("Oregon", "41", "OR"), ("Pennsylvania", "42", "PA"),
    ("Rhode Island", "44", "RI"), ("South Carolina", "45", "SC"), ("South Dakota", "46", "SD"),
    ("Tennessee", "47", "TN"), ("Texas", "48", "TX"), ("Utah", "49", "UT"),
    ("Vermont", "50", "VT"), ("Virginia", "51", "VA"), ("Washington", "53", "WA"),
    ("West Virginia", "54", "WV"), ("Wisconsin", "55", "WI"), ("Wyoming", "56", "WY"),
    ("American Samoa", "60", "AS"), ("Guam", "66", "GU"),
    ("Northern Mariana Islands", "69", "MP"), ("Puerto Rico", "72", "PR"),
    ("Virgin Islands", "78", "VI"),
  ].map { State(name: $0.0, code: $0.1, postal: $0.2) }

  /// Other spellings NASS and its users write (`Virgin Islands of the U.S.`, `Washington DC`).
  private static let aliases: [String: String] = [
    "washington dc": "District of Columbia", "washington d.c.": "District of Columbia",
    "d.c.": "District of Columbia", "virgin islands of the u.s.": "Virgin Islands",
    "u.s. virgin islands": "Virgin Islands", "us virgin islands": "Virgin Islands",
    "commonwealth of the northern mariana islands": "Northern Mariana Islands",
  ]

  private static let byName: [String: State] = {
    var states: [String: State] = [:]
    for state in all { states[state.name.lowercased()] = state }
    for (alias, name) in aliases { states[alias] = states[name.lowercased()] }
    return states
  }()

  private static let byPostal = Dictionary(uniqueKeysWithValues: all.map { ($0.postal, $0) })

  /// The State `name` names, in any case and spacing, or by its postal abbreviation in capitals
  /// (`WI`, not `In`); nil for any other text.
  package static func state(named name: String) -> State? {
    if let state = byPostal[name] { return state }
    return byName[name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")]
  }
}
