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

/// `dairy inspect` on the USDA workbooks (`Fixtures/xlsx/`, copies of
/// `../shared/data/usda-published/`) names each dataset's sheet, says where a series is in the
/// sheet's own words (`column C`, `row 4`), and shows the workbook's own warnings (a skipped
/// sheet) once, after its datasets; a CSV file is described as before (`col 3`, `line 4`).
@Suite("Inspecting workbooks")
struct InspectSheetTests {
  /// The inspection of fixture `path`, named by its file name alone (in its warnings too), as
  /// `dairy inspect FILE` run in the fixture's folder names it.
  static func inspection(_ path: String) -> Inspection {
    let full = TestSupport.fixture(path)
    let folder = URL(fileURLWithPath: full).deletingLastPathComponent().path + "/"
    func local(_ text: String) -> String { text.replacingOccurrences(of: folder, with: "") }
    var inspection = ImportRun.inspect(full, options: ImportOptions())
    inspection.file = local(inspection.file)
    inspection.warnings = inspection.warnings.map(local)
    for index in inspection.datasets.indices {
      inspection.datasets[index].warnings = inspection.datasets[index].warnings.map(local)
    }
    return inspection
  }

  /// The table `dairy inspect` prints for fixture `path`, colour off.
  static func table(_ path: String, width: Int = 80) -> [String] {
    InspectTableRenderer.render([inspection(path)], in: Viewport(width: width, color: false))
  }

  /// The first cell of each series line of `lines` (the "where" column), in order.
  static func places(_ lines: [String]) -> [String] {
    lines.filter {
      $0.hasPrefix("  column ") || $0.hasPrefix("  row ") || $0.hasPrefix("  col ")
        || $0.hasPrefix("  line ")
    }.map { line in
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      return "\(words[0]) \(words[1])"
    }
  }

