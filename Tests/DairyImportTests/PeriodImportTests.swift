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

/// Periods other than calendar years: the labels (``PeriodText``), plain tables with a period
/// column (``PeriodColumns``), and the report tables of quarters, months and marketing years
/// (their `dairy inspect` expectations are in `Fixtures/report`, read by ``ReportFixtureTests``).
@Suite("Periods")
struct PeriodImportTests {
  // MARK: - Labels

  @Test(arguments: [
    ("2020", PeriodText.Label.year(2020), 2020),
    ("2019/20", .marketingYear(2019), 2019),
    ("2019/2020", .marketingYear(2019), 2019),
    ("2019-20", .marketingYear(2019), 2019),
    ("2019–20", .marketingYear(2019), 2019),
    ("MY 2019/20", .marketingYear(2019), 2019),
    ("Marketing year 2019/20", .marketingYear(2019), 2019),
    ("2020 Q1", .quarter(2020, 1), 20201),
    ("2020-Q1", .quarter(2020, 1), 20201),
    ("2020Q1", .quarter(2020, 1), 20201),
    ("2020q4", .quarter(2020, 4), 20204),
    ("Q1 2020", .quarter(2020, 1), 20201),
    ("Q2-2020", .quarter(2020, 2), 20202),
    ("Jan-Mar 2020", .quarter(2020, 1), 20201),
    ("JUL-SEP 2021", .quarter(2021, 3), 20213),
    ("2nd quarter 2022", .quarter(2022, 2), 20222),
    ("2022 3rd quarter", .quarter(2022, 3), 20223),
    ("Jan 2020", .month(2020, 1), 202001),
    ("Jan. 2020", .month(2020, 1), 202001),
    ("January 2020", .month(2020, 1), 202001),
    ("Sept 2020", .month(2020, 9), 202009),
    ("2020-01", .month(2020, 1), 202001),
    ("2011-12", .month(2011, 12), 201112),
    ("2020/01", .month(2020, 1), 202001),
    ("2020M03", .month(2020, 3), 202003),
    ("3/2020", .month(2020, 3), 202003),
    ("Mar-2020", .month(2020, 3), 202003),
    ("2020 March", .month(2020, 3), 202003),
    ("2020-03-07", .date(2020, 3, 7), 20200307),
    ("3/7/2020", .date(2020, 3, 7), 20200307),
    ("2024p", .year(2024), 2024),
    ("2020 Q1 1/", .quarter(2020, 1), 20201),
  ])
  func aLabelReadsAsItsPeriod(text: String, label: PeriodText.Label, key: Int64) {
    let read = PeriodText.label(text)
    #expect(read == label, "\(text)")
    #expect(read.map { $0.key(as: $0.frequency ?? .weekly) } == key, "\(text)")
  }

  @Test func aSplitYearThatIsAlsoAMonthIsAMonthUnlessTheTableSaysMarketingYears() {
    #expect(PeriodText.label("2011-12") == .month(2011, 12))
    #expect(PeriodText.label("2011-12", marketingYears: true) == .marketingYear(2011))
    #expect(PeriodText.label("2011/12") == .marketingYear(2011))
  }

  @Test(arguments: [
    "", "Total", "1975-79", "1975-79 average", "2000.5", "2020-13", "2020-02-30", "Q5 2020",
    "Feb-Apr 2020", "soon", "2020 Annual", "13/1/2020", "MY 2020-Q1", "19/20",
  ])
  func aTextThatIsNoPeriodIsNone(text: String) {
    #expect(PeriodText.label(text) == nil, "\(text)")
  }

