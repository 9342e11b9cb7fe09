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

/// NASS report CSV files: the two real tables of the *Dairy Products* report (copied unchanged
/// from ../shared/data/nass) with every section, and fixtures of their family's variations: a
/// file of concatenated tables, quarters, weeks, marketing years, measures side by side, States
/// and regions down, unit switches, legends, a UTF-8 file.
@Suite("NASS report tables")
struct NASSReportTests {
  static func path(_ name: String) -> String { TestSupport.fixture("nass/" + name) }

  /// One section as the tests compare it.
  struct Listed: Equatable, CustomStringConvertible {
    var title: String
    var unit: String?
    var group: String?
    var notes: String?
    var values: [Int64: Double]
    var missing: [Int64: String]

    var description: String {
      "\(title) [\(unit ?? "-")] {\(group ?? "-")} \(values.sorted { $0.key < $1.key }) "
        + "missing \(missing) notes \(notes ?? "-")"
    }
  }

  /// The sections of `dataset`, by key, in order.
  static func listing(_ database: DairyDatabase, _ dataset: String) throws -> [(String, Listed)] {
    try database.read { snapshot in
      let missing = try snapshot.missingCells().filter { $0.dataset == dataset }
      return try snapshot.sections().filter { $0.dataset == dataset }.map { section in
        var values: [Int64: Double] = [:]
        for observation in try snapshot.observations(of: section.id) {
          values[observation.year] = observation.amount
        }
        var gaps: [Int64: String] = [:]
        for cell in missing where cell.section == section.key { gaps[cell.year] = cell.marker }
        return (
          section.key,
          Listed(
            title: section.title, unit: section.unit, group: section.group, notes: section.notes,
            values: values, missing: gaps)
        )
      }
    }
  }

  /// The frequency and place of each section of `dataset`, by key, in order.
  static func places(_ database: DairyDatabase, _ dataset: String) throws -> [(
    String, Frequency, String?, PlaceLevel?, String?
  )] {
    try database.read { snapshot in
      try snapshot.sections().filter { $0.dataset == dataset }.map {
        ($0.key, $0.frequency, $0.place, $0.placeLevel, $0.placeCode)
      }
    }
  }

  // MARK: - Table 1: a product hierarchy, a unit switch, changes