  @Test func aOneSheetWorkbookNamesItsSheetAndColumnLetters() {
    // Given fluidmilk.xlsx (one sheet, years down), when it is inspected at 80 columns
    let lines = Self.table("xlsx/fluidmilk.xlsx")
    // Then its heading names the sheet, and its series are in columns B to J
    #expect(
      lines.first == "fluidmilk.xlsx: sheet 'fluidmilk', dataset fluidmilk, report (years down)")
    #expect(
      Self.places(lines) == [
        "column B", "column C", "column D", "column E", "column F", "column G", "column H",
        "column I", "column J",
      ])
    #expect(
      lines.contains(
        "  column B  Whole                   million of po…      1975–2023    49        0"))
    // And it has no warnings of its own: nothing follows its footnotes
    #expect(lines.last == "    2  Total includes miscellaneous fluid milk products since 2000.")
  }

  @Test func aWorkbookOfSeveralSheetsNamesEachAndItsRows() {
    // Given milkcowsandprod.xlsx (a contents sheet, then three sheets of years across)
    let lines = Self.table("xlsx/milkcowsandprod.xlsx")
    // When it is inspected at 80 columns, then each dataset's heading names its sheet, broken
    // before the part that does not fit
    let headings = lines.indices.filter { lines[$0].hasPrefix("milkcowsandprod.xlsx") }
      .map { [lines[$0], lines[$0 + 1]] }
    #expect(
      headings == [
        [
          "milkcowsandprod.xlsx: sheet 'Milk cows', dataset milkcowsandprod.milk-cows,",
          "    report (years across)",
        ],
        [
          "milkcowsandprod.xlsx: sheet 'Milk per cow',",
          "    dataset milkcowsandprod.milk-per-cow, report (years across)",
        ],
        [
          "milkcowsandprod.xlsx: sheet 'Milk production',",
          "    dataset milkcowsandprod.milk-production, report (years across)",
        ],
        ["milkcowsandprod.xlsx", "  warnings"],
      ])
    // And the series are in the sheet's rows: Northeast in row 4, Maine in row 5, Lake States
    // after the blank row 16
    let perCow = lines.firstIndex { $0.hasPrefix("milkcowsandprod.xlsx: sheet 'Milk per cow'") }
    let cows = Self.places(Array(lines[..<(perCow ?? 0)]))
    #expect(Array(cows.prefix(14)) == (4...15).map { "row \($0)" } + ["row 17", "row 18"])
    #expect(
      lines.contains(
        "  row 4   Northeast                       thousand he…  1970–2023    54        0"))
    #expect(
      lines.contains(
        "  row 5   Maine            Northeast      thousand he…  1970–2023    54        0"))
  }

  @Test func theSkippedContentsSheetIsWarnedOfOnceAfterTheDatasets() {
    // Given milkcowsandprod.xlsx, whose 'Contents' sheet holds no number
    let inspection = Self.inspection("xlsx/milkcowsandprod.xlsx")
    let warning =
      "milkcowsandprod.xlsx: sheet 'Contents': skipped: no data block (no cell holds a number)"
    // When it is inspected, then the file's warnings are the skipped sheet, and no dataset has it
    #expect(inspection.warnings == [warning])
    #expect(inspection.datasets.allSatisfy { !$0.warnings.contains(warning) })
    // And the table ends with the file's warnings block, wrapped under it
    let lines = Self.table("xlsx/milkcowsandprod.xlsx")
    #expect(
      Array(lines.suffix(5)) == [
        "",
        "milkcowsandprod.xlsx",
        "  warnings",
        "    milkcowsandprod.xlsx: sheet 'Contents': skipped: no data block (no cell",
        "    holds a number)",
      ])
  }

  @Test func theJSONNamesTheSheetsAndTheFilesWarnings() throws {
    // Given milkcowsandprod.xlsx and a CSV file, when they are inspected as JSON
    let json = InspectJSON.render([
      Self.inspection("xlsx/milkcowsandprod.xlsx"),
      Self.inspection("usda-published/annualmilkprodfactors.csv"),
    ])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    let workbook = try #require(files[0]["datasets"] as? [[String: Any]])
    let csv = try #require(files[1]["datasets"] as? [[String: Any]])
    // Then each dataset of the workbook has its sheet, the CSV file's a null one
    #expect(
      workbook.map { $0["sheet"] as? String } == ["Milk cows", "Milk per cow", "Milk production"])
    #expect(
      workbook.map { $0["name"] as? String } == [
        "milkcowsandprod.milk-cows", "milkcowsandprod.milk-per-cow",
        "milkcowsandprod.milk-production",
      ])
    #expect(csv.count == 1 && csv[0]["sheet"] is NSNull)
    // And the workbook's warnings are its skipped sheet; the CSV file's, none (its footnote
    // warnings are its dataset's)
    #expect(
      files[0]["warnings"] as? [String] == [
        "milkcowsandprod.xlsx: sheet 'Contents': skipped: no data block (no cell holds a number)"
      ])
    #expect(files[1]["warnings"] as? [String] == [])
    #expect((csv[0]["warnings"] as? [String])?.count == 5)
  }

  @Test func aCSVFileStillSaysColumnsAndLines() {
    // Given the two USDA CSV exports, when they are inspected
    let down = Self.table("usda-published/annualmilkprodfactors.csv", width: 90)
    let across = Self.table("usda-published/milk_prod.csv", width: 90)
    // Then their headings name no sheet, and their series are at columns and lines
    #expect(
      down.first
        == "annualmilkprodfactors.csv: dataset annualmilkprodfactors, report (years down)")
    #expect(Self.places(down) == (2...14).map { "col \($0)" })
    #expect(
      down.contains(
        "  col 10  Milk-feed ratio                                   3   1980–2022    43        0"
      ))
    #expect(across.first == "milk_prod.csv: dataset milk_prod, report (years across)")
    #expect(Array(Self.places(across).prefix(4)) == ["line 5", "line 5", "line 6", "line 6"])
    // And no file warnings block follows their datasets
    #expect(!down.contains("annualmilkprodfactors.csv") && !across.contains("milk_prod.csv"))
  }

  @Test func aHeadingTooWideForOneLineBreaksBetweenItsParts() {
    // Given a dataset of a sheet, and a width too narrow for its heading
    var inspection = Inspection(file: "book.xlsx")
    inspection.datasets = [
      Inspection.Dataset(
        sheet: "Milk\u{1B}[2J", name: "book.milk", layout: "report (years down)",
        facts: DatasetFacts(), unit: nil, blocks: [], series: [], footnotes: [], warnings: [],
        invalidCells: [], invalidCount: 0)
    ]
    // When its heading is made, then it breaks before the parts that do not fit, the names
    // escaped, and a part too wide on its own is cut
    let dataset = inspection.datasets[0]
    #expect(
      InspectTableRenderer.heading(dataset, of: inspection, width: 100) == [
        "book.xlsx: sheet 'Milk\\e[2J', dataset book.milk, report (years down)"
      ])
    #expect(
      InspectTableRenderer.heading(dataset, of: inspection, width: 40) == [
        "book.xlsx: sheet 'Milk\\e[2J',", "    dataset book.milk,", "    report (years down)",
      ])
    #expect(
      InspectTableRenderer.heading(dataset, of: inspection, width: 20) == [
        "book.xlsx:", "    sheet 'Milk\\e[2…", "    dataset book.mi…", "    report (years d…",
      ])
  }
}
