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

/// The header fixtures (`Fixtures/headers/`, written by its `make-fixtures.py`): ERS-shaped
/// tables whose captions are stacked and centred over their columns without merged cells,
/// imported from the workbook and from its CSV export alike, with every section's title, group
/// and unit, and a few values.
@Suite("Stacked and centred headers")
struct HeaderFixtureTests {
  static func path(_ name: String) -> String { TestSupport.fixture("headers/" + name) }

  /// (title, group) of each section of the per-capita table, in column order.
  static let perCapita: [(String, String?)] = [
    ("Fluid Milk", nil), ("Yogurt", nil), ("Butter", nil), ("American", "Cheese"),
    ("Other (Cheese)", "Cheese"), ("Cottage cheese", nil), ("Ice cream", "Frozen dairy products"),
    ("Lowfat ice cream", "Frozen dairy products"), ("Sherbet", "Frozen dairy products"),
    ("Other (Frozen dairy products)", "Frozen dairy products"),
    ("Canned whole milk", "Evaporated and condensed milk"),
    ("Bulk whole milk", "Evaporated and condensed milk"),
    ("Skim milk", "Evaporated and condensed milk"), ("Dry whole milk", "Dry milk products"),
    ("Nonfat dry milk", "Dry milk products"), ("Dry buttermilk", "Dry milk products"),
    ("Dry whey", "Dry milk products"), ("All dairy products, milk-equivalent, milkfat basis", nil),
  ]

  @Test(arguments: ["percapita-stacked.csv", "percapita-stacked.xlsx"])
  func aSixRowStackedHeaderWithoutMergesReadsAsAPersonReadsIt(file: String) throws {
    // Given the per-capita table: six header rows, no merges, captions centred in one cell,
    // leaves over two or three rows, spacer columns, one unit centred in one column
    let database = try DairyDatabase.inMemory()
    // When it is imported
    let summary = try database.importFiles([Self.path(file)])
    // Then each column is the series a person reads, in its group, every one in pounds
    #expect(summary.observations == 18 * 4 && summary.missing == 0)
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.title) == Self.perCapita.map(\.0))
    #expect(sections.map(\.group) == Self.perCapita.map(\.1))
    #expect(sections.allSatisfy { $0.unit == "Pounds" && $0.years == 2019...2022 })
    // And the footnote of `Milk 2/` is Fluid milk's note; the title's is the dataset's
    #expect(sections[0].notes == "Plain and flavored.")
    #expect(sections.dropFirst().allSatisfy { $0.notes == nil })
    let dataset = try database.read { try $0.datasets() }[0]
    #expect(
      dataset.facts.title
        == "Table 1--Dairy products: Per capita consumption, United States, 2019-2022")
    #expect(dataset.facts.notes?.hasPrefix("Per capita figures are disappearance") == true)
    // And the values are the columns' own: Dry whey 2022, All dairy products 2019
    let rows = try TestSupport.contents(database)
    #expect(rows["Dry milk products / Dry whey"]?[2022] == 2.5)
    #expect(rows["All dairy products, milk- equivalent, milkfat basis"]?[2019] == 646)
    #expect(rows["Fluid Milk 2\\/"]?[2020] == 139.1)
  }

  /// (title, group) of each section of every sheet of the cheese table.
  static let cheeses: [(String, String?)] =
    [("Cheddar", "American"), ("Colby", "American"), ("Other American", "American")]
    + ["Provolone", "Romano", "Parmesan", "Mozzarella", "Ricotta", "Other Italian"].map {
      ($0, "Italian")
    }
    + ["Swiss", "Brick", "Muenster", "Blue", "Other miscellaneous"].map { ($0, "Miscellaneous") }
    + [("Total cheese", nil)]

  @Test func groupCaptionsReadTheSameMergedCentredAcrossOrCentredInACell() throws {
    // Given a workbook of three sheets, one table captioned three ways
    let database = try DairyDatabase.inMemory()
    // When it is imported
    _ = try database.importFiles([Self.path("cheese-by-type.xlsx")])
    // Then every sheet gives the same sections in the same groups
    let sections = try database.read { try $0.sections() }
    for sheet in ["centred-in-a-cell", "merged", "centred-across"] {
      let ofSheet = sections.filter { $0.dataset == "cheese-by-type." + sheet }
      #expect(ofSheet.map(\.title) == Self.cheeses.map(\.0), "\(sheet)")
      #expect(ofSheet.map(\.group) == Self.cheeses.map(\.1), "\(sheet)")
    }
  }

  @Test func inspectSaysWhereASpanWasGuessed() throws {
    // Given the cheese table's sheets, when each is inspected
    let inspection = ImportRun.inspect(Self.path("cheese-by-type.xlsx"), options: ImportOptions())
    let spans = Dictionary(
      uniqueKeysWithValues: inspection.datasets.map { ($0.sheet ?? "", $0.spans) })
    // Then a merge and a centring across the selection are read; a caption centred in its cell
    // is a guess
    #expect(spans["Merged"]?.map(\.evidence) == [.merge, .merge, .merge])
    #expect(
      spans["Centred across"]?.map(\.evidence)
        == [.centreAcrossSelection, .centreAcrossSelection, .centreAcrossSelection])
    #expect(spans["Centred in a cell"]?.map(\.evidence) == [.centred, .centred, .centred])
    #expect(spans["Centred in a cell"]?.map(\.columns) == [2...4, 5...10, 11...15])
    #expect(spans["Centred in a cell"]?.map(\.cell) == ["C3", "H3", "M3"])
  }

  @Test(arguments: ["undecided-span.csv", "undecided-span.xlsx"])
  func aSpanTheEvidenceDoesNotDecideIsWarnedOf(file: String) throws {
    // Given two captions centred in one cell each, over columns they may split two ways
    let inspection = ImportRun.inspect(Self.path(file), options: ImportOptions())
    let dataset = try #require(inspection.datasets.first)
    // Then both are marked undecided, and each gets a warning naming its cell
    #expect(dataset.spans.map(\.undecided) == [true, true])
    #expect(dataset.warnings.count == 2)
    #expect(dataset.warnings.allSatisfy { $0.contains("a guess") })
    // And the text output says so under the series
    let text = InspectTableRenderer.render([inspection], in: Viewport(width: 200, height: 24))
    #expect(text.contains { $0.contains("undecided: other columns fit as well") })
  }

  @Test func aCaptionThatIsOnlyAFootnoteMarkerIsItsOwnTitle() throws {
    // Given a column captioned `1/` alone, the notes saying what it is
    let path = try TestSupport.file(
      "marker-caption.csv",
      "\"Milk by class (million pounds)\"\n\nYear,Class I,Class II,1/,Total\n2020,10,11,12,33\n"
        + "2021,10,11,12,33\n\n1/ Classes III and IV.\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then its title is the marker as written, and its notes the footnote
    let section = try #require(try database.read { try $0.sections() }.first { $0.key == "1\\/" })
    #expect(section.title == "1/" && section.notes == "Classes III and IV.")
  }

  @Test(arguments: ["totals-close-groups.csv", "totals-close-groups.xlsx"])
  func aTotalColumnClosesItsGroup(file: String) throws {
    // Given Butter and Cheese centred over Production, Imports and Total supply, then Stocks,
    // with no spacer columns
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([Self.path(file)])
    // Then each Total closes its group, and Stocks stands alone
    let sections = try database.read { try $0.sections() }
    #expect(
      sections.map(\.group) == ["Butter", "Butter", "Butter", "Cheese", "Cheese", "Cheese", nil])
    #expect(sections.last?.title == "Stocks")
  }
}
