import DairyFormats
import DairyModel

/// The place of a Quick Stats row, from its `Geo Level` and the columns that level fills:
///
/// | Geo Level                     | place                      | level  | code               |
/// |-------------------------------|----------------------------|--------|--------------------|
/// | `NATIONAL`                    | `United States`            | nation | –                  |
/// | `STATE`                       | `New York`                 | state  | State ANSI: `36`   |
/// | `COUNTY`                      | `Autauga, Alabama`         | county | `01001`            |
/// | `AGRICULTURAL DISTRICT`       | `Northwest district, Iowa` | region | –                  |
/// | `REGION : MULTI-STATE` …      | the `Region`, title-cased  | region | –                  |
/// | `ZIP CODE`                    | `ZIP 14801`                | region | the ZIP code       |
/// | `WATERSHED`                   | the `Watershed`            | region | `watershed_code`   |
///
/// ANSI codes that a spreadsheet wrote as numbers get their leading zeros back (`1` → `01`,
/// county `1` → `001`). A county without a code (`OTHER (COMBINED) COUNTIES`, one per
/// district) is named with its district. A file without `Geo Level` gives the most specific
/// place its columns fill.
///
/// ```swift
/// // COUNTY, ALABAMA, 1, …, AUTAUGA, 1
/// place.name  // "Autauga, Alabama"
/// place.code  // "01001"
/// ```
package struct QuickStatsPlace: Sendable, Hashable {
  /// The name as a person writes it.
  package var name: String
  package var level: PlaceLevel
  /// The State ANSI code, or the State's and county's (`01001`), or a ZIP or watershed code.
  package var code: String?
  /// The place as the file writes it, for the series' key: `ALABAMA`, `AUTAUGA, ALABAMA`.
  package var key: String

  /// Every column ``init(_:columns:)`` reads, in one order: their texts name a place, so that
  /// a place is worked out once for each distinct set of them.
  package static func columns(of columns: QuickStatsColumns) -> [Int?] {
    [
      columns.geoLevel, columns.state, columns.stateANSI, columns.agDistrict, columns.county,
      columns.countyANSI, columns.zipCode, columns.region, columns.watershedCode,
      columns.watershed,
    ]
  }

  /// The place of `row`, its texts read through `text` (a column's cell, trimmed; empty when
  /// the file has no such column), from the columns ``columns(of:)`` names.
  package init(_ text: (Int?) throws -> String, columns: QuickStatsColumns) rethrows {
    let written = try text(columns.geoLevel).uppercased()
    let state = try text(columns.state)
    let county = try text(columns.county)
    let level =
      !written.isEmpty
      ? written
      : !county.isEmpty ? "COUNTY" : state.isEmpty || Self.isNation(state) ? "NATIONAL" : "STATE"
    let stateName = QuickStatsText.properName(state)
    let stateCode = Self.code(try text(columns.stateANSI), digits: 2)
    let district = try text(columns.agDistrict)
    switch level {
    case "NATIONAL":
      self.init(
        name: "United States", level: .nation, code: nil, key: state.isEmpty ? "US" : state)
    case "COUNTY":
      let countyCode = Self.code(try text(columns.countyANSI), digits: 3)
      let code = stateCode.flatMap { state in countyCode.map { state + $0 } }
      var name = QuickStatsText.properName(county)
      var key = county + ", " + state
      if countyCode == nil, !district.isEmpty {
        name += ", " + QuickStatsText.properName(district) + " district"
        key += " (" + district + ")"
      }
      self.init(name: name + ", " + stateName, level: .county, code: code, key: key)
    case "STATE":
      self.init(name: stateName, level: .state, code: stateCode, key: state)
    case "AGRICULTURAL DISTRICT", "AG DISTRICT", "ASD":
      self.init(
        name: QuickStatsText.properName(district) + " district, " + stateName, level: .region,
        code: nil, key: district + ", " + state)
    case "ZIP CODE":
      let zip = try text(columns.zipCode)
      self.init(name: "ZIP " + zip, level: .region, code: zip, key: "ZIP " + zip)
    case "WATERSHED":
      let watershed = try text(columns.watershed)
      let code = try text(columns.watershedCode)
      self.init(
        name: QuickStatsText.properName(watershed), level: .region,
        code: code.isEmpty ? nil : code, key: watershed + " " + code)
    default:
      // A region (`REGION : MULTI-STATE`, `ECONOMIC REGION`…): its name, else the level's.
      let region = try text(columns.region)
      let named = region.isEmpty ? level : region
      self.init(
        name: QuickStatsText.properName(named), level: .region, code: nil,
        key: level + ": " + named)
    }
  }

  package init(name: String, level: PlaceLevel, code: String?, key: String) {
    (self.name, self.level, self.code, self.key) = (name, level, code, key)
  }

  /// Whether a `State` names the nation (`US TOTAL`).
  static func isNation(_ state: String) -> Bool {
    ["US TOTAL", "U.S. TOTAL", "UNITED STATES", "US"].contains(state.uppercased())
  }

  /// An ANSI code of `digits` digits, its lost leading zeros put back; nil when empty. A code
  /// that is not digits is kept as written.
  static func code(_ text: String, digits: Int) -> String? {
    guard !text.isEmpty else { return nil }
    guard text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), text.count < digits else {
      return text
    }
    return String(repeating: "0", count: digits - text.count) + text
  }
}