  /// The forms machines write are read from their bytes, as the words would read them.
  @Test(arguments: [
    "2020", "2020-03", "2020-12", "2020-13", "2019/20", "2011-12", "2011/12", "2020-Q1",
    "2020q4", "2020Q5", "2020-03-07", "2020-02-30", "2020-3", "20-03", "0999", "2020/03",
  ])
  func theQuickReadingAgreesWithTheWords(text: String) {
    for marketingYears in [false, true] {
      let quick = Array(text.utf8).withUnsafeBufferPointer {
        PeriodText.isoLabel($0, marketingYears: marketingYears)
      }
      let words = PeriodText.label(text, marketingYears: marketingYears)
      #expect(quick == nil || quick == words, "\(text)")
    }
  }

  @Test func aDateReadsAsAWeekOrAMonth() {
    #expect(PeriodText.Label.date(2020, 3, 7).key(as: .weekly) == 20200307)
    #expect(PeriodText.Label.date(2020, 3, 7).key(as: .monthly) == 202003)
  }

  // MARK: - Plain tables

  /// What importing `fixture` stores: each section's frequency and amounts by period key.
  static func imported(_ fixture: String) throws -> [String: (Frequency, [Int64: Double])] {
    let database = try DairyDatabase.inMemory()
    let path = TestSupport.fixture(fixture)
    _ = try database.importFiles([path])
    let contents = try TestSupport.contents(database)
    var target = RecordingTarget()
    _ = try ImportRun.perform([path], options: ImportOptions(), into: &target)
    var result: [String: (Frequency, [Int64: Double])] = [:]
    for section in target.sections {
      result[section.draft.key] = (section.draft.frequency, contents[section.draft.key] ?? [:])
    }
    return result
  }

  static func expect(
    _ fixture: String, _ expected: [String: (Frequency, [Int64: Double])],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let actual = try imported(fixture)
    #expect(Set(actual.keys) == Set(expected.keys), sourceLocation: sourceLocation)
    for (key, (frequency, rows)) in expected {
      #expect(actual[key]?.0 == frequency, "\(key)", sourceLocation: sourceLocation)
      #expect(actual[key]?.1 == rows, "\(key)", sourceLocation: sourceLocation)
    }
  }

  @Test func aWideTableOfMonthsIsMonthly() throws {
    try Self.expect(
      "periods/monthly-wide.csv",
      [
        "Butter": (.monthly, [202001: 10.5, 202002: 11, 202003: 11.5]),
        "Cheese": (.monthly, [202001: 20, 202002: 21, 202003: 22]),
      ])
  }

  @Test func aLongTableOfQuartersKeepsItsYearsApart() throws {
    try Self.expect(
      "periods/quarterly-long.csv",
      [
        "Butter": (.quarterly, [20201: 5, 20202: 6]),
        "Butter | annual": (.annual, [2020: 22]),
        "Cheese": (.quarterly, [20201: 7, 20202: 8]),
      ])
  }

  @Test func datesAWeekApartAreWeeks() throws {
    try Self.expect(
      "periods/weekly-dates.csv",
      ["Butter price": (.weekly, [20200307: 1.61, 20200314: 1.58, 20200328: 1.55])])
  }

  @Test func datesAMonthApartAreMonths() throws {
    try Self.expect(
      "periods/monthly-dates-long.csv",
      [
        "East": (.monthly, [202001: 100, 202002: 96, 202003: 104]),
        "West": (.monthly, [202001: 200, 202002: 190]),
      ])
  }

  @Test func aYearColumnAndAMonthColumnAreOnePeriod() throws {
    try Self.expect(
      "periods/year-and-month.csv",
      [
        "Milk": (.monthly, [202001: 18100, 202002: 17200, 202003: 18900]),
        "Cows": (.monthly, [202001: 9350, 202002: 9360, 202003: 9370]),
      ])
  }

  @Test func aColumnCalledMarketingYearHoldsMarketingYears() throws {
    try Self.expect(
      "periods/marketing-year-column.csv",
      ["Exports": (.marketingYear, [2019: 1600, 2020: 1750])])
  }

  @Test func splitYearsAreMarketingYearsWhicheverWayWritten() throws {
    try Self.expect(
      "periods/split-years.csv",
      ["Exports": (.marketingYear, [2019: 1600, 2020: 1750, 2021: 1800])])
  }