  /// Each row of table 1: its key (the path of its labels), title, group, unit, its levels
  /// for November 2019, October 2020 and November 2020, its changes from November 2019 and
  /// October 2020, and its footnote.
  static let products: [(String, String, String?, String, [Double], [Double?], String?)] = {
    let pounds = "1,000 pounds"
    let gallons = "1,000 gallons"
    return [
      ("Butter", "Butter", nil, pounds, [161852, 165383, 168320], [4.0, 1.8], nil),
      (
        "Cheese / American types", "American types", "Cheese", pounds, [432438, 462048, 449236],
        [3.9, -2.8],
        "Includes Cheddar, Colby, washed curd, stirred curd, Monterey, and Jack."
      ),
      (
        "Cheese / American types / Cheddar", "Cheddar", "Cheese, American types", pounds,
        [309223, 328957, 320716], [3.7, -2.5], nil
      ),
      (
        "Cheese / American types / Other American types", "Other American types",
        "Cheese, American types", pounds, [123215, 133091, 128520], [4.3, -3.4], nil
      ),
      (
        "Cheese / Blue and Gorgonzola", "Blue and Gorgonzola", "Cheese", pounds,
        [7668, 6502, 5723], [-25.4, -12.0], nil
      ),
      (
        "Cheese / Brick and Muenster", "Brick and Muenster", "Cheese", pounds,
        [15745, 16841, 16352], [3.9, -2.9], nil
      ),
      // `-` represents zero, by the table's legend.
      (
        "Cheese / Cream and Neufchatel", "Cream and Neufchatel", "Cheese", pounds,
        [85127, 90064, 90032], [5.8, 0], nil
      ),
      ("Cheese / Feta", "Feta", "Cheese", pounds, [8365, 10252, 8345], [-0.2, -18.6], nil),
      ("Cheese / Gouda", "Gouda", "Cheese", pounds, [4149, 3644, 3724], [-10.2, 2.2], nil),
      (
        "Cheese / Hispanic", "Hispanic", "Cheese", pounds, [27890, 30102, 27693], [-0.7, -8.0], nil
      ),
      (
        "Cheese / Italian types", "Italian types", "Cheese", pounds, [471962, 468629, 457483],
        [-3.1, -2.4], nil
      ),
      (
        "Cheese / Italian types / Mozzarella", "Mozzarella", "Cheese, Italian types", pounds,
        [375266, 366108, 362832], [-3.3, -0.9], nil
      ),
      (
        "Cheese / Italian types / Parmesan", "Parmesan", "Cheese, Italian types", pounds,
        [30314, 35992, 33427], [10.3, -7.1], nil
      ),
      (
        "Cheese / Italian types / Provolone", "Provolone", "Cheese, Italian types", pounds,
        [30150, 32965, 28285], [-6.2, -14.2], nil
      ),
      (
        "Cheese / Italian types / Ricotta", "Ricotta", "Cheese, Italian types", pounds,
        [23973, 22944, 21908], [-8.6, -4.5], nil
      ),
      (
        "Cheese / Italian types / Romano", "Romano", "Cheese, Italian types", pounds,
        [5545, 3917, 4378], [-21.0, 11.8], nil
      ),
      (
        "Cheese / Italian types / Other Italian types", "Other Italian types",
        "Cheese, Italian types", pounds, [6714, 6703, 6653], [-0.9, -0.7], nil
      ),
      ("Cheese / Swiss", "Swiss", "Cheese", pounds, [26100, 28406, 27897], [6.9, -1.8], nil),
      (
        "Cheese / All other types", "All other types", "Cheese", pounds, [13953, 14778, 13733],
        [-1.6, -7.1], nil
      ),
      (
        "Cheese / Total cheese", "Total cheese", "Cheese", pounds, [1093397, 1131266, 1100218],
        [0.6, -2.7], "Excludes Cottage Cheese."
      ),
      (
        "Cottage cheese, curd", "Cottage cheese, curd", nil, pounds, [28701, 35728, 29933],
        [4.3, -16.2], "Mostly used for processing into cream or lowfat cottage cheese."
      ),
      (
        "Cottage cheese, cream", "Cottage cheese, cream", nil, pounds, [27025, 33908, 29394],
        [8.8, -13.3], "Fat content 4 percent or more."
      ),
      (
        "Cottage cheese, lowfat", "Cottage cheese, lowfat", nil, pounds, [24008, 28891, 24109],
        [0.4, -16.6], "Fat content less than 4 percent."
      ),
      ("Sour cream", "Sour cream", nil, pounds, [129785, 140258, 131954], [1.7, -5.9], nil),
      (
        "Yogurt, plain and flavored", "Yogurt, plain and flavored", nil, pounds,
        [319612, 386920, 317681], [-0.6, -17.9], nil
      ),
      // The second unit line: gallons from here on.
      (
        "Frozen products / Ice cream, regular, hard", "Ice cream, regular, hard",
        "Frozen products", gallons, [46927, 61712, 53009], [13.0, -14.1], nil
      ),
      (
        "Frozen products / Ice cream, lowfat, hard", "Ice cream, lowfat, hard", "Frozen products",
        gallons, [14792, 19798, 17455], [18.0, -11.8], nil
      ),
      (
        "Frozen products / Ice cream, lowfat, soft", "Ice cream, lowfat, soft", "Frozen products",
        gallons, [14276, 15187, 12442], [-12.8, -18.1], nil
      ),
      (
        "Frozen products / Ice cream, lowfat, total", "Ice cream, lowfat, total",
        "Frozen products", gallons, [29068, 34985, 29897], [2.9, -14.5],
        "Includes freezer-made milkshake."
      ),
      (
        "Frozen products / Ice cream, nonfat, hard", "Ice cream, nonfat, hard", "Frozen products",
        gallons, [417, 648, 426], [2.2, -34.3], nil
      ),
      (
        "Frozen products / Sherbet, hard", "Sherbet, hard", "Frozen products", gallons,
        [2053, 2768, 2364], [15.1, -14.6], nil
      ),
      (
        "Frozen products / Frozen yogurt, total", "Frozen yogurt, total", "Frozen products",
        gallons, [3868, 4425, 3863], [-0.1, -12.7], nil
      ),
      (
        "Frozen products / Frozen yogurt, total / Regular and lowfat, hard",
        "Regular and lowfat, hard", "Frozen products, Frozen yogurt, total", gallons,
        [1022, 825, 1094], [7.0, 32.6], nil
      ),
      (
        "Frozen products / Frozen yogurt, total / Nonfat, hard", "Nonfat, hard",
        "Frozen products, Frozen yogurt, total", gallons, [316, 338, 239], [-24.4, -29.3], nil
      ),
      (
        "Frozen products / Other frozen dairy products", "Other frozen dairy products",
        "Frozen products", gallons, [582, 1415, 1286], [121.0, -9.1], nil
      ),
      (
        "Frozen products / Water and juice ices", "Water and juice ices", "Frozen products",
        gallons, [4772, 5431, 4638], [-2.8, -14.6], nil
      ),
      (
        "Mix for frozen products / Ice cream, regular, mix", "Ice cream, regular, mix",
        "Mix for frozen products", gallons, [28084, 40772, 36175], [28.8, -11.3], nil
      ),
      (
        "Mix for frozen products / Ice cream, lowfat, mix", "Ice cream, lowfat, mix",
        "Mix for frozen products", gallons, [13273, 19514, 16637], [25.3, -14.7],
        "Includes milkshake mix."
      ),
      (
        "Mix for frozen products / Ice cream, nonfat, mix", "Ice cream, nonfat, mix",
        "Mix for frozen products", gallons, [294, 495, 300], [2.0, -39.4], nil
      ),
      (
        "Mix for frozen products / Sherbet mix", "Sherbet mix", "Mix for frozen products",
        gallons, [1451, 2138, 1662], [14.5, -22.3], nil
      ),
      (
        "Mix for frozen products / Yogurt mix", "Yogurt mix", "Mix for frozen products",
        gallons, [1566, 1684, 1551], [-1.0, -7.9], nil
      ),
    ]
  }()

