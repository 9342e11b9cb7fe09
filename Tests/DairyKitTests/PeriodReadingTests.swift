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

/// Sections that are not annual, or are about a place, read as a person expects: rows named by
/// their period, ranges in any period's terms, places in headers and filters, charts on a time
/// axis, and every document and the backup carrying periods. The fixture (Fixtures/periods/,
/// made by make-periods.py from the NASS samples' values) is a backup: it reaches storage
/// without the readers of NASS files.
@Suite("Periods and places when reading")
struct PeriodReadingTests {
  static let database: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    _ = try! database.importFiles([TestSupport.fixture("periods/periods.json")])
    return database
  }()

  static func show(_ line: ShowCommandLine) -> (output: String, errors: String) {
    var output = ""
    var errors = ""
    _ = ShowFlow.run(
      line, terminal: Terminal(width: 80), output: &output, errors: &errors,
      open: { ReadingDatabase(database: database) })
    return (output, errors)
  }

  @Test func theEarlierPeriodsOfASinceWithinAYearAreHistoryToo() throws {
    // Given months from 2019-01, shown from 2020-03
    let filter = SectionFilter(search: "per head", since: PeriodBound("2020-03"))
    let page = try Self.database.page(PageRequest(filter: filter, pageSize: 100))
    // Then the earlier periods end in 2020 (2020-01 and 2020-02), not 2019
    #expect(page.history == 2019...2020)
    // And from 2019-01, nothing is earlier
    let first = SectionFilter(search: "per head", since: PeriodBound("2019-01"))
    #expect(try Self.database.page(PageRequest(filter: first, pageSize: 100)).history == nil)
  }

  @Test func monthlyRowsAreNamedByTheirMonth() {
    var line = ShowCommandLine(search: "per head", since: PeriodBound("2020-06"), width: 80)
    line.until = PeriodBound("2020-07")
    let output = Self.show(line).output
    #expect(output.contains("Milk production per head · United States"))
    #expect(output.contains("  2020-06   1,964\n  2020-07   2,002\n"))
    #expect(!output.contains("2020-05") && !output.contains("2020-08"))
  }

  @Test(
    arguments: [
      // A bound is read in each section's frequency
      ("2020-03", "2020-Q2", Frequency.monthly, 202003...202006),
      ("2020-03", "2020-Q2", Frequency.quarterly, 20201...20202),
      ("2020-03", "2020-Q2", Frequency.annual, 2020...2020),
      ("2020-03", "2020-Q2", Frequency.weekly, 20_200_301...20_200_630),
      ("2019", "2019", Frequency.monthly, 201901...201912),
    ] as [(String, String, Frequency, ClosedRange<Int64>)])
  func boundsReadInEachFrequency(
    since: String, until: String, frequency: Frequency, keys: ClosedRange<Int64>
  ) {
    let filter = SectionFilter(since: PeriodBound(since), until: PeriodBound(until))
    #expect(filter.keys(for: frequency) == keys)
  }

  @Test(arguments: ["2020-13", "2020-Q5", "2020-02-30", "March", "2020-", ""])
  func unreadableBoundsAreRefused(text: String) {
    #expect(PeriodBound(text) == nil)
  }

  @Test func pagingCountsAndCursorsWorkInMonths() throws {
    // Given pages of 7 rows over the monthly sections
    let request = PageRequest(
      filter: SectionFilter(search: "per head", since: PeriodBound("2019-06")), pageSize: 7)
    let first = try Self.database.page(request)
    #expect(first.total == 15)
    let keys = first.parts.flatMap { $0.section.rows.map(\.year) }
    #expect(keys == [201906, 201907, 201908, 201909, 201910, 201911, 201912])
    // Then the next page by cursor, and page 2 by number, continue in January
    let next = try Self.database.page(
      PageRequest(filter: request.filter, pageSize: 7, start: .after(first.next!)))
    let second = try Self.database.page(
      PageRequest(filter: request.filter, pageSize: 7, start: .number(2)))
    #expect(next.parts[0].section.rows.first?.year == 202001)
    #expect(second.parts[0].section.rows.map(\.year) == next.parts[0].section.rows.map(\.year))
  }

  @Test func weeklyGapsAndChangesNameTheirWeeks() {
    var line = ShowCommandLine(search: "cheddar", width: 80)
    line.change = true
    let output = Self.show(line).output
    #expect(output.contains("  2020-01-25  (NA): Not available\n"))
    // The week after the gap is compared with the week before it
    #expect(output.contains("2020-02-01  1.8542  −0.0569  −3.0%  vs 2020-01-18"))
  }

  @Test func placesFilterAndHead() {
    var line = ShowCommandLine(width: 80)
    line.place = "55"
    let output = Self.show(line).output
    #expect(output.contains("Milk sales · Wisconsin"))
    #expect(!output.contains("Alabama"))
    #expect(SectionFilter(place: "wisconsin").matches(place: "Dane, Wisconsin", code: "55025"))
    #expect(!SectionFilter(place: "virginia").matches(place: "West Virginia", code: "54"))
  }

  @Test func documentsWritePeriodsAsText() throws {
    var line = ShowCommandLine(search: "quarter", format: .csv, width: 80)
    line.change = true
    #expect(
      Self.show(line).output
        == "dataset,section,period,amount,change,percentChange,previousPeriod,unit,place\r\n"
        + "nass-monthly,Milk production by quarter,2019-Q1,54423.0,,,,million pounds,"
        + "United States\r\n"
        + "nass-monthly,Milk production by quarter,2019-Q2,55716.0,1293.0,2.38,2019-Q1,"
        + "million pounds,United States\r\n"
        + "nass-monthly,Milk production by quarter,2019-Q3,54237.0,-1479.0,-2.65,2019-Q2,"
        + "million pounds,United States\r\n"
        + "nass-monthly,Milk production by quarter,2019-Q4,54006.0,-231.0,-0.43,2019-Q3,"
        + "million pounds,United States\r\n"
        + "nass-monthly,Milk production by quarter,2020-Q1,56130.0,2124.0,3.93,2019-Q4,"
        + "million pounds,United States\r\n"
        + "nass-monthly,Milk production by quarter,2020-Q2,55997.0,-133.0,-0.24,2020-Q1,"
        + "million pounds,United States\r\n")
    line.format = .json
    line.change = false
    let json = Self.show(line).output
    #expect(json.contains("\"frequency\":\"quarterly\""))
    #expect(json.contains("{\"period\":\"2019-Q1\",\"amount\":54423.0}"))
  }

  @Test func theBackupRoundTripsPeriodsAndPlaces() throws {
    // Given the fixture exported as a backup, imported into a new database
    var backup = ""
    try ExportFormat.json.write(Self.database, to: &backup)
    let path = try TestSupport.file("again.json", backup)
    let again = try DairyDatabase.inMemory()
    _ = try again.importFiles([path])
    // Then every section, row and field is the same
    #expect(try TestSupport.dump(again) == TestSupport.dump(Self.database))
    let fields = try again.read { try $0.sections() }.map(\.fields)
    #expect(fields.first { $0.frequency == .weekly }?.title == "Cheddar block price")
    #expect(fields.filter { $0.placeLevel == .state }.count == 50)
    #expect(backup.contains("{\"period\":\"2020-01-25\",\"marker\":\"(NA)\"}"))
  }

  @Test func aBackupPeriodOfTheWrongFormIsRefusedWhereItStands() throws {
    let text = """
      {"datasets":[{"name":"d","legend":[]}],
      "sections":[{"dataset":"d","key":"k","title":"t","frequency":"monthly",
      "rows":[{"period":"2020-13","amount":1}],"missing":[]}]}
      """
    let path = try TestSupport.file("bad.json", text)
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(error.message.contains("\"2020-13\" is not a monthly period (as 2020-03)"))
    #expect(error.location?.line == 3)
  }

  @Test func statisticsGrowPerPeriodAndPerYear() throws {
    let summaries = try Self.database.summaries(matching: SectionFilter(search: "by quarter"))
    let statistics = try #require(summaries.first?.statistics)
    #expect(statistics.frequency == .quarterly)
    #expect(statistics.span == 1.25)
    #expect(statistics.periods == 5)
    let lines = SectionsStatisticsRenderer.render(summaries, in: Viewport(width: 140))
    #expect(lines.contains { $0.contains("54,423.0 (2019-Q1)") && $0.contains("/quarter") })
  }

  @Test func chartsCountMonthsOnTheirAxis() throws {
    let selection = try ChartSelection.read(
      ChartRequest(searches: ["milk production"]), from: Self.database)
    // The quarterly section is left out: an axis counts one kind of period
    #expect(
      selection.series.map(\.title) == [
        "Milk production · United States", "Milk production per head · United States",
      ])
    #expect(selection.leftOut == [.quarterly: 1])
    let lines = ChartRenderer.render(
      selection.series, in: Viewport(width: 80, height: 20),
      style: ChartStyle(marks: .ascii, index: false, years: nil))
    #expect(lines.contains { $0.contains("2019-01") && $0.contains("2020-08") })
    let json = ChartJSON.render(selection.series, style: ChartStyle())
    #expect(json.contains("\"years\":{\"from\":\"2019-01\",\"to\":\"2020-08\"}"))
    #expect(json.contains("{\"period\":\"2019-01\",\"amount\":18612000000.0}"))
  }

  // MARK: - Across places

  @Test func aCensusTableReadsAcrossPlaces() {
    var line = ShowCommandLine(search: "milk sales", width: 80)
    line.by = "place"
    line.period = PeriodBound("2017")
    let output = Self.show(line).output
    let lines = output.split(separator: "\n").map(String.init)
    #expect(
      lines[0] == "Milk sales (Operations with sales of $50,000 or more) · dollars · 50 places")
    #expect(lines[2] == "Place           Code           2017")
    #expect(lines[3] == "Alabama         01       16,976,000")
    #expect(lines[4] == "Alaska          02              (D)")
    #expect(lines.count == 3 + 50 + 1)
    #expect(lines.last == "(D): Withheld to avoid disclosing data for individual operations")
  }

  @Test func aSearchNoTitleHasFindsThePlaces() throws {
    // `wisconsin` is in no title: the sections about Wisconsin
    let sections = try Self.database.summaries(matching: SectionFilter(search: "wisconsin"))
    #expect(!sections.isEmpty && sections.allSatisfy { $0.info.place == "Wisconsin" })
    // `milk sales` is in titles: those, at every place
    let sales = try Self.database.summaries(matching: SectionFilter(search: "milk sales"))
    #expect(sales.count == 50)
  }

  @Test func showsCSVAndJSONCarryTheMarkedCells() {
    // Given Arizona, whose 2017 sales were withheld, and Alaska, withheld in both years
    var line = ShowCommandLine(search: "milk sales", format: .csv, width: 80)
    line.place = "04"
    // Then the CSV has a line for the withheld cell, in year order, its marker in the last column
    #expect(
      Self.show(line).output.split(separator: "\r\n").map(String.init) == [
        "dataset,section,year,amount,unit,place,placeCode,marker",
        "nass-sales,Milk sales,2012,762912000.0,dollars,Arizona,04,",
        "nass-sales,Milk sales,2017,,dollars,Arizona,04,(D)",
      ])
    // And with --change, the cell's change columns are empty
    line.change = true
    #expect(
      Self.show(line).output.contains(
        "\r\nnass-sales,Milk sales,2017,,,,,dollars,Arizona,04,(D)\r\n"))
    // And JSON lists it apart from the rows, as the export does
    line.change = false
    line.format = .json
    #expect(
      Self.show(line).output.contains(
        #""rows":[{"year":2012,"amount":762912000.0}],"missing":[{"year":2017,"marker":"(D)"}]}"#))
    // And a section with no value at all is its marked cells, with no empty note
    line.format = .csv
    line.place = "alaska"
    let alaska = Self.show(line)
    #expect(
      alaska.output.split(separator: "\r\n").dropFirst().map(String.init) == [
        "nass-sales,Milk sales,2012,,dollars,Alaska,02,(D)",
        "nass-sales,Milk sales,2017,,dollars,Alaska,02,(D)",
      ])
    #expect(alaska.errors == "")
  }

  @Test func periodsThatDoNotFitLeaveEarliestFirst() {
    var line = ShowCommandLine(search: "per head", width: 60)
    line.by = "place"
    let output = Self.show(line).output
    let header = output.split(separator: "\n")[2]
    #expect(header.hasPrefix("Place") && header.hasSuffix("2020-08"))
    #expect(!header.contains("2019-01") && !header.contains("Code"))
    #expect(output.split(separator: "\n").allSatisfy { $0.count <= 60 })
  }

  @Test func acrossPlacesSaysWhyNothingIsShown() throws {
    // Given a period no section has: a sentence, not tables of places without a column
    var line = ShowCommandLine(search: "milk sales", width: 80)
    (line.by, line.period) = ("place", PeriodBound("2015"))
    #expect(Self.show(line).output == "No rows in 2015 in the 50 matching sections.\n")
    // And sections about no place: not one-row tables, but what --by place is for
    let plain = try DairyDatabase.inMemory()
    _ = try plain.importFiles([
      try TestSupport.file("milk.csv", "Year,Milk,Butter\n2019,247,4.7\n2020,249,4.9\n")
    ])
    var output = ""
    var errors = ""
    line = ShowCommandLine(search: "", width: 80)
    line.by = "place"
    let status = ShowFlow.run(
      line, terminal: Terminal(width: 80), output: &output, errors: &errors,
      open: { ReadingDatabase(database: plain) })
    #expect(status == 0 && errors == "")
    #expect(
      output
        == "None of the 2 matching sections is about a place: --by place reads sections of one "
        + "title across places (a census file's States or counties).\n")
  }

  @Test func acrossPlacesAsCSVAndJSON() {
    var line = ShowCommandLine(search: "milk sales", format: .csv, width: 80)
    (line.by, line.period, line.place) = ("place", PeriodBound("2017"), "alaska")
    #expect(
      Self.show(line).output
        == "dataset,section,place,placeCode,period,amount,marker,unit\r\n"
        + "nass-sales,Milk sales,Alaska,02,2017,,(D),dollars\r\n")
    line.format = .json
    line.place = "01"
    #expect(
      Self.show(line).output.contains(
        "\"rows\":[{\"place\":\"Alabama\",\"placeCode\":\"01\",\"cells\":[16976000.0]}]"))
  }

  @Test(arguments: [
    (["--by", "county"], "--by takes place (sections of one title read across places)."),
    (
      ["--by", "place", "--page", "2"],
      "--by place shows whole tables; --page-size, --page and --after page through rows."
    ),
    (
      ["--by", "place", "--page-size", "5"],
      "--by place shows whole tables; --page-size, --page and --after page through rows."
    ),
    (["--period", "2017", "--since", "2010"], "Use --period or --since and --until, not both."),
  ])
  func acrossPlacesRefusesWhatItCannotDo(arguments: [String], problem: String) throws {
    var line = ShowCommandLine()
    var index = 0
    while index < arguments.count {
      let option = try #require(ShowOption.allCases.first { $0.flag == arguments[index] })
      #expect(option.take(Substring(arguments[index + 1]), into: &line))
      index += 2
    }
    #expect(line.problem() == problem)
  }

  // MARK: - Edges the review found

  @Test func aBoundBeyondEveryPeriodChartsNothingAndSaysSo() throws {
    // Given the weekly and quarterly sections charted from a year far past the calendar's
    for search in ["cheddar", "by quarter"] {
      let selection = try ChartSelection.read(
        ChartRequest(searches: [search]), from: Self.database)
      var request = ChartRequest(searches: [search], since: PeriodBound("1000000000000000"))
      request.marks = .ascii
      let style = request.style(
        within: ChartSeries.years(of: selection.series), time: selection.series[0].time)
      // Then it draws no line and names real periods, instead of overflowing
      let lines = ChartRenderer.render(
        selection.series, in: Viewport(width: 60, height: 12), style: style)
      #expect(lines.joined().contains("No data to chart in"), "\(search)")
    }
  }

  @Test(arguments: [
    (Period.month(1, of: 999)!, "0999-01"), (Period.quarter(4, of: 12)!, "0012-Q4"),
    (Period.weekEnding(year: 5, month: 1, day: 2)!, "0005-01-02"),
  ])
  func periodsOfEarlyYearsReadBack(period: Period, text: String) {
    #expect(period.text == text)
    #expect(Period(text: text, frequency: period.frequency) == period)
  }

  @Test func extremeMarketingYearsNeitherTrapNorRead() {
    #expect(Period(text: "9223372036854775807/08", frequency: .marketingYear) == nil)
    #expect(Period(frequency: .marketingYear, key: .max).text.hasPrefix("9223372036854775807/"))
    #expect(PeriodBound("2019/20") == PeriodBound(year: 2019))
    #expect(PeriodBound("2019/21") == nil)
  }

  @Test(arguments: [
    (
      #"{"dataset":"d","key":"k","title":"t","rows":[{"year":2020,"amount":1}],"frequency":"monthly","missing":[]}"#,
      "a section's \"frequency\" comes before its \"rows\""
    ),
    (
      #"{"dataset":"d","key":"k","title":"t","frequency":"Monthly","rows":[],"missing":[]}"#,
      "\"Monthly\" is not a frequency (annual, marketing-year, quarterly, monthly, weekly)"
    ),
  ])
  func aBackupFrequencyIsCheckedWhereItStands(section: String, message: String) throws {
    let text = #"{"datasets":[{"name":"d","legend":[]}],"sections":["# + section + "]}"
    let path = try TestSupport.file("frequency.json", text)
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func weeklyTrendsCountWeeksAsTheModelDoes() throws {
    // Days before 1970 too: SQLite's division truncates, the model's rounds down
    for key: Int64 in [19_691_227, 19_691_231, 19_700_101, 19_700_107, 20_200_307, 18_000_104] {
      let sql = try Self.database.read { snapshot in
        try Int64.fetchOne(
          snapshot.db, sql: "SELECT \(PageQuery.ordinalSQL(.weekly)) FROM (SELECT ? AS year)",
          arguments: [key])
      }
      #expect(sql == Period(frequency: .weekly, key: key).ordinal, "\(key)")
    }
  }

  @Test func aStateCodeAsksForItsCountiesAndAnUnknownPlaceSaysSo() {
    #expect(SectionFilter(place: "55").matches(place: "Dane, Wisconsin", code: "55025"))
    #expect(!SectionFilter(place: "5").matches(place: "Dane, Wisconsin", code: "55025"))
    var line = ShowCommandLine(width: 80)
    line.place = "dane"
    // (wrapped to the width)
    #expect(
      Self.show(line).output.replacingOccurrences(of: "\n", with: " ")
        == "No section is about \"dane\": a place is named as `dairy sections` lists it "
        + "(Wisconsin, 55, a county as \"Dane, Wisconsin\"). ")
  }

  @Test func showCSVNamesEachRowsPlace() {
    var line = ShowCommandLine(search: "milk sales", format: .csv, width: 80)
    line.place = "wisconsin"
    #expect(
      Self.show(line).output
        == "dataset,section,year,amount,unit,place,placeCode\r\n"
        + "nass-sales,Milk sales,2012,4920940000.0,dollars,Wisconsin,55\r\n"
        + "nass-sales,Milk sales,2017,5128088000.0,dollars,Wisconsin,55\r\n")
  }

  @Test func sectionsJSONNamesPeriods() throws {
    let summaries = try Self.database.summaries(matching: SectionFilter(search: "by quarter"))
    let json = SectionsJSON.render(summaries, datasets: [])
    #expect(json.contains("\"from\":\"2019-Q1\",\"to\":\"2020-Q2\""))
    #expect(json.contains("\"latest\":{\"period\":\"2020-Q2\",\"amount\":55997.0}"))
    #expect(json.contains("\"periodGrowthRate\":0.0057"))
  }

  // MARK: - Marked cells alone

  @Test func aSectionOfMarkedCellsAloneIsShown() {
    var line = ShowCommandLine(search: "milk sales", width: 80)
    line.place = "alaska"
    let output = Self.show(line).output
    #expect(output.contains("Milk sales · Alaska"))
    // (2012 and 2017 are census years five apart: two runs)
    #expect(
      output.contains(
        "  2012  (D): Withheld to avoid disclosing data for individual operations\n"
          + "  2017  (D): Withheld to avoid disclosing data for individual operations\n"))
  }

  @Test func sectionsOfMarkedCellsAloneArePagedOnceByCursorAndByNumber() throws {
    // Given the census sales from 2017, where some States are withheld: pages of one row
    let filter = SectionFilter(search: "milk sales", since: 2017)
    func rowless(_ page: Page) -> [String] {
      page.parts.filter { $0.section.rows.isEmpty }.map(\.section.info.heading)
    }
    var byCursor: [String] = []
    var request = PageRequest(filter: filter, pageSize: 1)
    var pages = 0
    while true {
      let page = try Self.database.page(request)
      byCursor += rowless(page)
      pages += 1
      guard let next = page.next else { break }
      request.start = .after(next)
    }
    var byNumber: [String] = []
    for number in 1...pages {
      byNumber += rowless(
        try Self.database.page(PageRequest(filter: filter, pageSize: 1, start: .number(number))))
    }
    // Then each withheld State is on one page, the same by either way of paging
    #expect(byCursor == byNumber)
    #expect(byCursor.count == Set(byCursor).count)
    #expect(byCursor.contains("Milk sales · Alaska") && byCursor.contains("Milk sales · Arizona"))
  }

  @Test func sectionsListEachPlacesSectionsUnderItsName() throws {
    let summaries = try Self.database.summaries(matching: SectionFilter(place: "55"))
    let lines = SectionsTableRenderer.render(summaries, in: Viewport(width: 80))
    #expect(
      lines == [
        "nass-sales (1 section)",
        "  Section     Unit     Years      Rows         Latest  Trend",
        "Wisconsin (55)",
        "  Milk sales  dollars  2012–2017     2  5,128,088,000  ▁█",
      ])
    // Sections about no place come first, under a name that says so; the places in the order
    // they came; a table of sections of other frequencies says Periods, a single period alone
    let monthly = try Self.database.summaries(matching: SectionFilter())
      .filter { $0.info.dataset == "nass-monthly" }
    let table = SectionsTableRenderer.render(monthly, in: Viewport(width: 80))
    #expect(table[1].hasPrefix("  Section") && table[1].contains("Periods"))
    #expect(
      Array(table[2...]).map { $0.prefix(30) } == [
        "No place", "  Cheddar block price         ", "United States",
        "  Milk production             ", "  Milk production per head    ",
        "  Milk production by quarter  ",
      ])
    // A table without places is as it was
    let annual = try Self.database.summaries(matching: SectionFilter(search: "cheddar"))
    #expect(
      !SectionsTableRenderer.render(annual, in: Viewport(width: 80)).contains { $0.hasPrefix(" ") })
  }

  static let sectionsCSVHeader =
    "dataset,title,key,unit,group,link,place,placeLevel,placeCode,from,to,rows,latestYear,"
    + "latest,firstYear,first,lastYear,last,change,percentChange,growthRate,minYear,min,"
    + "maxYear,max"
  static let sectionsCSVWisconsin =
    "nass-sales,Milk sales,MILK - SALES @ WISCONSIN,dollars,\"Operations with sales of $50,000 "
    + "or more\",qs_milk_sales_by_state_2012_2017.csv,Wisconsin,state,55,"
    + "2012,2017,2,2017,5128088000.0,2012,4920940000.0,2017,5128088000.0,207148000.0,4.21,"
    + "0.0083,2012,4920940000.0,2017,5128088000.0"

  @Test func sectionsCSVHasAColumnPerFieldAndStatistic() throws {
    let summaries = try Self.database.summaries(matching: SectionFilter(place: "55"))
    #expect(
      SectionsCSV.render(summaries).split(separator: "\r\n").map(String.init) == [
        Self.sectionsCSVHeader,
        Self.sectionsCSVWisconsin,
      ])
    // Sections of other frequencies: periods as text, and the growth per period
    let monthly = try Self.database.summaries(matching: SectionFilter(search: "per head"))
    let lines = SectionsCSV.render(monthly).split(separator: "\r\n")
    #expect(lines[0].contains(",frequency,") && lines[0].contains(",latestPeriod,latest,"))
    #expect(lines[0].hasSuffix(",maxPeriod,max,periodGrowthRate"))
    #expect(lines[1].contains(",monthly,") && lines[1].contains(",2019-01,2020-08,20,2020-08,"))
  }

}
