import DairyTestSupport
import Foundation
import Synchronization
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// `dairy show --wide`: sections side by side, periods down, as a table, CSV and JSON.
@Suite("show --wide")
struct WideTableTests {
  /// The per-capita table, and Quick Stats files of monthly, quarterly and annual sections,
  /// some with withheld cells (`(D)`).
  static let database: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    try! TestSupport.importPerCapita(into: database)
    _ = try! database.importFiles(
      [
        "qs_national_monthly_milk_2019_2020.csv", "qs_milk_sales_by_state_2012_2017.csv",
        "qs_quarterly_milk_by_state.csv",
      ].map { TestSupport.fixture("quickstats/" + $0) }, options: ImportOptions())
    return database
  }()

  func show(_ line: ShowCommandLine, width: Int = 80) -> (
    status: Int32, output: String, errors: String
  ) {
    var line = line
    line.wide = true
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: Terminal(width: width), output: &output, errors: &errors,
      open: { ReadingDatabase(database: Self.database) })
    return (status, output, errors)
  }

  // MARK: - The table

  @Test(arguments: [80, 40])
  func sectionsSideBySide(width: Int) {
    // Given the cheese sections from 2015, at 80 columns (one block) or 40 (a block a column)
    let result = show(ShowCommandLine(search: "cheese", since: 2015), width: width)
    #expect(result.status == 0 && result.errors == "")
    #expect(
      result.output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= width })
    assertSnapshot(of: result.output, as: .lines, named: "width-\(width)")
  }

  @Test func longTitlesTakeTheRoomThereIsAndBlocksFollow() {
    // Given every per-capita section in 2022: more columns than 80 columns hold
    let result = show(ShowCommandLine(search: "", since: 2022, until: 2022))
    assertSnapshot(of: result.output, as: .lines)
  }

  @Test func markedCellsAreTheirMarkerWithTheLegendAndATablePerFrequency() {
    // Given milk sales in Alaska (withheld, both years), and the milk production
    // of three frequencies in 2020
    var sales = ShowCommandLine(search: "milk sales")
    sales.place = "alaska"
    let withheld = show(sales)
    #expect(withheld.output.contains("(D)"))
    assertSnapshot(of: withheld.output, as: .lines, named: "withheld")
    let production = show(ShowCommandLine(search: "milk production", since: 2020, until: 2020))
    assertSnapshot(of: production.output, as: .lines, named: "frequencies")
  }

  // MARK: - CSV and JSON

  @Test func csvIsOneTableWithUnitsInTheHeader() {
    var line = ShowCommandLine(search: "cheese", since: 2021, format: .csv)
    line.decimals = 0
    let result = show(line)
    #expect(result.status == 0)
    #expect(
      result.output
        == "year,American cheese (lb per person),Cheese other than American (lb per person),"
        + "Cottage cheese (lb per person)\r\n2021,16.2,23.1,1.9\r\n2022,16.2,23.6,1.9\r\n")
  }

  @Test func csvWritesMarkersAndBlanksAndNamesTwinColumnsByDataset() {
    var sales = ShowCommandLine(search: "milk sales", format: .csv)
    sales.place = "alaska"
    #expect(
      show(sales).output
        == "year,Milk sales · Alaska (dollars),\"Milk sales, CV (%) · Alaska (percent)\"\r\n"
        + "2012,(D),(D)\r\n2017,(D),(D)\r\n")
    var milk = SectionFields(key: "milk", title: "Milk")
    milk.unit = "lb"
    let table = WideTable(
      frequency: .annual,
      columns: [
        SectionInfo(id: 1, dataset: "a", position: 0, fields: milk),
        SectionInfo(id: 2, dataset: "b", position: 0, fields: milk),
      ])
    #expect(WideTableRenderer.csvHeader(table) == "year,Milk (lb) [a],Milk (lb) [b]\r\n")
    let row = WideTable.Row(period: 2020, cells: [.none, .value(0.1)])
    #expect(WideTableRenderer.csvLine(row, of: table) == "2020,,0.1\r\n")
  }

  @Test func csvOfSeveralFrequenciesIsRefused() {
    let result = show(ShowCommandLine(search: "milk production", format: .csv))
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(
      result.errors
        == "dairy: error: --wide --format csv writes one table, and these sections are of 3 "
        + "frequencies (2 monthly of qs_national_monthly_milk_2019_2020; 2 quarterly of "
        + "qs_quarterly_milk_by_state; 4 annual of qs_quarterly_milk_by_state); one of them: "
        + "dairy show 'milk production' --dataset qs_national_monthly_milk_2019_2020 --wide "
        + "--format csv, or use --format json or the table, which give a table per frequency\n")
  }

  @Test func jsonIsATablePerFrequency() throws {
    let result = show(ShowCommandLine(search: "milk production", since: 2020, format: .json))
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let tables = try #require(object["tables"] as? [[String: Any]])
    #expect(tables.map { $0["frequency"] as? String } == ["monthly", "quarterly", "annual"])
    let monthly = try #require(tables[0]["rows"] as? [[String: Any]])
    #expect(monthly.first?["period"] as? String == "2020-01")
    let annual = try #require(tables[2]["rows"] as? [[String: Any]])
    #expect(annual.first?["year"] as? Int == 2020)
    let columns = try #require(tables[1]["columns"] as? [[String: Any]])
    #expect(columns.first?["place"] as? String == "Wisconsin")
    #expect(
      result.output.hasPrefix(
        #"{"tables":["# + "\n"
          + #"{"frequency":"monthly","columns":[{"dataset":"qs_national_monthly_milk_2019_2020","#
          + #""title":"Milk production","unit":"pounds","place":"United States""#))
  }

  @Test func optionsThatPageOrChangeAreRefused() {
    var paged = ShowCommandLine(pageSize: 10)
    paged.wide = true
    #expect(paged.problem()?.hasPrefix("--wide shows whole tables") == true)
    var changed = ShowCommandLine()
    changed.wide = true
    changed.change = true
    #expect(changed.problem() == "--change adds columns to rows; --wide shows the amounts alone.")
  }

  @Test func aLongWideTableOnATerminalGoesThroughThePager() {
    // Given every per-capita section, wide, on a terminal of 24 lines with a pager
    var line = ShowCommandLine(search: "", since: 2000)
    line.wide = true
    let terminal = Terminal(isTerminal: true, width: 80, height: 24, pager: "less -R")
    var output = ""
    var errors = ""
    let paged = Mutex("")
    let status = ShowFlow.run(
      line, terminal: terminal, output: &output, errors: &errors,
      open: { ReadingDatabase(database: Self.database) },
      pager: { _, text in
        paged.withLock { $0 = text }
        return .shown
      })
    // Then the blocks go to the pager, nothing to standard output
    #expect(status == 0 && output == "" && errors == "")
    let text = paged.withLock { $0 }
    #expect(text.contains("Cottage cheese") && text.split(separator: "\n").count > 23)
  }

  @Test func byPlaceDropsAnEmptyCodeColumnBeforeItCutsAPlace() {
    // Given national and State sections of one title (the nation has no code), narrow
    let table = CrossSection(
      dataset: "d", title: "Milk", unit: "lb", frequency: .annual, periods: [2020, 2021, 2022],
      rows: [
        CrossSection.Row(place: "United States of America", cells: [.value(1), .value(2), .none])
      ])
    let lines = CrossSectionRenderer.render([table], in: Viewport(width: 42))
    // Then the place is whole, and the code column is gone
    #expect(lines[2] == "Place                     2020  2021  2022")
    #expect(lines[3] == "United States of America     1     2")
  }

  @Test func byPlaceShowsOneNumberOfDecimalsForTheWholeTable() {
    // Given two counties' sections, displayed with 2 and 1 decimals (six significant digits
    // of each one's values: 9362.00 and 11155.00 as a re-saved Quick Stats file writes them)
    let table = CrossSection(
      dataset: "d", title: "Milk cows", unit: "head", frequency: .annual, periods: [2022],
      rows: [
        CrossSection.Row(
          place: "Green Lake, Wisconsin", code: "55047", decimals: 2, cells: [.value(9362)]),
        CrossSection.Row(
          place: "Portage, Wisconsin", code: "55097", decimals: 1, cells: [.value(11155)]),
      ])
    let lines = CrossSectionRenderer.render([table], in: Viewport(width: 80))
    // Then the column's decimal points line up
    #expect(lines[3] == "Green Lake, Wisconsin  55047   9,362.00")
    #expect(lines[4] == "Portage, Wisconsin     55097  11,155.00")
  }

  @Test func nothingMatches() {
    #expect(show(ShowCommandLine(search: "xyz")).output == "No section matches \"xyz\".\n")
  }
}