  @Test func monthNamesWithTheirYears() throws {
    try Self.expect(
      "periods/month-names.csv",
      ["Milk": (.monthly, [202003: 18900, 202004: 18300, 202005: 18800])])
  }

  @Test func quartersSpelledEachTheirWay() throws {
    try Self.expect(
      "periods/quarter-spellings.csv",
      ["Milk": (.quarterly, [20211: 56.1, 20221: 56.9, 20222: 58.1])])
  }

  @Test func aTableOfPlainYearsReadsAsItAlwaysDid() throws {
    let path = try TestSupport.file("years.csv", "Year,Milk\n1975,247\n1976,250\n")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let source = try CSVSource(path: path)
    _ = try source.nextTable()
    var header = TableRow()
    _ = try source.nextRow(into: &header)
    var row = TableRow()
    var sample: [TableRow] = []
    while try source.nextRow(into: &row) { sample.append(row) }
    let names = header.cells.indices.map { header.string(at: $0)! }
    let layout = try LayoutDetection.detect(
      header: HeaderColumns(names: names, locate: { source.location(of: header.cells[$0]) }),
      sample: sample, options: ImportOptions(), numbers: NumberParser())
    #expect((layout as? WideLayout)?.periods == nil, "\(text)")
  }

  // MARK: - The export read back

  /// `dairy export --format csv` writes each period as ``Period/text`` (`2020`, `2019/20`,
  /// `2020-Q1`, `2020-03`, `2020-03-07`) in one column, sections of every frequency in one file:
  /// each section is read back with its own frequency and key.
  @Test(arguments: [false, true])
  func theExportsPeriodsReadBack(withFrequencyColumn: Bool) throws {
    let rows: [(String, String, Int64, String, Frequency)] = [
      ("Milk", "2020", 2020, "1", .annual), ("Milk", "2021", 2021, "2", .annual),
      ("Cheese", "2020-Q1", 20201, "3", .quarterly), ("Cheese", "2020-Q2", 20202, "4", .quarterly),
      ("Butter", "2020-03", 202003, "5", .monthly), ("Butter", "2020-04", 202004, "6", .monthly),
      ("Exports", "2019/20", 2019, "7", .marketingYear),
      ("Exports", "2020/21", 2020, "8", .marketingYear),
      ("Price", "2020-03-07", 20200307, "9", .weekly),
      ("Price", "2020-03-14", 20200314, "10", .weekly),
      ("One week", "2020-02-01", 20200201, "11", .weekly),
    ]
    var text = "dataset,section,year,amount,unit,key,group,notes,link"
    text += withFrequencyColumn ? ",frequency\r\n" : "\r\n"
    for (key, period, _, amount, frequency) in rows {
      text += "d,\(key),\(period),\(amount),,\(key),,,"
      text +=
        withFrequencyColumn ? ",\(frequency == .annual ? "" : frequency.rawValue)\r\n" : "\r\n"
    }
    let path = try TestSupport.file("export.csv", text)
    var expected: [String: (Frequency, [Int64: Double])] = [:]
    for (key, period, periodKey, amount, frequency) in rows {
      // The text is the one the export writes for that period.
      #expect(Period(frequency: frequency, key: periodKey).text == period)
      expected[key, default: (frequency, [:])].1[periodKey] = Double(amount)!
    }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let contents = try TestSupport.contents(database)
    var target = RecordingTarget()
    _ = try ImportRun.perform([path], options: ImportOptions(), into: &target)
    #expect(target.sections.count == expected.count)
    for section in target.sections {
      #expect(section.draft.frequency == expected[section.draft.key]?.0, "\(section.draft.key)")
      #expect(contents[section.draft.key] == expected[section.draft.key]?.1, "\(section.draft.key)")
    }
  }

