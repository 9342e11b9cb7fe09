import DairyFormats
import DairyModel

/// The columns of a NASS Quick Stats download, found by name in any case and order: the web
/// page's names (`Program, Year, Period, Week Ending, Geo Level, State, State ANSI, …, Data
/// Item, Domain, Domain Category, Value, CV (%)`) or the API's (`source_desc, year,
/// reference_period_desc, week_ending, agg_level_desc, state_name, state_ansi, …, short_desc,
/// domaincat_desc, Value`).
///
/// A header is Quick Stats when it names the year, the period, the data item and the value,
/// and a place (the geographic level or the State): no other table of ours has `Data Item`
/// beside `Period`.
///
/// ```swift
/// let columns = QuickStatsColumns(header)  // nil for `state,year,value`
/// columns?.item  // the `Data Item` column
/// ```
package struct QuickStatsColumns: Sendable, Hashable {
  package var program: Int?
  package var year: Int
  package var period: Int
  package var weekEnding: Int?
  package var geoLevel: Int?
  package var state: Int?
  package var stateANSI: Int?
  package var agDistrict: Int?
  package var agDistrictCode: Int?
  package var county: Int?
  package var countyANSI: Int?
  package var zipCode: Int?
  package var region: Int?
  package var watershedCode: Int?
  package var watershed: Int?
  package var commodity: Int?
  package var item: Int
  package var domain: Int?
  package var domainCategory: Int?
  package var value: Int
  package var cv: Int?
  /// The API's `unit_desc`, when the file has it: the unit of items that do not say
  /// `MEASURED IN` (an inventory, in `HEAD`).
  package var unit: Int?

  /// The names each column goes by, normalized (trimmed, lower case): the web page's first,
  /// then the API's.
  nonisolated(unsafe) package static let names:
    [WritableKeyPath<QuickStatsColumns, Int?>: Set<String>] = [
      \.program: ["program", "source_desc"],
      \.weekEnding: ["week ending", "week_ending"],
      \.geoLevel: ["geo level", "agg_level_desc"],
      \.state: ["state", "state_name"],
      \.stateANSI: ["state ansi", "state_ansi", "state_fips_code"],
      \.agDistrict: ["ag district", "asd_desc"],
      \.agDistrictCode: ["ag district code", "asd_code"],
      \.county: ["county", "county_name"],
      \.countyANSI: ["county ansi", "county_ansi", "county_code"],
      \.zipCode: ["zip code", "zip_5"],
      \.region: ["region", "region_desc"],
      \.watershedCode: ["watershed_code"],
      \.watershed: ["watershed", "watershed_desc"],
      \.commodity: ["commodity", "commodity_desc"],
      \.domain: ["domain", "domain_desc"],
      \.domainCategory: ["domain category", "domaincat_desc"],
      \.cv: ["cv (%)", "cv", "cv_percent"],
      \.unit: ["unit_desc"],
    ]
  package static let yearNames: Set<String> = ["year"]
  package static let periodNames: Set<String> = ["period", "reference_period_desc"]
  package static let itemNames: Set<String> = ["data item", "short_desc"]
  package static let valueNames: Set<String> = ["value"]

  /// The columns of `header`, or nil when it is not a Quick Stats header.
  package init?(_ header: HeaderColumns) {
    let find = { (names: Set<String>) in header.first(named: names) }
    guard let year = find(Self.yearNames), let period = find(Self.periodNames),
      let item = find(Self.itemNames), let value = find(Self.valueNames)
    else { return nil }
    (self.year, self.period, self.item, self.value) = (year, period, item, value)
    for (path, names) in Self.names { self[keyPath: path] = find(names) }
    // `county_code` and `state_fips_code` stand in for the ANSI columns only when those are
    // absent: `first(named:)` takes the first column of any of the names, in header order.
    if let ansi = header.first(named: ["county ansi", "county_ansi"]) { countyANSI = ansi }
    if let ansi = header.first(named: ["state ansi", "state_ansi"]) { stateANSI = ansi }
    guard geoLevel != nil || state != nil else { return nil }
  }

  /// Every column the layout reads, for the checks of the header.
  package var all: [Int] {
    [year, period, item, value]
      + Self.names.keys.compactMap { self[keyPath: $0] }
  }

  /// The columns whose cells, with the item's, name a series at a place: what makes one row's
  /// series another's. The period's class (a month, a year…) is added by the layout.
  package var seriesColumns: [Int] {
    [
      program, item, domainCategory, geoLevel, state, stateANSI, agDistrict, agDistrictCode,
      county, countyANSI, zipCode, region, watershedCode, watershed,
    ].compactMap { $0 }
  }

  /// ``seriesColumns`` as runs of adjacent columns (`Geo Level` … `Watershed` is one in the web
  /// page's order), whose bytes a row holds one after another.
  package var seriesRuns: [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    for column in Set(seriesColumns).sorted() {
      if let last = runs.last, last.upperBound + 1 == column {
        runs[runs.count - 1] = last.lowerBound...column
      } else {
        runs.append(column...column)
      }
    }
    return runs
  }
}
