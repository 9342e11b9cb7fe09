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

/// The three USDA workbooks (copies of `../shared/data/usda-published/`, in `Fixtures/xlsx/`)
/// imported through `XLSXSource`: datasets, sections, groups, units, notes, published precision
/// and values. Expected values are openpyxl's reading of the same cells (`*.cells.txt`) and the
/// number formats Excel shows them with.
@Suite("Importing USDA workbooks")
struct WorkbookImportTests {
  static func workbook(_ name: String) -> String { TestSupport.fixture("xlsx/\(name).xlsx") }

  /// The sections of `dataset`, in order.
  static func sections(_ database: DairyDatabase, _ dataset: String) throws -> [SectionInfo] {
    try database.read { try $0.sections() }.filter { $0.dataset == dataset }
  }

  /// The amounts of the section `key` of `dataset`, by year.
  static func amounts(_ database: DairyDatabase, _ dataset: String, _ key: String) throws
    -> [Int64: Double]
  {
    let section = try #require(try sections(database, dataset).first { $0.key == key })
    let rows = try database.read { try $0.observations(of: section.id) }
    return Dictionary(uniqueKeysWithValues: rows.map { ($0.year, $0.amount) })
  }

  /// Years kept as dates shown as their year alone (`yyyy`, `[$-409]yy`) are those years; a
  /// full date (`Last update:`) stays a date.
  @Test func yearsKeptAsDatesShownAsYears() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("xlsx/features/year-dates.xlsx")])
    #expect(
      try Self.amounts(database, "year-dates", "All milk") == [
        2020: 18.24, 2021: 18.69, 2022: 25.34,
      ])
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.updated == "2024-09-10")
  }

  @Test func fluidMilkOneSheetYearsDown() throws {
    // Given an empty database, when fluidmilk.xlsx is imported
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.workbook("fluidmilk")])
    // Then it is one dataset named after the file, with nine series of 49 years
    #expect(summary.datasets.map(\.name) == ["fluidmilk"])
    #expect(summary.observations == 441 && summary.missing == 0 && summary.warnings.isEmpty)
    let sections = try Self.sections(database, "fluidmilk")
    #expect(
      sections.map(\.title) == [
        "Whole", "Reduced-fat (2% milk fat)", "Low-fat (1% milk fat)", "Skim", "Flavored whole",
        "Flavored, other than whole", "Buttermilk", "Eggnog", "Total",
      ])
    #expect(sections.allSatisfy { $0.unit == "million of pounds" && $0.group == nil })
    #expect(sections.allSatisfy { $0.observationCount == 49 && $0.years == 1975...2023 })
    // `#,##0`: no decimals, whatever digits the doubles carry
    #expect(sections.allSatisfy { $0.decimals == 0 })
    #expect(sections[4].notes?.hasPrefix("Volumes for flavored milks and eggnog") == true)
    #expect(sections[8].notes == "Total includes miscellaneous fluid milk products since 2000.")
    #expect(sections.filter { $0.notes != nil }.count == 2)
    // Values are the stored doubles: B3, J3, B20, B40
    let whole = try Self.amounts(database, "fluidmilk", "Whole")
    #expect(whole[1975] == 36188 && whole[1992] == 20196 && whole[2012] == 13853.700000000003)
    #expect(try Self.amounts(database, "fluidmilk", "Total 2")[1975] == 53308)
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.title == "Fluid beverage milk sales quantities by product")
    #expect(dataset.updated == "2024-08-29")
  }

  @Test func annualFactorsGroupedHeaderOfMergedCells() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([Self.workbook("annualmilkprodfactors")])
    let sections = try Self.sections(database, "annualmilkprodfactors")
    #expect(
      sections.map(\.title) == [
        "Milk cows and heifers that have calved", "Replacement heifers, 500+ lbs.",
        "Replacements per 100 cows", "Average number of milk cows in the U.S.", "Milk per cow",
        "Milk production", "Average price paid for milk", "Dairy ration value", "Milk-feed ratio",
        "Price", "Milk volume required to buy a cow", "Alfalfa hay price received by farmers",
        "Slaughter cow price",
      ])
    // Groups from captions merged across (B2:D2, K2:L2)
    let inventory = "January 1 inventory"
    #expect(
      sections.map(\.group) == [
        inventory, inventory, inventory, nil, nil, nil, nil, nil, nil, "Milk cow cost",
        "Milk cow cost", nil, nil,
      ])
    // Units from the unit row, one merged over three columns
    #expect(
      sections.map(\.unit) == [
        "thousand", "thousand", "thousand", "thousand", "pounds", "million pounds",
        "dollars per cwt", "dollars per cwt", nil, "dollars per head", "pounds",
        "dollars per ton", "dollars per cwt",
      ])
    // Precision from each column's format: `#,##0_);(#,##0)`, `0.0_)`, `0.00`, `#,##0`
    #expect(sections.map(\.decimals) == [0, 0, 1, 0, 0, 0, 2, 2, 2, 0, 0, 2, 2])
    // Numbered footnotes become the notes of the series that cite them
    #expect(sections.map { $0.notes != nil } == (0..<13).map { [6, 7, 8, 12].contains($0) })
    #expect(sections.allSatisfy { $0.observationCount == 39 && $0.years == 1980...2018 })
    let replacements = try Self.amounts(
      database, "annualmilkprodfactors", "January 1 inventory / Replace-ments per 100 cows")
    #expect(replacements[1980] == 38.65423583870908)
    let volume = try Self.amounts(
      database, "annualmilkprodfactors", "Milk cow cost / Milk volume required to buy a cow")
    #expect(volume[1980] == 9153.846153846154)
    // `Last update:` beside a date cell (format mm-dd-yy): an Excel serial, read as a date
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.updated == "2019-03-26")
    #expect(dataset.contact?.hasPrefix("Jerry Cessna, 202-691-5171") == true)
  }

  @Test func milkCowsFourSheetsThreeDatasets() throws {
    let database = try DairyDatabase.inMemory()
    let path = Self.workbook("milkcowsandprod")
    let summary = try database.importFiles([path])
    // Each sheet with data is a dataset; the contents sheet is skipped with a warning
    #expect(
      summary.datasets.map(\.name) == [
        "milkcowsandprod.milk-cows", "milkcowsandprod.milk-per-cow",
        "milkcowsandprod.milk-production",
      ])
    #expect(summary.datasets.map(\.sections) == [62, 62, 124])
    #expect(summary.datasets.map(\.observations) == [3338, 3338, 6676])
    #expect(summary.datasets.map(\.missing) == [10, 10, 20])
    #expect(
      summary.warnings == [
        "\(path): sheet 'Contents': skipped: no data block (no cell holds a number)"
      ])
    let cows = try Self.sections(database, "milkcowsandprod.milk-cows")
    #expect(cows.allSatisfy { $0.unit == "thousand head" && $0.decimals == 1 })
    #expect(cows.map(\.title).prefix(3) == ["Northeast", "Maine", "New Hampshire"])
    #expect(cows.last?.title == "United States")
    // A region's row whose amounts lie between 1700 and 2199 is data, not a row of years
    #expect(cows.contains { $0.title == "Corn Belt" && $0.observationCount == 54 })
    let wisconsin = try #require(cows.first { $0.title == "Wisconsin" })
    #expect(wisconsin.group == "Lake States")
    #expect(try Self.amounts(database, "milkcowsandprod.milk-cows", wisconsin.key)[1970] == 1814)
    // Alaska and Hawaii: NA from 2019
    #expect(cows.first { $0.title == "Alaska" }?.years == 1970...2018)
    // Years merged over two sub-columns: two series a state, each with its precision
    let production = try Self.sections(database, "milkcowsandprod.milk-production")
    #expect(production.map(\.decimals).prefix(4) == [0, 2, 0, 2])
    let michigan = production.filter { $0.key.hasPrefix("Lake States / Michigan") }
    #expect(michigan.count == 2)
    let share = try Self.amounts(database, "milkcowsandprod.milk-production", michigan[1].key)
    #expect(share[1970] == 3.9330980197765943)
    #expect(try database.read { try $0.datasets() }.allSatisfy { $0.updated == "2024-05-06" })
  }

  @Test func sheetPicksSheetsAndDatasetReplacesTheStem() throws {
    // Given --sheet twice (any case) and --dataset
    let database = try DairyDatabase.inMemory()
    var options = ImportOptions()
    options.sheets = ["milk per cow", "Milk cows"]
    options.dataset = "cows"
    let summary = try database.importFiles([Self.workbook("milkcowsandprod")], options: options)
    // Then those sheets, in the order named, each under the dataset plus its sheet's name
    #expect(summary.datasets.map(\.name) == ["cows.milk-per-cow", "cows.milk-cows"])
    #expect(summary.warnings.isEmpty)
  }

  @Test func anUnknownSheetIsAUsageErrorListingTheSheets() throws {
    let database = try DairyDatabase.inMemory()
    var options = ImportOptions()
    options.sheets = ["Milk"]
    let path = Self.workbook("milkcowsandprod")
    let error = try #require(TestSupport.importError([path], into: database, options: options))
    #expect(error.kind == .usage && error.exitCode == 64)
    #expect(
      error.description
        == "\(path): error: no sheet 'Milk'; its sheets are 'Contents', 'Milk cows', "
        + "'Milk per cow', 'Milk production'")
  }

  @Test func datasetSuffixesOfSheetNames() {
    func sheet(_ name: String, _ index: Int) -> WorkbookSheet {
      WorkbookSheet(name: name, index: index, state: .visible, kind: .worksheet, part: "p")
    }
    let names = ["Milk cows", "Milk-cows", "Farmers' prices", "Ølpriser 2023", "!!!"]
    let sheets = names.enumerated().map { sheet($1, $0) }
    #expect(
      WorkbookSheet.datasetSuffixes(sheets) == [
        ".milk-cows", ".milk-cows-2", ".farmers-prices", ".ølpriser-2023", ".sheet5",
      ])
    #expect(WorkbookSheet.datasetSuffixes([sheet("Only", 0)]) == [nil])
  }

  @Test func theSourceAsDocumented() throws {
    let path = Self.workbook("milkcowsandprod")
    let source = try XLSXSource(path: path)
    var suffixes: [String?] = []
    while let table = try source.nextTable() { suffixes.append(table.datasetSuffix) }
    #expect(suffixes == [".milk-cows", ".milk-per-cow", ".milk-production"])
    #expect(source.warnings.count == 1 && source.warnings[0].hasPrefix("\(path): sheet 'Contents'"))
  }

  @Test func dateCellsAreISOTextInBothDateSystems() {
    // Given 26 March 2019 as the serial of each date system, in a date format, and a number
    let date = NumberFormat(id: 14, code: "mm-dd-yy")
    for (serial, date1904) in [(43550.0, false), (42088.0, true)] {
      let sheetRow = SheetRow(
        number: 51,
        cells: [
          SheetCell(reference: CellReference("M51")!, value: .string("Last update:")),
          SheetCell(reference: CellReference("N51")!, value: .number(serial), format: date),
          SheetCell(
            reference: CellReference("O51")!, value: .number(2.5),
            format: NumberFormat(id: 2, code: "0.00")),
        ])
      // When it becomes a row of the import
      var row = TableRow()
      var formulas: [CellReference] = []
      #expect(row.fill(from: sheetRow, merges: [], date1904: date1904, formulas: &formulas))
      // Then columns A to L are empty, the date is ISO text, the number keeps its decimals
      #expect(row.count == 15 && (0..<12).allSatisfy { row.isEmpty(at: $0) })
      #expect(row.string(at: 13) == "2019-03-26")
      #expect(row.cells[14].value == .number(2.5, decimals: 2))
      #expect(formulas.isEmpty)
    }
  }

  @Test func aFormulaWithoutValueIsNamedAndARowOfNothingIsLeftOut() {
    let sheetRow = SheetRow(
      number: 14,
      cells: [
        SheetCell(reference: CellReference("C14")!, value: .empty, isFormulaWithoutValue: true)
      ])
    var row = TableRow()
    var formulas: [CellReference] = []
    #expect(!row.fill(from: sheetRow, merges: [], date1904: false, formulas: &formulas))
    #expect(formulas == [CellReference("C14")!] && row.count == 0)
  }

  @Test func mergedRangeCursorAsDocumented() {
    var cursor = MergedRangeCursor([CellRange("A2:A4")!, CellRange("B2:D2")!])
    #expect(cursor.move(to: 2).count == 2)
    #expect(cursor.move(to: 3) == [CellRange("A2:A4")!])
    #expect(cursor.move(to: 5).isEmpty)
  }
}