  @Test func anExportedSectionOfTwoFrequenciesIsRefused() throws {
    let path = try TestSupport.file(
      "export.csv",
      "dataset,section,year,amount,unit,key\r\nd,Milk,2020-Q1,1,,Milk\r\nd,Milk,2020-03,2,,Milk\r\n"
    )
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(
      error.description.hasSuffix(
        "export.csv:3:8: error: 2020-03 is a month, but the periods of \"Milk\" are quarters; a "
          + "series has one frequency"))
  }

  // MARK: - Reports

  @Test func aReportOfQuartersUnderYearRows() throws {
    try Self.expect(
      "report/quarters-under-year-rows.csv",
      [
        "California": (
          .quarterly,
          [20201: 10300, 20202: 10500, 20203: 10400, 20204: 10500, 20211: 10600, 20212: 10800]
        ),
        "Wisconsin": (
          .quarterly, [20201: 7600, 20202: 7800, 20203: 7700, 20204: 7800, 20211: 7900]
        ),
        "California | annual": (.annual, [2020: 41700]),
        "Wisconsin | annual": (.annual, [2020: 30900]),
      ])
  }

  @Test func quarterRowsUnderYearRowsReadAsAReportWithNoTitle() throws {
    let path = try TestSupport.file(
      "quarters.csv", "Year,Milk\n2020,\nQ1,10\nQ2,11\n2021,\nQ1,12\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    #expect(try TestSupport.contents(database) == ["Milk": [20201: 10, 20202: 11, 20211: 12]])
  }

  @Test func theERSForecastsTableOfQuartersAcross() throws {
    let imported = try Self.imported("report/forecasts-quarters-across.csv")
    #expect(imported.count == 14)
    let cows = try #require(imported["Milk cows (thousands)"])
    #expect(cows.0 == .quarterly)
    #expect(
      cows.1 == [
        20181: 9435, 20182: 9418, 20183: 9383, 20184: 9359, 20191: 9360, 20192: 9355,
        20193: 9360, 20194: 9365,
      ])
    let annual = try #require(imported["Milk cows (thousands) | annual"])
    #expect(annual.0 == .annual)
    #expect(annual.1 == [2017: 9406, 2018: 9399, 2019: 9360])
  }

  @Test func aReportOfMarketingYearsAcrossAndOfWeeksDown() throws {
    try Self.expect(
      "report/marketing-years-across.csv",
      [
        "Cheese": (.marketingYear, [2019: 780, 2020: 810, 2021: 880]),
        "Butter": (.marketingYear, [2019: 35, 2020: 60, 2021: 95, 2022: 70]),
      ])
    try Self.expect(
      "report/weeks-down.csv",
      [
        "Butter": (
          .weekly, [20200307: 1.6128, 20200314: 1.6032, 20200321: 1.5853, 20200328: 1.5227]
        ),
        "Cheddar cheese 40-lb blocks": (
          .weekly, [20200307: 1.7614, 20200314: 1.8219, 20200321: 1.9047, 20200328: 1.6873]
        ),
      ])
  }

  @Test func datesDownAMonthApartAreMonths() throws {
    try Self.expect(
      "report/months-as-dates-down.csv",
      ["Cheese": (.monthly, [202301: 1180, 202302: 1090, 202303: 1230])])
  }

  @Test func aReportOfMarketingYears() throws {
    try Self.expect(
      "report/marketing-years-down.csv",
      [
        "Imports": (.marketingYear, [2019: 12000, 2020: 13000, 2021: 14000]),
        "Exports": (.marketingYear, [2019: 3000, 2021: 2500]),
      ])
    try Self.expect(
      "report/marketing-year-header.csv",
      [
        "Production": (.marketingYear, [2019: 1850, 2020: 1950, 2021: 2050]),
        "Imports": (.marketingYear, [2019: 4, 2020: 3, 2021: 3]),
        "Exports": (.marketingYear, [2019: 1600, 2020: 1750, 2021: 1800]),
      ])
  }