  /// The periods of table 1's level columns: November 2019, October 2020, November 2020.
  static let levelPeriods: [Int64] = [201911, 202010, 202011]
  static let changes = ["Change from November 2019", "Change from October 2020"]

  @Test func dairyProductsTable1() throws {
    // Given table 1 of the Dairy Products report, as NASS publishes it (Windows-1252, CRLF)
    let database = try DairyDatabase.inMemory()
    // When it is imported with no option
    let summary = try database.importFiles([Self.path("dary_p03_t001.csv")])
    // Then each row is a series of three months, and each change column a series of its own
    #expect(summary.files.map(\.dataset) == ["dary_p03_t001"])
    #expect(summary.files[0].rows == 41)
    let listed = try Self.listing(database, "dary_p03_t001")
    #expect(listed.count == Self.products.count * 3)
    var expected: [(String, Listed)] = []
    for (key, title, group, unit, levels, changes, note) in Self.products {
      expected.append(
        (
          key,
          Listed(
            title: title, unit: unit, group: group, notes: note,
            values: Dictionary(uniqueKeysWithValues: zip(Self.levelPeriods, levels)), missing: [:]
          )
        ))
      for (change, value) in zip(Self.changes, changes) {
        var section = Listed(
          title: "\(title), \(change.prefix(1).lowercased() + change.dropFirst())",
          unit: "percent", group: group, notes: note, values: [:], missing: [:])
        section.values[202011] = value
        expected.append(("\(key) | \(change)", section))
      }
    }
    #expect(listed.map(\.0) == expected.map(\.0))
    for ((key, got), (_, want)) in zip(listed, expected) {
      #expect(got == want, "\(key)")
    }
    // And the dataset says what the title lines and the notes say
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(
      dataset.facts.title
        == "Dairy Products Production by Product – United States: November 2019 and 2020")
    #expect(dataset.facts.source == "NASS, Dairy Products")
    #expect(dataset.facts.updated == "2021-01-06")
    #expect(dataset.facts.notes == "- Represents zero.")
    #expect(dataset.facts.legend == [.init(marker: "-", meaning: "Represents zero")])
    #expect(summary.warnings == [])
    // And every series is monthly, at no place
    #expect(
      try Self.places(database, "dary_p03_t001").allSatisfy {
        $0.1 == .monthly && $0.2 == nil && $0.3 == nil && $0.4 == nil
      })
  }

  // MARK: - Table 11: States down, then Other States, the nation, the regions

  static let iceCream: [(String, [Double?], [Double?], String?)] = [
    ("California", [3868, 6095, 4972], [28.5, -18.4], nil),
    ("Connecticut", [1213, 1248, 1162], [-4.2, -6.9], nil),
    ("Missouri", [2237, 2730, 2234], [-0.1, -18.2], nil),
    ("New Jersey", [81, nil, nil], [nil, nil], "Included in Other States in 2020."),
    ("New York", [1559, 2032, 1548], [-0.7, -23.8], nil),
    ("Ohio", [1862, 2700, 2125], [14.1, -21.3], nil),
    ("Oregon", [1005, 1362, 790], [-21.4, -42.0], nil),
    ("Pennsylvania", [3618, 3984, 3479], [-3.8, -12.7], nil),
    ("Tennessee", [1705, 1736, 1898], [11.3, 9.3], nil),
    ("Utah", [1571, 1820, 1171], [-25.5, -35.7], nil),
    ("Wisconsin", [546, 931, 769], [40.8, -17.4], nil),
    (
      "Other States", [27662, 37074, 32861], [18.8, -11.4],
      "States not shown when fewer than 3 plants reported or individual plant operations could "
        + "be disclosed."
    ),
    ("United States", [46927, 61712, 53009], [13.0, -14.1], nil),
    ("Atlantic", [12334, 15388, 13312], [7.9, -13.5], nil),
    ("Central", [26998, 35450, 31246], [15.7, -11.9], nil),
    ("West", [7595, 10874, 8451], [11.3, -22.3], nil),
  ]

  @Test func iceCreamByStateAndRegion() throws {
    // Given table 11: States down, `(NA)` markers and their legend
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("dary_p17b_t011.csv")])
    // Then each place is a series titled by the table's measure, and its changes
    #expect(summary.files[0].rows == 16)
    let listed = try Self.listing(database, "dary_p17b_t011")
    let measure = "Ice cream, regular (hard) production"
    var expected: [(String, Listed)] = []
    for (place, levels, changes, note) in Self.iceCream {
      var level = Listed(
        title: measure, unit: "1,000 gallons", group: nil, notes: note, values: [:], missing: [:])
      for (period, value) in zip(Self.levelPeriods, levels) {
        if let value { level.values[period] = value } else { level.missing[period] = "(NA)" }
      }
      expected.append((place, level))
      for (change, value) in zip(Self.changes, changes) {
        var section = Listed(
          title: "\(measure), \(change.prefix(1).lowercased() + change.dropFirst())",
          unit: "percent", group: nil, notes: note, values: [:], missing: [:])
        if let value { section.values[202011] = value } else { section.missing[202011] = "(NA)" }
        expected.append(("\(place) | \(change)", section))
      }
    }
    #expect(listed.map(\.0) == expected.map(\.0))
    for ((key, got), (_, want)) in zip(listed, expected) {
      #expect(got.unit == want.unit && got.group == want.group && got.notes == want.notes, "\(key)")
      #expect(got.values == want.values && got.missing == want.missing, "\(key)")
    }
    // And each series is at its place: a State with its code, the nation, a region
    let places = try Self.places(database, "dary_p17b_t011").filter { !$0.0.contains("|") }
    #expect(places.allSatisfy { $0.1 == .monthly })
    #expect(places.map(\.2) == Self.iceCream.map(\.0))
    #expect(
      places.map { $0.4 ?? "-" } == [
        "06", "09", "29", "34", "36", "39", "41", "42", "47", "49", "55", "-", "-", "-", "-", "-",
      ])
    #expect(
      places.map { $0.3 } == Array(repeating: PlaceLevel.state, count: 11) + [
        .region, .nation, .region, .region, .region,
      ])
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(
      dataset.facts.title
        == "Ice Cream, Regular (Hard) Production – States, United States, and Regions: November "
        + "2019 and 2020")
    #expect(dataset.facts.legend == [.init(marker: "(NA)", meaning: "Not available")])
  }

  // MARK: - Fixtures of the family's variations

  @Test func concatenatedTablesAreADatasetEach() throws {
    // Given a file of three tables, re-saved by a spreadsheet (record types unquoted, LF,
    // UTF-8): quarters with a unit switch, measures side by side over States and regions with
    // withheld values, and weeks
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("dairy_tables.csv")])
    // Then each table is a dataset named by the file's stem and its number
    #expect(
      summary.files.map(\.dataset) == ["dairy_tables.t2", "dairy_tables.t5", "dairy_tables.t7"])
    let datasets = try database.read { try $0.datasets() }
    #expect(
      datasets.map(\.facts.source) == [
        "NASS, Milk Production", "NASS, Milk Production",
        "NASS, Dairy Products Prices",
      ])
    #expect(datasets.map(\.facts.updated) == ["2021-02-22", "2021-02-22", "2021-01-08"])

    // Quarters: keyed year × 10 + quarter; the unit line in the middle gives the cows theirs
    #expect(
      try ["dairy_tables.t2", "dairy_tables.t5", "dairy_tables.t7"].map {
        Set(try Self.places(database, $0).map(\.1))
      } == [[.quarterly], [.annual], [.weekly]])
    let quarters = try Self.listing(database, "dairy_tables.t2")
    #expect(quarters.map(\.0) == ["Milk production", "Milk cows"])
    #expect(quarters[0].1.values == [20201: 56212, 20202: 56453, 20203: 55510, 20204: 55822])
    #expect(quarters[0].1.unit == "million pounds" && quarters[1].1.unit == "1,000 head")
    #expect(
      quarters[1].1.notes == "Average number during the quarter. Excludes heifers not yet fresh.")

    // Measures side by side: a series per place and measure; the change under `Milk
    // production` is that measure's, for 2020; `(D)` is a missing cell with its marker
    let states = try Self.listing(database, "dairy_tables.t5")
    let california = states.filter { $0.0.hasPrefix("California") }
    #expect(
      california.map(\.0) == [
        "California | Milk cows", "California | Milk per cow", "California | Milk production",
        "California | Milk production Change from 2019",
      ])
    #expect(california.map(\.1.unit) == ["1,000 head", "pounds", "million pounds", "percent"])
    #expect(california[0].1.values == [2019: 1730, 2020: 1727])
    #expect(california[0].1.notes == "Average number during year, excludes heifers not yet fresh.")
    #expect(california[3].1.values == [2020: 1.4])
    #expect(california[3].1.title == "Milk production, change from 2019")
    let other = try #require(states.first { $0.0 == "Other States | Milk cows" }?.1)
    #expect(other.values == [:] && other.missing == [2019: "(D)", 2020: "(D)"])
    // The row's footnote, then its column's (`Milk cows 2/`)
    #expect(
      other.notes
        == "States not published separately.\nAverage number during year, excludes heifers not "
        + "yet fresh.")
    #expect(states.map(\.0).contains("24 States | Milk per cow"))
    #expect(states.map(\.0).contains("Northeast | Milk production"))
    let t5 = datasets[1].facts
    #expect(t5.title == "Milk Cows and Production – Selected States and Regions: 2019 and 2020")
    #expect(
      t5.notes
        == "Annual totals.\nRevised for 2019.\n(D) Withheld to avoid disclosing data for "
        + "individual operations.\n(NA) Not available.")

    // Weeks: keyed by the date each ends; a group's row holds no value
    let weeks = try Self.listing(database, "dairy_tables.t7")
    #expect(weeks.map(\.0) == ["Butter", "Cheese / 40 pound blocks", "Cheese / 500 pound barrels"])
    #expect(weeks[0].1.values == [20201226: 1.3808, 20210102: 1.3758, 20210109: 1.3775])
    #expect(weeks[1].1.group == "Cheese" && weeks[1].1.unit == "dollars per pound")
    #expect(weeks[2].1.missing == [20210102: "(Z)"])
    #expect(weeks[2].1.notes == "Adjusted to 38 percent moisture.")
  }

  @Test func marketingYearsAndAUnitInTheLabelColumn() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([Self.path("dairy_marketing_years.csv")])
    let listed = try Self.listing(database, "dairy_marketing_years")
    #expect(listed.map(\.0) == ["Beginning stocks", "Ending stocks", "Stocks held for export"])
    // A legend in a comment line (`c`) defines its marker too
    #expect(listed[2].1.values == [2019: 12, 2020: 15] && listed[2].1.missing == [2018: "(W)"])
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.facts.legend.map(\.marker) == ["(W)", "(X)"])
    #expect(listed[0].1.values == [2018: 258, 2019: 223] && listed[0].1.missing == [2020: "(X)"])
    #expect(listed[1].1.values == [2018: 223, 2019: 280, 2020: 305])
    #expect(listed.allSatisfy { $0.1.unit == "million pounds" })
    #expect(
      try Self.places(database, "dairy_marketing_years").allSatisfy { $0.1 == .marketingYear })
  }

  @Test func monthsDownAndStatesAcross() throws {
    // Given months down under their year's row, a quarter and the year's total, States across
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([Self.path("milk_by_month.csv")])
    // Then each column is a series (at its place), with the rows' periods; the quarter and the
    // total are series of their own frequency
    let listed = try Self.listing(database, "milk_by_month")
    let states = ["California", "Wisconsin", "United States"]
    let change = "Milk production | Change from 2019"
    #expect(
      listed.map(\.0) == states + [change] + states.map { $0 + " | quarterly" }
        + [change + " | quarterly"] + states.map { $0 + " | annual" } + [change + " | annual"])
    #expect(listed[0].1.values == [202001: 3548, 202002: 3402, 202003: 3764])
    #expect(listed[3].1.values == [202001: 2.3, 202002: 4.7, 202003: 3.1])
    #expect(listed[3].1.title == "Milk production, change from 2019")
    #expect(listed[3].1.unit == "percent")
    #expect(listed[4].1.values == [20201: 10714])
    #expect(listed[10].1.values == [2020: 223220])
    #expect(listed[10].1.notes == "Total: Annual total, January through December.")
    let places = try Self.places(database, "milk_by_month")
    #expect(
      places.map(\.1) == Array(repeating: .monthly, count: 4)
        + Array(repeating: .quarterly, count: 4) + Array(repeating: .annual, count: 4))
    #expect(places.map { $0.2 ?? "-" } == (states + ["-"]) + (states + ["-"]) + (states + ["-"]))
    #expect(places[0].3 == .state && places[0].4 == "06" && places[2].3 == .nation)
    // Quarters and years at a place beside its months are named by their frequency
    let titles = ["Milk production", "Milk production, quarterly", "Milk production, annual"]
    #expect(listed.allSatisfy { titles.contains($0.1.title) || $0.1.unit == "percent" })
    #expect(Set(listed.map(\.1.title)).isSuperset(of: titles))
  }

  @Test func monthsDownAndYearsAcross() throws {
    // Given months down and years across, the title's measure for every column
    let path = try TestSupport.file(
      "cows.csv",
      """
      3,"t","Milk Cows – United States: by Month"
      3,"h","Month","2019","2020"
      3,"u","","(1,000 head)","(1,000 head)"
      3,"d","January",9353,9386
      3,"d","February",9346,9392
      3,"d","December",9326,(NA)

      """)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then the table is one monthly series
    let listed = try Self.listing(database, "cows")
    #expect(listed.map(\.0) == ["Milk cows"])
    #expect(
      listed[0].1.values == [
        201901: 9353, 201902: 9346, 201912: 9326, 202001: 9386, 202002: 9392,
      ])
    #expect(listed[0].1.missing == [202012: "(NA)"] && listed[0].1.unit == "1,000 head")
    #expect(try Self.places(database, "cows").map(\.1) == [.monthly])
  }

  @Test func productsDownAndStatesAcross() throws {
    // Given products down and States across, for the one period the title names
    let path = try TestSupport.file(
      "cheese.csv",
      """
      9,"t","Cheese Production by State – Selected States: November 2020"
      9,"h","Product","California","Wisconsin","United States"
      9,"u","","(1,000 pounds)","(1,000 pounds)","(1,000 pounds)"
      9,"d","Cheddar",21336,61201,320716
      9,"d","Mozzarella",(D),85217,362832

      """)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then each row is a series at each State, titled by the row, for November 2020
    let listed = try Self.listing(database, "cheese")
    #expect(
      listed.map(\.0) == [
        "Cheddar | California", "Cheddar | Wisconsin", "Cheddar | United States",
        "Mozzarella | California", "Mozzarella | Wisconsin", "Mozzarella | United States",
      ])
    #expect(
      listed.map(\.1.title) == [
        "Cheddar", "Cheddar", "Cheddar", "Mozzarella", "Mozzarella", "Mozzarella",
      ])
    #expect(listed[0].1.values == [202011: 21336] && listed[3].1.missing == [202011: "(D)"])
    let places = try Self.places(database, "cheese")
    #expect(
      places.map { $0.2 ?? "-" } == [
        "California", "Wisconsin", "United States", "California", "Wisconsin", "United States",
      ])
    #expect(places.map { $0.4 ?? "-" } == ["06", "55", "-", "06", "55", "-"])
    #expect(places.allSatisfy { $0.1 == .monthly })
  }

  @Test func encodingIsWindows1252OnlyWhenTheFileIsNotUTF8() throws {
    // Given a report in Windows-1252 (its dash is byte 0x96) and one in UTF-8 with CRLF
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([
      Self.path("dary_p17b_t011.csv"), Self.path("cheese_utf8.csv"),
    ])
    // Then both titles read with their dash
    let titles = try database.read { try $0.datasets() }.map(\.facts.title)
    #expect(titles.allSatisfy { $0?.contains(" – ") == true })
    #expect(try NASSReportSource(path: Self.path("dary_p03_t001.csv")).encoding == .windows1252)
    #expect(try NASSReportSource(path: Self.path("cheese_utf8.csv")).encoding == .utf8)
  }

  @Test func inspectExplainsTheTable() throws {
    // Given table 11, inspected
    let inspection = ImportRun.inspect(Self.path("dary_p17b_t011.csv"), options: ImportOptions())
    #expect(inspection.error == nil)
    let dataset = try #require(inspection.datasets.first)
    // Then it says what it found: the layout, the periods and places, what each column is
    #expect(dataset.layout == "NASS report (monthly, places down)")
    let places =
      "16 (11 States, the nation, 4 regions): " + Self.iceCream.map(\.0).joined(separator: ", ")
    let expected = [
      TableExplanation.Finding("periods", "3: 2019-11, 2020-10, 2020-11"),
      TableExplanation.Finding("places", places),
    ]
    #expect(dataset.findings == expected)
    #expect(
      dataset.columns.map { "\($0.column) \($0.name): \($0.part)" } == [
        "4 November 2019: monthly 2019-11", "5 October 2020: monthly 2020-10",
        "6 November 2020: monthly 2020-11",
        "7 Change from November 2019: a change, for 2020-11",
        "8 Change from October 2020: a change, for 2020-11",
      ])
    #expect(
      dataset.blocks.map { "\($0.role.rawValue) \($0.lines)" } == [
        "title 1...2", "notes 30...32", "header 3...8", "unit 9...9", "data 10...28",
      ])
    #expect(dataset.series.count == 48)
    #expect(dataset.series.allSatisfy { $0.frequency == .monthly && $0.place != nil })
    #expect(dataset.series[9].place == "New Jersey" && dataset.series[9].missing == 2)
    #expect(dataset.facts.legend.map(\.marker) == ["(NA)"])
    // And the table shows them, each series with its place, its years as periods
    let lines = InspectTableRenderer.render([inspection], in: Viewport(width: 100))
    #expect(lines.contains("  periods  3: 2019-11, 2020-10, 2020-11"))
    #expect(lines.contains("  markers  (NA)"))
    #expect(
      lines.contains {
        $0.hasPrefix("  line 10  California     Ice cream, regular (ha…  1,000 gallons")
          && $0.contains("2019-11–2020-11")
      })
  }

  @Test func aPipeIsRefusedForItIsReadTwice() throws {
    // Given a NASS report file that can be read once (a named pipe)
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("report.csv").path
    #expect(mkfifo(path, 0o600) == 0)
    // When its source opens it, then it says why and what to do, before reading it
    #expect {
      _ = try NASSReportSource(path: path)
    } throws: { error in
      (error as? DairyError)?.description
        == "\(path): error: is a NASS report file, which dairy reads twice, and this file can be "
        + "read once (a pipe); save it to a file and import that"
    }
  }

  @Test func wideOrLongIsRefused() throws {
    let database = try DairyDatabase.inMemory()
    var options = ImportOptions()
    options.format = .wide
    let error = try #require(
      TestSupport.importError(
        [Self.path("cheese_utf8.csv")], into: database, options: options))
    #expect(error.exitCode == 64)
    #expect(
      error.description
        == "error: this is a NASS report table (lines of a table number and a record type), "
        + "which dairy reads without --format wide")
  }
}
