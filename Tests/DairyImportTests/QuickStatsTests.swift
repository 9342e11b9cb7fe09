import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// NASS Quick Stats downloads (docs/formats.md, "Quick Stats downloads"): the two real samples
/// (copied unchanged from ../shared/data/nass) with exact expectations, and fixtures of our own
/// for each variation: a generated county file, weekly and quarterly periods, copies saved again
/// by a spreadsheet, overlapping size classes, the API's column names.
@Suite("Quick Stats downloads")
struct QuickStatsTests {
  static func path(_ name: String) -> String { TestSupport.fixture("quickstats/" + name) }

  /// The header line of a Quick Stats download, as the web page writes it (``webNames``).
  static let headerLine = webNames.joined(separator: ",") + "\n"

  /// An import of `name` into a recording target: its sections (as finished) and the run.
  static func record(_ name: String) throws -> (RecordingTarget, ImportRun) {
    var target = RecordingTarget()
    let run = try ImportRun.perform([path(name)], options: ImportOptions(), into: &target)
    return (target, run)
  }

  /// The finished fields of each section, in order.
  static func fields(_ target: RecordingTarget) -> [SectionFields] {
    target.sections.map { $0.facts?.fields ?? $0.draft }
  }

  // MARK: - The samples

  @Test func nationalMonthlySample() throws {
    // Given the monthly national download, 2019 and January–August 2020, two items
    let database = try DairyDatabase.inMemory()
    // When it is imported with no flags
    let summary = try database.importFiles([Self.path("qs_national_monthly_milk_2019_2020.csv")])
    // Then it has two monthly series: the production and the production per head
    #expect(summary.files[0].rows == 40 && summary.observations == 40 && summary.missing == 0)
    let sections = try database.read { try $0.sections() }
    #expect(
      sections.map(\.key) == [
        "MILK - PRODUCTION, MEASURED IN LB @ US TOTAL (SURVEY, MONTHLY)",
        "MILK - PRODUCTION, MEASURED IN LB / HEAD @ US TOTAL (SURVEY, MONTHLY)",
      ])
    #expect(sections.map(\.title) == ["Milk production", "Milk production per head"])
    #expect(sections.map(\.unit) == ["pounds", "pounds per head"])
    #expect(sections.allSatisfy { $0.group == nil && $0.observationCount == 20 })
    #expect(sections.allSatisfy { $0.fields.frequency == .monthly })
    #expect(sections.allSatisfy { $0.fields.place == "United States" })
    #expect(sections.allSatisfy { $0.fields.placeLevel == .nation && $0.fields.placeCode == nil })
    #expect(sections.allSatisfy { $0.years == 201_901...202_008 })
    // And each value is its month's, its thousands separators read
    let rows = try TestSupport.contents(database)
    let production = try #require(rows[sections[0].key])
    let perHead = try #require(rows[sections[1].key])
    #expect(production[202_001] == 18_860_000_000 && production[201_912] == 18_365_000_000)
    #expect(
      production.keys.sorted() == (1...12).map { 201_900 + $0 } + (1...8).map { 202_000 + $0 })
    #expect(perHead[202_001] == 2_015 && perHead[202_002] == 1_908)
    // And no CV series: the file's CV column is empty throughout
    #expect(sections.count == 2)
  }

  @Test func aDownloadIsTitledByItsCommoditiesAndProgramsAndSourcedToNASS() throws {
    // Given the two samples
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([
      Self.path("qs_national_monthly_milk_2019_2020.csv"),
      Self.path("qs_milk_sales_by_state_2012_2017.csv"),
    ])
    // Then each dataset says what it is and where it comes from
    let datasets = try database.read { try $0.datasets() }
    #expect(datasets.map(\.title) == ["Quick Stats: Milk (survey)", "Quick Stats: Milk (census)"])
    #expect(datasets.allSatisfy { $0.source == QuickStatsLayout.source })
    // And several commodities and programs are all named
    #expect(
      QuickStatsLayout.title(commodities: ["MILK", "CATTLE"], programs: ["SURVEY", "CENSUS"])
        == "Quick Stats: Milk, Cattle (survey and census)")
    #expect(QuickStatsLayout.title(commodities: [], programs: ["SURVEY"]) == nil)
  }

  @Test func censusStateSample() throws {
    // Given the census State download: every field quoted, values with commas, 8 " (D)"
    let (target, _) = try Self.record("qs_milk_sales_by_state_2012_2017.csv")
    let fields = Self.fields(target)
    // Then each State has its sales and, right after, their CV
    #expect(fields.count == 100)
    #expect(
      fields[0].key
        == "MILK - SALES, MEASURED IN $ | SALES: (50,000 OR MORE $) @ ALABAMA (CENSUS, ANNUAL)")
    #expect(fields[1].key == fields[0].key + ", CV (%)")
    #expect(fields[0].place == "Alabama" && fields[0].placeCode == "01")
    let places = fields.compactMap(\.place)
    #expect(places.contains("New York") && places.contains("District of Columbia") == false)
    #expect(fields.compactMap(\.placeCode).last == "56")
    for (value, cv) in zip(
      fields.indices.filter { $0 % 2 == 0 }, fields.indices.filter { $0 % 2 == 1 })
    {
      #expect(fields[cv].key == fields[value].key + ", CV (%)")
      #expect(fields[value].unit == "dollars" && fields[cv].unit == "percent")
      #expect(
        fields[value].group == "Sales: $50,000 or more" && fields[cv].group == fields[value].group)
    }
    // And the withheld values are missing cells marked (D), in the value and in its CV
    let marked = target.sections.filter { !$0.markers.isEmpty }
    #expect(marked.reduce(0) { $0 + $1.markers["(D)", default: 0] } == 16)
    #expect(marked.allSatisfy { $0.markers.keys.sorted() == ["(D)"] })
    let alaska = try #require(target.sections.first { $0.draft.key.contains("@ ALASKA (") })
    #expect(alaska.missingYears == [2012, 2017] && alaska.years.isEmpty)
    let dataset = try #require(target.datasets.first)
    #expect(
      dataset.facts.legend == [
        .init(marker: "(D)", meaning: "withheld to avoid disclosing data for individual operations")
      ])
  }

  @Test func realCountyFileSavedAgainBySpreadsheet() throws {
    // Given a real county download (the 2022 census's milk cows, every county of the 50
    // States), saved again by a spreadsheet: fields quoted only where they hold a comma, values
    // `102800.00`, " (D)" with its space, (L) in the CV column, three Alaska boroughs with no
    // county code, a district name with a comma (Hawaii's)
    let name = "County_Milk_Cow_Inventory_2022.csv"
    let database = try DairyDatabase.inMemory()
    // When it is imported with no flags
    let summary = try database.importFiles([Self.path(name)])
    // Then every county is a section, its CV right after it
    #expect(summary.files[0].rows == 2_362 && summary.files[0].sections == 4_724)
    // 1,512 values and 850 withheld; 1,398 CVs, 850 withheld and 114 less than 0.05 percent
    #expect(summary.observations == 1_512 + 1_398 && summary.missing == 850 + 850 + 114)
    let sections = try database.read { try $0.sections() }
    let values = sections.filter { !$0.key.hasSuffix(", CV (%)") }
    #expect(values.count == 2_362)
    #expect(values.allSatisfy { $0.title == "Cattle, cows, milk: inventory" && $0.unit == "head" })
    #expect(
      values.allSatisfy { $0.fields.placeLevel == .county && $0.fields.frequency == .monthly })
    // (the States of those with a code: all but Alaska)
    #expect(Set(values.compactMap { $0.fields.placeCode?.prefix(2) }).count == 49)
    // One number of decimals for the counties, as the file writes them (102800.00), though a
    // county's own values would show fewer (six significant digits): a value reads alike in
    // every view
    #expect(values.allSatisfy { $0.decimals == 2 })
    // Every county has its five-digit code but the Alaska boroughs, named with their district
    #expect(values.filter { $0.fields.placeCode?.count == 5 }.count == 2_359)
    #expect(
      values.filter { $0.fields.placeCode == nil }.compactMap(\.fields.place) == [
        "Kenai Peninsula, Kenai Peninsula district, Alaska",
        "Anchorage, Matanuska-Susitna-Anchorage district, Alaska",
        "Fairbanks North Star, Tanana Valley district, Alaska",
      ])
    // And the values are the file's, in December 2022 (END OF DEC), CVs beside them
    let rows = try TestSupport.contents(database)
    func key(_ county: String, _ state: String) -> String {
      "CATTLE, COWS, MILK - INVENTORY @ \(county), \(state) (CENSUS, END OF MONTH)"
    }
    #expect(rows[key("DANE", "WISCONSIN")] == [202_212: 47_413])
    #expect(rows[key("DANE", "WISCONSIN") + ", CV (%)"] == [202_212: 10.3])
    #expect(rows[key("PORTAGE", "WISCONSIN")] == [202_212: 11_155])
    #expect(rows[key("MARICOPA", "ARIZONA")] == [202_212: 102_800])
    #expect(rows[key("ELMORE", "ALABAMA")] == [:])  // withheld: a cell marked (D)
    // And read across places, one table of 2,362 counties, Wisconsin's 66 of them
    let tables = try database.crossSections(matching: SectionFilter(search: "milk: inventory"))
    #expect(tables.map(\.rows.count) == [2_362, 2_362])
    let wisconsin = try database.crossSections(
      matching: SectionFilter(search: "milk: inventory", place: "wisconsin"))
    #expect(wisconsin[0].rows.count == 66 && wisconsin[0].periods == [202_212])
    #expect(wisconsin[0].rows.first { $0.place == "Dane, Wisconsin" }?.cells == [.value(47_413)])
    #expect(wisconsin[0].rows.first?.cells == [.missing("(D)")])
    // In the order of their codes (the file lists them by agricultural district)
    let codes = wisconsin[0].rows.compactMap(\.code)
    #expect(
      codes.count == 66 && codes == codes.sorted()
        && codes.prefix(3) == ["55001", "55003", "55005"])
    // And a table with a place without a code (the Alaska boroughs) keeps the file's order
    #expect(tables[0].rows.prefix(2).compactMap(\.place) == ["Elmore, Alabama", "Hale, Alabama"])
  }

  @Test func censusStateSampleValues() throws {
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("qs_milk_sales_by_state_2012_2017.csv")])
    #expect(summary.observations == 2 * (100 - 8) && summary.missing == 16)
    let rows = try TestSupport.contents(database)
    let alabama =
      "MILK - SALES, MEASURED IN $ | SALES: (50,000 OR MORE $) @ ALABAMA (CENSUS, ANNUAL)"
    #expect(rows[alabama] == [2017: 16_976_000, 2012: 27_991_000])
    #expect(rows[alabama + ", CV (%)"] == [2017: 27.7, 2012: 9.7])
  }

  @Test func resavedCopyReadsAsTheSample() throws {
    // Given the sample's first rows as a spreadsheet saves them: a byte-order mark, unquoted
    // fields, State ANSI 1 for 01, CRLF and no final newline
    let resaved = try DairyDatabase.inMemory()
    _ = try resaved.importFiles([Self.path("qs_milk_sales_by_state_resaved.csv")])
    let original = try DairyDatabase.inMemory()
    _ = try original.importFiles([Self.path("qs_milk_sales_by_state_2012_2017.csv")])
    // Then its series and values are the sample's
    let copy = try TestSupport.contents(resaved)
    let whole = try TestSupport.contents(original)
    #expect(copy.count == 24)
    for (key, rows) in copy {
      #expect(whole[key].map { $0.filter { $0.key == 2017 } } == rows, "\(key)")
    }
    // And the State codes get their leading zeros back
    let codes = try resaved.read { try $0.sections() }.map(\.fields.placeCode)
    #expect(codes.prefix(4) == ["01", "01", "02", "02"] && codes.count == 24)
  }

  @Test func inspectSaysWhatItFound() throws {
    // Given the monthly national sample, inspected
    let inspection = ImportRun.inspect(
      Self.path("qs_national_monthly_milk_2019_2020.csv"), options: ImportOptions())
    let dataset = try #require(inspection.datasets.first)
    // Then it names the layout, and lists the items, places, periods, markers and CVs
    #expect(inspection.error == nil && dataset.layout == "Quick Stats")
    #expect(dataset.findings.map(\.label) == ["items", "places", "periods", "marked", "CV (%)"])
    #expect(
      dataset.findings.map(\.text) == [
        "2: MILK - PRODUCTION, MEASURED IN LB → Milk production (pounds); "
          + "MILK - PRODUCTION, MEASURED IN LB / HEAD → Milk production per head (pounds per head)",
        "1 nation: United States", "monthly: 2019-01 to 2020-08, 20 periods", "none",
        "empty throughout: no CV series",
      ])
    #expect(dataset.series.map(\.frequency) == [.monthly, .monthly])
    #expect(dataset.series.map(\.place) == ["United States", "United States"])
    // And its JSON carries them
    let json = InspectJSON.render([inspection])
    #expect(json.contains("\"found\":[{\"label\":\"items\""))
    #expect(
      json.contains("\"frequency\":\"monthly\"") && json.contains("\"place\":\"United States\""))
  }

  // MARK: - Variations

  @Test func aWorkbookReadsAsItsCSV() throws {
    // Given the census State sample saved as a workbook: years, ANSI codes and values numbers
    let workbook = try DairyDatabase.inMemory()
    _ = try workbook.importFiles([Self.path("qs_milk_sales_by_state_saved_as_xlsx.xlsx")])
    let csv = try DairyDatabase.inMemory()
    _ = try csv.importFiles([Self.path("qs_milk_sales_by_state_2012_2017.csv")])
    // Then its series, places, codes and values are the CSV file's
    #expect(try TestSupport.contents(workbook) == TestSupport.contents(csv))
    let fields = { (database: DairyDatabase) in
      try database.read { try $0.sections() }.map {
        [$0.title, $0.fields.place, $0.fields.placeCode]
      }
    }
    #expect(try fields(workbook) == fields(csv))
  }

  @Test func generatedCountyFile() throws {
    // Given a census county file of 2,440 rows (Scripts/generate-quickstats.py county)
    let name = "qs_county_milk_sales_generated.csv"
    let lines = try String(contentsOfFile: Self.path(name), encoding: .utf8)
      .split(separator: "\n").dropFirst().map {
        $0.dropFirst().dropLast().components(separatedBy: "\",\"")
      }
    let (target, run) = try Self.record(name)
    let fields = Self.fields(target)
    // Then each county (and each State's other counties) has both items and their CVs
    let places = Set(lines.map { $0[5] + "|" + $0[9] })
    #expect(places.count == 10 * 61)
    #expect(fields.count == places.count * 2 * 2)
    let observations: Int = run.book.sections.map(\.observations).reduce(0, +)
    let missing: Int = run.book.sections.map(\.missing).reduce(0, +)
    #expect(observations + missing == 2 * lines.count)
    // And every marker is counted where the file has it
    let count = { (column: Int, marker: String) in lines.filter { $0[column] == marker }.count }
    let markers = target.sections.reduce(into: [String: Int]()) { all, section in
      for (marker, n) in section.markers { all[marker, default: 0] += n }
    }
    #expect(markers["(D)"] == count(19, " (D)") + count(20, "(D)"))
    #expect(markers["(Z)"] == count(19, "(Z)") && markers["(L)"] == count(20, "(L)"))
    #expect(markers["(H)"] == count(20, "(H)"))
    #expect(markers.keys.sorted() == ["(D)", "(H)", "(L)", "(Z)"])
    // And the counties without a code are told apart by their district
    #expect(
      fields.contains {
        $0.key
          == "MILK - SALES, MEASURED IN $ | SALES: (50,000 OR MORE $) @ OTHER (COMBINED) COUNTIES, "
          + "ALABAMA (NORTHERN) (CENSUS, ANNUAL)"
      })
    #expect(Set(fields.map(\.unit)) == ["dollars", "operations", "percent"])
    #expect(fields[0].place == "Adams, Alabama" && fields[0].placeCode == "01001")
    #expect(fields.allSatisfy { $0.placeLevel == .county })
    #expect(
      fields.contains {
        $0.place == "Other (Combined) Counties, Northern district, Alabama" && $0.placeCode == nil
      })
    #expect(
      fields.contains { $0.place == "McLean, Alabama" }
        && fields.contains { $0.place == "O'Brien, Alabama" })
  }

  @Test func weeklyPeriodsAreKeyedByTheDateTheyEnd() throws {
    for name in ["qs_weekly_cheddar_2020.csv", "qs_weekly_cheddar_2020_resaved.csv"] {
      let database = try DairyDatabase.inMemory()
      _ = try database.importFiles([Self.path(name)])
      let sections = try database.read { try $0.sections() }
      #expect(sections.map(\.unit) == ["dollars per pound", "pounds"], "\(name)")
      #expect(sections.allSatisfy { $0.fields.frequency == .weekly }, "\(name)")
      #expect(
        sections.map(\.title) == [
          "Cheese, cheddar, 40 lb blocks: price", "Cheese, cheddar, 40 lb blocks: sales",
        ], "\(name)")
      let rows = try TestSupport.contents(database)
      #expect(
        rows[sections[0].key]
          == [20_200_307: 2.0066, 20_200_314: 1.9950, 20_200_321: 1.8712, 20_200_328: 1.7935],
        "\(name)")
    }
  }

  @Test func quartersAndTheAnnualTotalAreSeparateSeries() throws {
    let (target, _) = try Self.record("qs_quarterly_milk_by_state.csv")
    let fields = Self.fields(target)
    // Then each State has its quarters, its annual total and the August forecast apart
    #expect(
      fields.prefix(3).map(\.key) == [
        "MILK - PRODUCTION, MEASURED IN LB @ WISCONSIN (SURVEY, QUARTERLY)",
        "MILK - PRODUCTION, MEASURED IN LB @ WISCONSIN (SURVEY, ANNUAL)",
        "MILK - PRODUCTION, MEASURED IN LB @ WISCONSIN (SURVEY, YEAR - AUG FORECAST)",
      ])
    #expect(
      fields.prefix(3).map(\.title) == [
        // The annual total is named so beside the quarters at the same place
        "Milk production", "Milk production, annual", "Milk production, August forecast",
      ])
    #expect(fields.prefix(3).map(\.frequency) == [.quarterly, .annual, .annual])
    #expect(
      fields.map(\.place) == [
        "Wisconsin", "Wisconsin", "Wisconsin", "New York", "New York", "New York",
      ])
    #expect(target.sections[0].years == [20191, 20192, 20193, 20194, 20201, 20202, 20203, 20204])
    #expect(target.sections[1].years == [2019, 2020] && target.sections[2].years == [2019, 2020])
  }

  /// More items interleaved at each place and month than the layout remembers recent series
  /// (``RecentKeys``): every value still lands in its own series, whether its series was one of
  /// the last rows', was forgotten, or is new.
  @Test func manyInterleavedSeriesKeepTheirValues() throws {
    let items = (1...(RecentKeys.capacity + 4)).map { "MILK - ITEM \($0), MEASURED IN LB" }
    let counties = ["ADAMS", "BALDWIN", "CLARKE"]
    let months = [
      "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
    ]
    var text = Self.headerLine
    var expected: [String: [Int64: Double]] = [:]
    for (place, county) in counties.enumerated() {
      for month in 1...12 {
        // Some months give the items backwards, so that recent series are met out of order.
        let order = month % 3 == 0 ? Array(items.indices.reversed()) : Array(items.indices)
        for item in order {
          let value = Double(item * 10_000 + place * 100 + month)
          text +=
            "\"SURVEY\",\"2020\",\"\(months[month - 1])\",\"\",\"COUNTY\","
            + "\"ALABAMA\",\"01\",\"\",\"\",\"\(county)\",\"00\(place + 1)\",\"\",\"\",\"00000000\","
            + "\"\",\"MILK\",\"\(items[item])\",\"TOTAL\",\"NOT SPECIFIED\",\"\(Int(value))\",\"\"\n"
          let key = "\(items[item]) @ \(county), ALABAMA (SURVEY, MONTHLY)"
          expected[key, default: [:]][Int64(202_000 + month)] = value
        }
      }
    }
    let path = try TestSupport.file("interleaved.csv", text)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    #expect(try TestSupport.contents(database) == expected)
  }

  /// A download as Quick Stats sorts it: each period (the latest year first), then the places,
  /// then the items, so that a series comes back a whole period of rows later. The layout
  /// expects the series that followed the previous row's last time; where a period lacks a
  /// place or gives them in another order, the expectation fails and the series is looked up:
  /// every value still lands in its own series.
  @Test func periodMajorSeriesKeepTheirValuesWhenTheOrderChanges() throws {
    let items = ["MILK - PRODUCTION, MEASURED IN LB", "MILK - SALES, MEASURED IN $"]
    let counties = (1...(RecentKeys.capacity + 5)).map { "COUNTY \($0)" }
    var text = Self.headerLine
    var expected: [String: [Int64: Double]] = [:]
    for year in (2010...2020).reversed() {
      // 2018 lacks the third county, 2015 gives the counties backwards, 2012 starts with a
      // county no other year has.
      var places = Array(counties.indices)
      if year == 2018 { places.remove(at: 2) }
      if year == 2015 { places.reverse() }
      var names = places.map { counties[$0] }
      if year == 2012 { names.insert("NEWCOMER", at: 0) }
      for (place, county) in names.enumerated() {
        for (item, name) in items.enumerated() {
          let value = Double(year * 1_000 + place * 10 + item)
          text +=
            "SURVEY,\(year),YEAR,,COUNTY,ALABAMA,01,,,\(county),\(100 + place),,,00000000,,MILK,"
            + "\"\(name)\",TOTAL,NOT SPECIFIED,\(Int(value)),\n"
          expected["\(name) @ \(county), ALABAMA (SURVEY, ANNUAL)", default: [:]][Int64(year)] =
            value
        }
      }
    }
    let path = try TestSupport.file("period-major.csv", text)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    #expect(try TestSupport.contents(database) == expected)
    #expect(expected.count == 2 * (counties.count + 1))
  }

  /// The series expected next is taken only when the row's every series cell is the same: a
  /// row whose cells hold the same bytes split otherwise (county `COUNTY 1` coded `101`
  /// against `COUNTY 11` coded `01`), another place of the same length, or another class of
  /// period goes to its own series, and the expected one is still found when it comes back.
  @Test func theSeriesExpectedNextIsTakenOnlyWhenEveryCellIsTheSame() throws {
    var text = Self.headerLine
    func row(_ year: Int, _ period: String, _ county: String, _ item: String, code: String = "101")
      -> String
    {
      "SURVEY,\(year),\(period),,COUNTY,ALABAMA,01,,,\(county),\(code),,,00000000,,MILK,"
        + "\"\(item)\",TOTAL,NOT SPECIFIED,\(year),\n"
    }
    let (production, sales) = ("MILK - PRODUCTION, MEASURED IN LB", "MILK - SALES, MEASURED IN $")
    var expected: [String: [Int64: Double]] = [:]
    func add(_ key: String, _ period: Int64, _ year: Int) {
      expected["\(key) (SURVEY, \(period > 9999 ? "MONTHLY" : "ANNUAL"))", default: [:]][period] =
        Double(year)
    }
    for year in (2015...2020).reversed() {
      text += row(year, "YEAR", "COUNTY 1", production)
      add("\(production) @ COUNTY 1, ALABAMA", Int64(year), year)
      switch year {
      case 2019:
        text += row(year, "YEAR", "COUNTY 11", sales, code: "01")
        add("\(sales) @ COUNTY 11, ALABAMA", Int64(year), year)
      case 2017:
        text += row(year, "YEAR", "COUNTY 2", sales)
        add("\(sales) @ COUNTY 2, ALABAMA", Int64(year), year)
      case 2016:
        text += row(year, "JAN", "COUNTY 1", sales)
        add("\(sales) @ COUNTY 1, ALABAMA", Int64(year * 100 + 1), year)
      default:
        text += row(year, "YEAR", "COUNTY 1", sales)
        add("\(sales) @ COUNTY 1, ALABAMA", Int64(year), year)
      }
    }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("expected-next.csv", text)])
    #expect(try TestSupport.contents(database) == expected)
    #expect(expected.count == 5)
  }

  /// A place is worked out once for each distinct set of its columns' texts: counties of one
  /// name in two States, and the combined counties of two districts of one State, stay apart.
  @Test func placesOfOneNameStayApart() throws {
    let places = [
      ("ALABAMA", "01", "SOUTHWEST", "WASHINGTON", "129"),
      ("WISCONSIN", "55", "SOUTHEAST", "WASHINGTON", "131"),
      ("IOWA", "19", "NORTHWEST", "OTHER (COMBINED) COUNTIES", ""),
      ("IOWA", "19", "NORTH CENTRAL", "OTHER (COMBINED) COUNTIES", ""),
    ]
    var text = Self.headerLine
    for item in ["MILK - SALES, MEASURED IN $", "MILK - PRODUCTION, MEASURED IN LB"] {
      for (index, place) in places.enumerated() {
        text +=
          "CENSUS,2017,YEAR,,COUNTY,\(place.0),\(place.1),\(place.2),10,\(place.3),\(place.4),,,"
          + "00000000,,MILK,\"\(item)\",TOTAL,NOT SPECIFIED,\(index + 1),\n"
      }
    }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("places.csv", text)])
    let sections = try database.read { try $0.sections() }
    let named = sections.map { "\($0.fields.place ?? "") \($0.fields.placeCode ?? "-")" }
    let expected = [
      "Washington, Alabama 01129", "Washington, Wisconsin 55131",
      "Other (Combined) Counties, Northwest district, Iowa -",
      "Other (Combined) Counties, North Central district, Iowa -",
    ]
    #expect(named == expected + expected)
  }

  /// The decimals of one title's sections at many places are decided over all their amounts,
  /// as a series' are: the most written, but no more than six significant digits of the
  /// typical amount, so that a county written at machine precision does not give its digits to
  /// every other.
  @Test func placesOfOneTitleShareTheirDecimalsAsOneSeriesWould() throws {
    var text = Self.headerLine
    let values = [
      ("ADAMS", "001", "0.048373566666666666"), ("BROWN", "009", "9153.85"),
      ("CLARK", "019", "2345.60"), ("DANE", "025", "47413.00"), ("DOOR", "029", "613.25"),
    ]
    for (county, code, value) in values {
      text +=
        "SURVEY,2022,YEAR,,COUNTY,WISCONSIN,55,,,\(county),\(code),,,00000000,,MILK,"
        + "\"MILK - PRODUCTION, MEASURED IN LB\",TOTAL,NOT SPECIFIED,\(value),\n"
    }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("decimals.csv", text)])
    let sections = try database.read { try $0.sections() }
    // The typical amount is in the thousands: two decimals at most, for every county (the
    // most any one of them would show is Adams's seven)
    #expect(sections.map(\.decimals) == Array(repeating: 2, count: 5))
  }

  @Test func recentKeysAreFoundUntilForgotten() {
    var recent = RecentKeys()
    let keys = (0..<(RecentKeys.capacity + 3)).map { RowKey(bytes: Array("key \($0)".utf8)) }
    for (index, key) in keys.enumerated() {
      #expect(recent.value(for: key) == nil)
      recent.remember(key, index)
    }
    // The first three were forgotten for the last three.
    #expect(keys.prefix(3).map { recent.value(for: $0) } == [nil, nil, nil])
    #expect(keys.dropFirst(3).map { recent.value(for: $0) } == Array(3..<keys.count))
    let long = RowKey(bytes: Array(repeating: 7, count: RecentKeys.maxKeyBytes + 1))
    recent.remember(long, 99)
    #expect(recent.value(for: long) == nil)
  }

  @Test func overlappingSizeClassesStaySeparate() throws {
    let (target, _) = try Self.record("qs_milk_cow_size_classes_wi.csv")
    let fields = Self.fields(target)
    let groups = fields.compactMap(\.group)
    #expect(
      Set(groups) == [
        "Inventory of milk cows: 1 to 9 head", "Inventory of milk cows: 10 to 49 head",
        "Inventory of milk cows: 10 to 19 head", "Inventory of milk cows: 20 to 49 head",
        "Inventory of milk cows: 50 or more head",
      ])
    // Five classes of two items, and the inventory's CVs (the smallest class's are (H))
    #expect(fields.count == 15)
    #expect(Set(fields.map(\.key)).count == 15)
    let high = target.sections.filter { $0.markers["(H)"] != nil }
    #expect(high.count == 1 && high[0].draft.group == "Inventory of milk cows: 1 to 9 head")
  }

  @Test func apiColumnNamesAndPointsInTime() throws {
    // Given the API's CSV: lower-case names in its order, unit_desc, no MEASURED IN
    let (target, _) = try Self.record("qs_api_vermont_milk_cows.csv")
    let fields = Self.fields(target)
    #expect(
      fields.map(\.key) == [
        "CATTLE, COWS, MILK - INVENTORY @ VERMONT (SURVEY, FIRST OF MONTH)",
        "CATTLE, COWS, MILK - INVENTORY @ ADDISON, VERMONT (SURVEY, FIRST OF MONTH)",
        "CATTLE, COWS, MILK - INVENTORY @ FRANKLIN, VERMONT (SURVEY, FIRST OF MONTH)",
      ])
    #expect(fields.allSatisfy { $0.unit == "head" && $0.frequency == .monthly })
    #expect(fields.map(\.placeCode) == ["50", "50001", "50011"])
    #expect(fields.map(\.title) == Array(repeating: "Cattle, cows, milk: inventory", count: 3))
    #expect(target.sections[0].years == [202_101, 202_107])
    #expect(target.sections[1].years == [202_001, 202_101])
    #expect(target.sections[2].markers == ["(D)": 1])
  }

  @Test func aQuickStatsHeaderGivenAnotherLayoutIsReadAsAsked() throws {
    // --format long (or a column named on the command line) reads the file as a long table
    var options = ImportOptions()
    options.format = .long
    var target = RecordingTarget()
    let run = try ImportRun.perform(
      [Self.path("qs_national_monthly_milk_2019_2020.csv")], options: options, into: &target)
    #expect(run.explained.map(\.explanation.layout) == ["long"])
  }

  // MARK: - Rules

  @Test(arguments: [
    ("YEAR", QuickStatsPeriod.year), ("MARKETING YEAR", .marketingYear), ("JAN", .month(1)),
    ("DEC", .month(12)), ("FIRST OF JAN", .pointInMonth(1, first: true)),
    ("END OF DEC", .pointInMonth(12, first: false)), ("JAN THRU MAR", .quarter(1)),
    ("OCT THRU DEC", .quarter(4)), ("FIRST QUARTER", .quarter(1)), ("4TH QUARTER", .quarter(4)),
    ("QTR 2", .quarter(2)), ("Q3", .quarter(3)), ("WEEK #01", .week),
    ("YEAR - AUG FORECAST", .forecast(marketingYear: false, month: 8)),
    ("MARKETING YEAR - NOV FORECAST", .forecast(marketingYear: true, month: 11)),
  ])
  func periods(text: String, period: QuickStatsPeriod) {
    #expect(QuickStatsPeriod(text: text) == period)
  }

  @Test(arguments: [
    "JAN THRU JUN", "FEB THRU APR", "WEEK 13", "MONTH", "", "QTR 5", "YEAR - FORECAST",
  ])
  func notPeriods(text: String) {
    #expect(QuickStatsPeriod(text: text) == nil)
  }

  @Test func periodKeys() {
    let week = (year: 2020, month: 3, day: 7)
    #expect(QuickStatsPeriod.year.key(year: 2020, weekEnding: nil) == 2020)
    #expect(QuickStatsPeriod.marketingYear.key(year: 2019, weekEnding: nil) == 2019)
    #expect(QuickStatsPeriod.quarter(1).key(year: 2020, weekEnding: nil) == 20201)
    #expect(QuickStatsPeriod.month(3).key(year: 2020, weekEnding: nil) == 202_003)
    #expect(QuickStatsPeriod.week.key(year: 2020, weekEnding: week) == 20_200_307)
    #expect(QuickStatsPeriod.week.key(year: 2020, weekEnding: nil) == nil)
  }

  @Test(arguments: [
    ("2020-03-07", "2020-03-07"), ("2020-03-07 00:00:00.000", "2020-03-07"),
    ("3/7/2020", "2020-03-07"), ("03/07/2020", "2020-03-07"), ("2020/03/07", "2020-03-07"),
    ("2020-02-29", "2020-02-29"), ("2019-02-29", nil), ("2020-13-01", nil), ("", nil),
    ("7 March 2020", nil),
  ])
  func weekEndingDates(text: String, date: String?) {
    let read = QuickStatsPeriod.weekEnding(text).map {
      Period(frequency: .weekly, key: Int64($0.year * 10_000 + $0.month * 100 + $0.day)).text
    }
    #expect(read == date)
  }

  @Test(arguments: [
    ("MILK - PRODUCTION, MEASURED IN LB", "Milk production", "pounds"),
    ("MILK - PRODUCTION, MEASURED IN LB / HEAD", "Milk production per head", "pounds per head"),
    ("MILK - SALES, MEASURED IN $", "Milk sales", "dollars"),
    (
      "MILK - PRICE RECEIVED, MEASURED IN $ / CWT", "Milk price received",
      "dollars per hundredweight"
    ),
    ("MILK - OPERATIONS WITH SALES", "Milk operations with sales", "operations"),
    ("CATTLE, COWS, MILK - INVENTORY", "Cattle, cows, milk: inventory", "head"),
    (
      "MILK - PRODUCTION, MEASURED IN PCT OF PREVIOUS YEAR", "Milk production",
      "percent of previous year"
    ),
    ("MILK, FAT - PRODUCTION, MEASURED IN PCT", "Milk, fat: production", "percent"),
    (
      "CHEESE, CHEDDAR - PRICE, MEASURED IN $ / LB", "Cheese, cheddar: price",
      "dollars per pound"
    ),
  ])
  func items(text: String, title: String, unit: String) {
    let item = QuickStatsText.item(text)
    #expect(item.title == title)
    #expect(item.unit == unit)
  }

  @Test(arguments: [
    ("SALES: (50,000 OR MORE $)", "Sales: $50,000 or more"),
    ("SALES: (1,000 TO 2,499 $)", "Sales: $1,000 to $2,499"),
    ("SALES: (LESS THAN 1,000 $)", "Sales: less than $1,000"),
    ("INVENTORY OF MILK COWS: (10 TO 49 HEAD)", "Inventory of milk cows: 10 to 49 head"),
    ("ORGANIC STATUS: (NOP USDA CERTIFIED)", "Organic status: NOP USDA certified"),
    ("NOT SPECIFIED", nil), ("", nil),
  ])
  func categories(text: String, group: String?) {
    #expect(QuickStatsText.category(text) == group)
  }

  @Test(arguments: [
    ("NEW YORK", "New York"), ("DISTRICT OF COLUMBIA", "District of Columbia"),
    ("ST. LOUIS CITY", "St. Louis City"), ("MCLEAN", "McLean"), ("O'BRIEN", "O'Brien"),
    ("MIAMI-DADE", "Miami-Dade"), ("DE KALB", "De Kalb"), ("LA SALLE", "La Salle"),
    ("OTHER (COMBINED) COUNTIES", "Other (Combined) Counties"), ("Already Mixed", "Already Mixed"),
  ])
  func properNames(text: String, name: String) {
    #expect(QuickStatsText.properName(text) == name)
  }

  @Test func placesFromTheGeographicLevel() throws {
    let columns = try #require(QuickStatsColumns(Self.header(Self.webNames)))
    let place = { (cells: [String: String]) in
      QuickStatsPlace(
        { column in column.map { cells[Self.webNames[$0]] ?? "" } ?? "" }, columns: columns)
    }
    let county = place([
      "Geo Level": "COUNTY", "State": "ALABAMA", "State ANSI": "1", "County": "AUTAUGA",
      "County ANSI": "1",
    ])
    #expect(
      county
        == QuickStatsPlace(
          name: "Autauga, Alabama", level: .county, code: "01001", key: "AUTAUGA, ALABAMA"))
    let state = place(["Geo Level": "STATE", "State": "NEW YORK", "State ANSI": "36"])
    #expect(state == QuickStatsPlace(name: "New York", level: .state, code: "36", key: "NEW YORK"))
    let nation = place(["Geo Level": "NATIONAL", "State": "US TOTAL"])
    #expect(
      nation == QuickStatsPlace(name: "United States", level: .nation, code: nil, key: "US TOTAL"))
    let district = place([
      "Geo Level": "AGRICULTURAL DISTRICT", "State": "IOWA", "Ag District": "NORTHWEST",
    ])
    #expect(district.name == "Northwest district, Iowa" && district.level == .region)
    let region = place(["Geo Level": "REGION : MULTI-STATE", "Region": "NORTHEAST"])
    #expect(region.name == "Northeast" && region.level == .region)
  }

  static let webNames = [
    "Program", "Year", "Period", "Week Ending", "Geo Level", "State", "State ANSI", "Ag District",
    "Ag District Code", "County", "County ANSI", "Zip Code", "Region", "watershed_code",
    "Watershed", "Commodity", "Data Item", "Domain", "Domain Category", "Value", "CV (%)",
  ]

  static func header(_ names: [String]) -> HeaderColumns {
    HeaderColumns(names: names, locate: { _ in SourceLocation(file: "h.csv") })
  }

  @Test func headersThatAreAndAreNotQuickStats() {
    #expect(QuickStatsColumns(Self.header(Self.webNames)) != nil)
    #expect(QuickStatsColumns(Self.header(Self.webNames.map { $0.uppercased() })) != nil)
    let api = ["short_desc", "year", "reference_period_desc", "agg_level_desc", "Value"]
    #expect(QuickStatsColumns(Self.header(api)) != nil)
    #expect(QuickStatsColumns(Self.header(["state", "year", "value"])) == nil)
    #expect(QuickStatsColumns(Self.header(["Year", "Period", "Data Item", "Value"])) == nil)
  }
}