  @Test func aReportOfYearAndQuarterColumns() throws {
    try Self.expect(
      "report/year-and-quarter-columns.csv",
      [
        "Milk production (million pounds)": (
          .quarterly,
          [20221: 56290, 20222: 57850, 20223: 56100, 20224: 55850, 20231: 56900, 20232: 58110]
        ),
        "Milk cows (thousand head)": (
          .quarterly,
          [20221: 9389, 20222: 9398, 20223: 9413, 20224: 9431, 20231: 9419, 20232: 9411]
        ),
        "Milk production (million pounds) | annual": (.annual, [2022: 226090]),
        "Milk cows (thousand head) | annual": (.annual, [2022: 9408]),
      ])
  }

  @Test func aReportOfMonthsAcrossUnderYears() throws {
    try Self.expect(
      "report/months-across-under-years.csv",
      [
        "Cheddar blocks": (
          .monthly,
          [202201: 2.05, 202202: 2.10, 202203: 2.25, 202301: 1.95, 202302: 1.90, 202303: 1.85]
        ),
        "Cheddar barrels": (
          .monthly,
          [202201: 1.98, 202202: 2.02, 202203: 2.20, 202301: 1.80, 202302: 1.78, 202303: 1.70]
        ),
        "Cheddar blocks | annual": (.annual, [2022: 2.13]),
        "Cheddar barrels | annual": (.annual, [2022: 2.07]),
      ])
  }

  // MARK: - A workbook

  /// `Fixtures/periods/quarterly.xlsx` (made by `make-workbook.py`): years stored as numbers
  /// and merged over their quarters (`I`–`IV`, `Annual`); a `Year` column filled on each year's
  /// first row alone beside a `Quarter` column; marketing years down; months and weeks as date
  /// cells.
  @Test func aWorkbookOfQuarterlySheets() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("periods/quarterly.xlsx")])
    let contents = try TestSupport.contents(database)
    #expect(
      contents["Milk production"] == [
        20221: 56.3, 20222: 57.9, 20223: 56.1, 20224: 55.8, 20231: 56.9, 20232: 58.1, 20233: 56.2,
        20234: 55.9,
      ])
    #expect(contents["Milk production | annual"] == [2022: 226.1, 2023: 227.1])
    #expect(contents["Imports | annual"] == [2022: 6.7, 2023: 7.1])
    #expect(
      contents["All-milk price ($\\/cwt)"] == [
        20221: 24.10, 20222: 26.00, 20223: 24.53, 20224: 23.87, 20231: 20.73, 20232: 19.50,
      ])
    #expect(contents["All-milk price ($\\/cwt) | annual"] == [2022: 25.34])
    #expect(contents["Exports"] == [2019: 3000, 2020: 3500, 2021: 2500])
    // Date cells: a month apart across, a week apart down
    #expect(contents["Cheddar blocks"] == [202301: 1.90, 202302: 1.80, 202303: 1.75, 202304: 1.70])
    #expect(contents["Butter"] == [20200307: 1.60, 20200314: 1.59, 20200321: 1.58, 20200328: 1.57])
    var target = RecordingTarget()
    _ = try ImportRun.perform(
      [TestSupport.fixture("periods/quarterly.xlsx")], options: ImportOptions(), into: &target)
    let frequencies = Dictionary(
      target.sections.map { ($0.draft.key, $0.draft.frequency) }, uniquingKeysWith: { a, _ in a })
    #expect(frequencies["Milk production"] == .quarterly)
    #expect(frequencies["Milk production | annual"] == .annual)
    #expect(frequencies["Milk production (million pounds)"] == .quarterly)
    #expect(frequencies["Exports"] == .marketingYear)
    #expect(frequencies["Cheddar blocks"] == .monthly)
    #expect(frequencies["Butter"] == .weekly)
    #expect(target.sections.count == 6 + 4 + 2 + 2 + 1)
  }
}
