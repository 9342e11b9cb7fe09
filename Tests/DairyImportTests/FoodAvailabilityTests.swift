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

/// ERS Food Availability tables imported: a small fixture for each of the family's conventions
/// (`Fixtures/food-availability/*.csv`, written by hand), and the family's real workbook
/// dyfluid.xls, converted to `dyfluid.xlsx` and saved as CSV by `convert-dyfluid.py` (dairy
/// refuses `.xls` itself).
@Suite("ERS Food Availability tables")
struct FoodAvailabilityTests {
  static func path(_ name: String) -> String { TestSupport.fixture("food-availability/" + name) }

  /// What a fixture imports as: the dataset's title, unit, source, update, notes and legend,
  /// and per section its title, group, unit and notes.
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var title: String?
    var unit: String? = nil
    var source: String? = nil
    var updated: String? = nil
    var notes: String? = nil
    var legend: [String] = []
    var sections: [(title: String, group: String?, unit: String?, notes: String?)]
    var testDescription: String { file }
  }

  static let fixtures: [Expected] = [
    // Dash rules around the units; `Million pounds` ruled over two groups (no merge in a CSV)
    Expected(
      file: "dash-rule-units.csv", title: "Cheese: Supply and use",
      source: "USDA, Economic Research Service.",
      sections: [
        ("Population", nil, "millions", nil),
        ("Production", "Supply", "million pounds", nil),
        ("Imports", "Supply", "million pounds", nil),
        ("Total", "Supply", "million pounds", nil),
        ("Exports", "Use", "million pounds", nil),
        ("Disappearance", "Use", "million pounds", nil),
        ("Per capita disappearance", nil, "pounds", nil),
      ]),
    // `1000` and `1,000,000` alone in unit cells are multipliers
    Expected(
      file: "multiplier-units.csv", title: "Milk production and factors affecting supply",
      sections: [
        ("Milk cows", nil, "thousand", nil),
        ("Milk per cow", nil, "pounds", nil),
        ("Milk production", nil, "million", nil),
      ]),
    // `Filename:` and `DYMFG` at the right of the title row; the title's unit after its comma
    Expected(
      file: "filename-label.csv", title: "Butter: Supply and disappearance, million pounds",
      unit: "million pounds", source: "USDA, Economic Research Service.",
      sections: [
        ("Production", nil, "million pounds", nil),
        ("Imports", nil, "million pounds", nil),
        ("Exports", nil, "million pounds", nil),
        ("Disappearance", nil, "million pounds", nil),
      ]),
    // Footnotes glued to a day and a word, defined in one paragraph; `Class 1` and `July 4`
    // keep their numbers
    Expected(
      file: "glued-footnotes.csv", title: "Dairy products: Supply and use",
      source: "USDA, Economic Research Service.", notes: "Totals are computed before rounding.",
      sections: [
        ("U.S. population, July 1", nil, nil, "Prior to 1930, population on January 1."),
        ("Class 1", nil, nil, nil),
        ("Nonfood use", nil, nil, "Includes feed use."),
        ("Lowfat, 1 percent", nil, nil, nil),
        ("Stocks, July 4", nil, nil, nil),
      ]),
    // `*` and `--` explained by legend lines
    Expected(
      file: "legend-markers.csv", title: "Eggnog and cream: Per capita availability, pounds",
      unit: "pounds",
      notes: "* = Eggnog was included as a cream product before 1954.\n-- = not applicable",
      legend: ["*: Eggnog was included as a cream product before 1954", "--: not applicable"],
      sections: [
        ("Eggnog", nil, "pounds", nil),
        ("Half and half", nil, "pounds", nil),
        ("Sour cream", nil, "pounds", nil),
      ]),
    // A subtotal within a group (`Total plain and flavored` after `Plain`) does not close it;
    // the total that names it does
    Expected(
      file: "subtotal-in-group.csv", title: "Fluid milk: Per capita availability, pounds",
      unit: "pounds",
      sections: [
        ("2 percent", "Lower fat and skim milk – Plain", "pounds", nil),
        ("1 percent", "Lower fat and skim milk – Plain", "pounds", nil),
        ("Flavored", "Lower fat and skim milk", "pounds", nil),
        (
          "Total plain and flavored", "Lower fat and skim milk", "pounds",
          "Weight reflects milk content of the product."
        ),
        ("Buttermilk", "Lower fat and skim milk", "pounds", nil),
        (
          "Total lower fat and skim milk", "Lower fat and skim milk", "pounds",
          "Weight reflects milk content of the product."
        ),
        ("Eggnog", "Other beverage milk", "pounds", nil),
        ("Miscellaneous", "Other beverage milk", "pounds", nil),
      ]),
    // The source's last sentence gives the update
    Expected(
      file: "source-updated.csv", title: "Yogurt: Per capita availability",
      source: "USDA, Economic Research Service based on data from various sources.",
      updated: "2020-11-01", sections: [("Yogurt", nil, nil, nil)]),
  ]

  @Test(arguments: fixtures)
  func eachConventionAsAPersonReadsIt(_ expected: Expected) throws {
    // Given a fixture of one convention, when it is imported
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path(expected.file)])
    // Then its sections and its dataset are what a person reads in it
    #expect(summary.warnings.isEmpty)
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.title) == expected.sections.map(\.title))
    #expect(sections.map(\.group) == expected.sections.map(\.group))
    #expect(sections.map(\.unit) == expected.sections.map(\.unit))
    #expect(sections.map(\.notes) == expected.sections.map(\.notes))
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.title == expected.title)
    #expect(dataset.source == expected.source && dataset.updated == expected.updated)
    #expect(dataset.notes == expected.notes)
    #expect(dataset.legend.map { "\($0.marker): \($0.meaning)" } == expected.legend)
    let inspection = ImportRun.inspect(Self.path(expected.file), options: ImportOptions())
    #expect(inspection.datasets.first?.unit == expected.unit)
  }

  @Test func legendMarkersMarkMissingCellsWithTheirMeaning() throws {
    // Given `*` (explained by a legend line only) and `--` cells
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("legend-markers.csv")])
    // Then both are missing cells, kept with their markers
    #expect(summary.missing == 4 && summary.observations == 5)
    let missing = try database.read { try $0.missingCells() }
    #expect(
      missing.map { "\($0.section) \($0.year) \($0.marker)" } == [
        "Eggnog 1952 *", "Eggnog 1953 *", "Sour cream 1952 --", "Sour cream 1953 --",
      ])
  }

  @Test func aStarWithoutItsLegendIsNotAValue() throws {
    // Given the same table without its legend lines
    let text = try String(contentsOfFile: Self.path("legend-markers.csv"), encoding: .utf8)
    let cut = text.components(separatedBy: "\r\n").prefix(5).joined(separator: "\r\n") + "\r\n"
    let file = try TestSupport.file("no-legend.csv", cut)
    // Then `*` is refused where it stands
    let database = try DairyDatabase.inMemory()
    #expect(throws: DairyError.self) { try database.importFiles([file]) }
    #expect(try database.read { try $0.sections() }.isEmpty)
  }

  @Test func inspectShowsHowFarARuledUnitReaches() throws {
    // Given the dash-rule fixture, a CSV file: no merged range says where a unit applies
    let inspection = ImportRun.inspect(Self.path("dash-rule-units.csv"), options: ImportOptions())
    let dataset = try #require(inspection.datasets.first)
    // Then `inspect` lists the ruled unit as it is read, over the columns its rules cross, and
    // says the span is guessed from where it stands
    let units = dataset.spans.filter { $0.kind == "unit" }
    #expect(units.map(\.caption) == ["million pounds"])
    #expect(units.map(\.columns) == [3...7])
    #expect(units.map(\.evidence) == [.startsSpan] && units.allSatisfy { !$0.evidence.isRead })
    // And in the workbook, the merged rule is read from its merge
    let sheet = try #require(
      ImportRun.inspect(Self.path("dyfluid.xlsx"), options: ImportOptions()).datasets.first)
    let merged = sheet.spans.filter { $0.kind == "unit" }
    #expect(merged.map(\.caption) == ["million pounds"] && merged.map(\.columns) == [3...21])
    #expect(merged.map(\.evidence) == [.merge])
  }

  @Test func multipliersAreReadAsUnitsNotData() throws {
    let inspection = ImportRun.inspect(Self.path("multiplier-units.csv"), options: ImportOptions())
    let dataset = try #require(inspection.datasets.first)
    #expect(dataset.blocks.map(\.role) == [.title, .header, .unit, .data])
  }

  // MARK: - dyfluid.xls, converted

  /// The titles of dyfluid's 20 series, the same on each sheet.
  static let titles = [
    "U.S. population, July 1", "Consumed where produced", "Sales",
    "Total plain (Whole milk – Plain)", "Flavored", "Total plain and flavored (Whole milk)",
    "2 percent", "1 percent", "Total plain (Lower fat and skim milk – Plain)",
    "Flavored, other than whole", "Total plain and flavored (Lower fat and skim milk)",
    "Buttermilk", "Skim milk", "Skim milk and buttermilk consumed where produced",
    "Total lower fat and skim milk", "Eggnog", "Miscellaneous", "Total other beverage milk",
    "Total beverage fluid milk sales", "Total beverage fluid milk availability",
  ]

  /// Their groups: the three-level header's upper captions, merged across in sheet
  /// `Fluidmilk`, centred across the selection (no merge) for `Whole milk` and each `Plain`
  /// elsewhere, spread over the empty cells after them in the CSV exports.
  static let groups: [String?] = {
    let whole = "Whole milk"
    let lower = "Lower fat and skim milk"
    let other = "Other beverage milk"
    return [nil] + Array(repeating: whole + " – Plain", count: 3) + [whole, whole]
      + Array(repeating: lower + " – Plain", count: 3) + Array(repeating: lower, count: 6)
      + [other, other, other, nil, nil]
  }()

  /// Their footnotes: `July 11`, `Flavored2`, `Eggnog3`, `sales3`…
  static let footnotes: [[Int]] = [
    [1], [], [], [], [2], [2], [], [], [], [2], [2], [], [], [], [2], [3], [], [3], [3], [3],
  ]

  /// (sheet's dataset, title, unit of the columns after the population, the sheet's notes).
  static let sheets: [(String, String, String, String)] = [
    (
      "dyfluid.fluidmilk", "Fluid milk: Total availability, million pounds", "million pounds",
      "NA = Not available\n* = Eggnog was included as a cream product before 1954."
    ),
    (
      "dyfluid.fluidmilkpcclb", "Fluid milk: Per capita availability, pounds", "pounds",
      "NA = Not available.\n* = Eggnog was included as a cream product before 1954."
    ),
    (
      "dyfluid.fluidmilkpccgal", "Fluid milk: Per capita availability, gallons", "gallons",
      "NA = Not available.\n* = Eggnog was included as a cream product before 1954."
    ),
    (
      "dyfluid.fluidmilk-butterfat", "Fluid milk: Butterfat content, percent", "percent",
      "NA = Not available.\n"
        + "To calculate the butterfat percentages for totals, weighted averages were used."
    ),
    (
      "dyfluid.fluidmilk-butterfatpcclbs",
      "Fluid milk: Per capita butterfat availability, pounds", "pounds", "NA = Not available."
    ),
  ]

  static let source =
    "USDA, Economic Research Service based on data from various sources as documented on the "
    + "Food Availability Data System home page."

  /// The footnote texts of each sheet: the per capita and butterfat sheets word 2 and 3 as
  /// "Reflects" or "Weight reflects".
  static func footnoteTexts(weight: Bool) -> [Int: String] {
    let reflects = weight ? "Weight reflects" : "Reflects"
    return [
      1: "Resident population.",
      2: reflects + " milk content of the product. It does not include added sweeteners, "
        + "flavorings, or other ingredients.",
      3: reflects + " milk content of the product. It does not include added sweeteners, "
        + "flavorings, egg yolks, or other ingredients.",
    ]
  }

  @Test func dyfluidWorkbookEverySheetAsAPersonReadsIt() throws {
    // Given dyfluid.xls as .xlsx: a table of contents and five sheets of one layout
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("dyfluid.xlsx")])
    // Then the five tables are datasets; the table of contents is skipped with a warning, and
    // the butterfat sheet's unlabelled note is kept with one
    #expect(summary.datasets.map(\.name) == Self.sheets.map(\.0))
    #expect(
      summary.warnings.map { $0.replacingOccurrences(of: Self.path("") + "/", with: "") }
        == [
          "dyfluid.xlsx: sheet 'Fluidmilk-Butterfat', cell A120: a notes line dairy does not "
            + "understand; kept as a dataset note",
          "dyfluid.xlsx: sheet 'TableOfContents': skipped: no data block (no cell holds a number)",
        ].sorted())
    let datasets = try database.read { try $0.datasets() }
    for (name, title, unit, notes) in Self.sheets {
      let sections = try WorkbookImportTests.sections(database, name)
      #expect(sections.map(\.title) == Self.titles, "\(name)")
      #expect(sections.map(\.group) == Self.groups, "\(name)")
      #expect(sections.map(\.unit) == ["millions"] + Array(repeating: unit, count: 19), "\(name)")
      let texts = Self.footnoteTexts(
        weight: !name.hasSuffix("pccgal") && !name.hasSuffix("-butterfat"))
      #expect(
        sections.map(\.notes)
          == Self.footnotes.map { $0.isEmpty ? nil : $0.compactMap { texts[$0] }.joined() },
        "\(name)")
      let dataset = try #require(datasets.first { $0.name == name })
      #expect(dataset.title == title && dataset.source == Self.source)
      #expect(dataset.updated == "2020-11-01" && dataset.notes == notes, "\(name)")
      #expect(dataset.legend.map(\.marker) == (notes.contains("* =") ? ["NA", "*"] : ["NA"]))
      #expect(!(dataset.title ?? "").contains("DYFLUID"))
    }
    // Values as stored: B8, C8, U118 of Fluidmilk; C8 of FluidmilkPccLb
    let total = "dyfluid.fluidmilk"
    #expect(
      try WorkbookImportTests.amounts(database, total, "U.S. population, July 11")[1909] == 90.49)
    #expect(
      try WorkbookImportTests.amounts(
        database, total, "Whole milk / Plain / Consumed where produced")[1909]
        == 9643)
    #expect(
      try WorkbookImportTests.amounts(database, total, "Total beverage fluid milk availability3")[
        2019]
        == 46510.90000000001)
    #expect(
      try WorkbookImportTests.amounts(
        database, "dyfluid.fluidmilkpcclb", "Whole milk / Plain / Consumed where produced")[1909]
        == 106.5642612443364)
    // Missing cells keep their markers: `*` (eggnog before 1954) and `NA`
    let missing = try database.read { try $0.missingCells() }.filter { $0.dataset == total }
    let eggnog = missing.filter { $0.section == "Other beverage milk / Eggnog3" }
    #expect(eggnog.count == 45 && eggnog.allSatisfy { $0.marker == "*" })
    #expect(eggnog.map(\.year).min() == 1909 && eggnog.map(\.year).max() == 1953)
    #expect(
      missing.filter { $0.section == "Lower fat and skim milk / Plain / 2 percent" }.map(\.marker)
        == Array(repeating: "NA", count: 41))
  }

  @Test func dyfluidSavedAsCSVReadsAsTheSheet() throws {
    // Given sheet Fluidmilk saved as CSV: no merged range, captions over lines in quotes,
    // numbers as shown (`9,643`, `90.490`)
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([Self.path("dyfluid-Fluidmilk.csv")])
    #expect(summary.warnings.isEmpty && summary.missing == 375)
    // Then it reads as the sheet: the dash rule reaches across the groups it is drawn over
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.title) == Self.titles)
    #expect(sections.map(\.group) == Self.groups)
    #expect(sections.map(\.unit) == ["millions"] + Array(repeating: "million pounds", count: 19))
    let rows = try TestSupport.contents(database)
    #expect(rows["U.S. population, July 11"]?[1909] == 90.49)
    #expect(rows["Whole milk / Plain / Consumed where produced"]?[1909] == 9643)
    #expect(rows["Total beverage fluid milk availability3"]?[2019] == 46511)
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.title == "Fluid milk: Total availability, million pounds")
    #expect(dataset.source == Self.source && dataset.updated == "2020-11-01")
  }

  @Test(arguments: ["FluidmilkPccLb", "FluidmilkPccGal", "Fluidmilk-Butterfat"])
  func everyExportReadsAsItsSheet(_ sheet: String) throws {
    // Given another sheet saved as CSV, and the workbook
    let csv = try DairyDatabase.inMemory()
    _ = try csv.importFiles([Self.path("dyfluid-\(sheet).csv")])
    let workbook = try DairyDatabase.inMemory()
    _ = try workbook.importFiles([Self.path("dyfluid.xlsx")])
    // Then both give the same sections
    let name = "dyfluid." + sheet.lowercased()
    let fromCSV = try csv.read { try $0.sections() }
    let fromSheet = try WorkbookImportTests.sections(workbook, name)
    // (but for the link to the file each came from)
    let fields = { (section: SectionInfo) in
      var fields = section.fields
      fields.link = nil
      return fields
    }
    #expect(fromCSV.map(fields) == fromSheet.map(fields))
    #expect(fromCSV.map(\.observationCount) == fromSheet.map(\.observationCount))
  }
}
