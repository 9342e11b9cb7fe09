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

/// NASS's and the Census of Agriculture's markers in every reader (issue 25, rule 4): `(D)`,
/// `(Z)`, `(NA)`, `(X)`, `(S)`, and `(H)`/`(L)` in a CV column, with or without spaces or quotes
/// around them; each a missing cell with its meaning, the file's legend first, else NASS's; and
/// `-` that the legend says represents zero, the number 0 with its marker noted.
@Suite("NASS markers")
struct NASSMarkerTests {
  static let report = TestSupport.fixtures.appendingPathComponent("report")

  // MARK: - Fields

  /// A field as a file writes it, and the marker it is read as (nil: not a missing cell).
  static let fields: [(String, String?)] = [
    ("(D)", "(D)"), (" (D)", "(D)"), ("(D) ", "(D)"), ("\t(D)\t", "(D)"),
    ("\"(NA)\"", "(NA)"), (" \"(D)\" ", "(D)"), ("(Z)", "(Z)"), ("(X)", "(X)"), ("(S)", "(S)"),
    ("(NA)", "(NA)"), ("-", "-"), ("", ""),
    // As NASS writes them, in capitals; a CV column's markers are no value's
    ("(d)", nil), ("(H)", nil), ("(L)", nil), ("(DD)", nil), ("\"(D)", nil),
  ]

  @Test(arguments: fields)
  func aFieldReadsAsItsMarker(field: String, marker: String?) {
    let numbers = NumberParser()
    let amount = numbers.amount(Array(field.utf8))
    if let marker {
      #expect(amount == .missing)
      #expect(numbers.missingMarker(Array(field.utf8)) == marker)
    } else {
      #expect(amount != .missing)
    }
  }

  @Test(arguments: ["(H)", " (L)", "\"(H)\"", "(D)", "(NA)"])
  func aCoefficientOfVariationColumnReadsHAndL(field: String) {
    let numbers = NumberParser().readingCoefficientsOfVariation()
    #expect(numbers.amount(Array(field.utf8)) == .missing)
    #expect(numbers.amount(Array("27.7".utf8)) == .value(27.7, decimals: 1))
  }

  @Test func everyMarkerHasNASSMeaning() {
    #expect(
      NASSMarker.allCases.map(\.rawValue) == ["(D)", "(Z)", "(NA)", "(X)", "(S)", "(H)", "(L)"])
    #expect(NASSMarker.allCases.allSatisfy { !$0.meaning.isEmpty })
    #expect(
      NASSMarker.valueMarkers.map(\.rawValue).allSatisfy(
        NumberParser.standardMissingMarkers.contains))
  }

  // MARK: - Legends

  /// A notes line, and the legend entries it gives (nil: not a legend).
  static let legendLines: [(String, [String]?)] = [
    ("(NA) Not available.", ["(NA): Not available"]),
    ("- Represents zero.", ["-: Represents zero"]),
    (
      "(D) Withheld to avoid disclosing data for individual farms. (Z) Less than half of the unit "
        + "shown.",
      [
        "(D): Withheld to avoid disclosing data for individual farms",
        "(Z): Less than half of the unit shown",
      ]
    ),
    ("NA = not available; (D) = withheld", ["NA: not available", "(D): withheld"]),
    ("-- = not applicable", ["--: not applicable"]),
    // A dash without `=` is a list's item unless it says zero
    ("- Data for 2020 are preliminary.", nil),
    ("Note: (D) withheld.", nil),
    ("(D)", nil),
  ]

  @Test(arguments: legendLines)
  func aLegendLineGivesItsEntries(line: String, entries: [String]?) {
    #expect(NotesBlock.legend(line)?.map { "\($0.marker): \($0.meaning)" } == entries)
  }

  @Test(arguments: [
    ("Represents zero.", true), ("zero", true), ("Nil", true), ("= 0", false),
    ("Less than half of the unit shown", false), ("Rounds to zero", false),
  ])
  func aMeaningMayBeZero(meaning: String, zero: Bool) {
    #expect(NotesBlock.meansZero(meaning) == zero)
  }

  @Test func aLegendGivesTheParserItsMarkersAndZeros() throws {
    let legend =
      try #require(NotesBlock.legend("- Represents zero."))
      + (try #require(NotesBlock.legend("(W) Less than 500 pounds.")))
    let numbers = NumberParser().reading(legend: legend)
    #expect(numbers.zeroMarkers == ["-"])
    #expect(numbers.amount(Array("(W)".utf8)) == .missing)
    #expect(NumberParser().amount(Array("(W)".utf8)) != .missing)
  }

  // MARK: - Importing

  @Test func theFileLegendWinsAndNASSMeaningsFillTheRest() throws {
    // Given a Census table with `(D)`, `(Z)`, `(NA)` (quoted twice), `(S)`, `(X)` and `-`, and
    // a legend for `-`, `(D)`, `(Z)` and `(NA)`
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([
      Self.report.appendingPathComponent("census-markers-legend.csv").path
    ])
    // Then each marker is a missing cell, but `-`, which is the number 0, marked
    #expect(summary.observations == 6 && summary.missing == 6)
    let missing = try database.read { try $0.missingCells() }
    #expect(
      missing.map { "\($0.section) \($0.year) \($0.marker)" } == [
        "Alaska 2007 (D)", "Alaska 2012 (D)", "Arizona 2012 (NA)", "Arizona 2017 (S)",
        "Delaware 2007 (Z)", "Rhode Island 2017 (X)",
      ])
    let sections = try database.read { try $0.sections() }
    let marks = try database.read { snapshot in
      try sections.map { try snapshot.marks(of: $0.id).sorted { $0.key < $1.key } }
    }
    #expect(
      marks.map { $0.map { "\($0.key) \($0.value)" } } == [
        [], [], ["2017 -"], ["2007 -", "2012 -"],
      ])
    let rhodeIsland = try database.read { try $0.observations(of: sections[3].id) }
    #expect(rhodeIsland.map(\.amount) == [0, 0])
    // And the legend is the file's, then NASS's for the markers it does not define
    let legend = try #require(try database.read { try $0.datasets() }.first).legend
    #expect(
      legend.map { "\($0.marker): \($0.meaning)" } == [
        "-: Represents zero", "(D): Withheld to avoid disclosing data for individual farms",
        "(Z): Less than half of the unit shown", "(NA): Not available",
        "(X): not applicable", "(S): insufficient number of reports to establish an estimate",
      ])
  }

  @Test func aDashIsMissingWithoutALegendThatSaysZero() throws {
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([
      Self.report.appendingPathComponent("dash-without-zero-legend.csv").path
    ])
    #expect(summary.observations == 2 && summary.missing == 4)
    let missing = try database.read { try $0.missingCells() }
    #expect(missing.map(\.marker) == ["-", "-", "(D)", "-"])
    let sections = try database.read { try $0.sections() }
    #expect(
      try database.read { snapshot in
        try sections.allSatisfy { try snapshot.marks(of: $0.id).isEmpty }
      })
  }

  @Test func aPlainFileGetsNASSMeanings() throws {
    // Given a tidy wide file (no legend, no notes) with Quick Stats' ` (D)`
    let path = try TestSupport.file(
      "sales.csv", "year,Alabama,Alaska\n2012,\" (D)\",5\n2017,16976000,\"(Z)\"\n2018,1,2\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then the dataset's legend says what each marker means
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(
      dataset.legend.map(\.marker) == ["(D)", "(Z)"]
        && dataset.legend[0].meaning == NASSMarker.withheld.meaning)
    #expect(dataset.notes == nil && dataset.link == "sales.csv")
  }

  @Test func aLongFileRoutedToDatasetsKeepsItsSidecarAndGetsMeanings() throws {
    // Given a long file whose `dataset` column names the datasets, with a sidecar's title
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("routed.csv").path
    try Data("dataset,state,year,value\ncensus,Alaska,2017, (D)\ncensus,Ohio,2017,3\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    try Data(#"{"title": "Census sales", "series": {}}"#.utf8)
      .write(to: folder.appendingPathComponent("routed.metadata.json"))
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let dataset = try #require(try database.read { try $0.datasets() }.first)
    #expect(dataset.name == "census" && dataset.title == "Census sales")
    #expect(dataset.legend.map(\.marker) == ["(D)"])
  }

  @Test func aWorkbookSheetReadsMarkersAndItsLegend() throws {
    // Given a sheet whose text cells hold ` (D)`, `"(NA)"` and `-`, with NASS's legend under it
    let path = try HostileWorkbook.file(
      "census.xlsx",
      tables: [
        (
          "Farms",
          [
            ["Milk cows: farms by State"], ["Year", "Alaska", "Ohio"],
            ["2012", " (D)", "\"(NA)\""], ["2017", "-", "12"], ["-  Represents zero."],
          ]
        )
      ])
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])
    #expect(summary.observations == 2 && summary.missing == 2)
    let missing = try database.read { try $0.missingCells() }
    #expect(
      missing.map { "\($0.section) \($0.year) \($0.marker)" } == [
        "Alaska 2012 (D)", "Ohio 2012 (NA)",
      ])
    let alaska = try #require(try database.read { try $0.sections() }.first)
    #expect(try database.read { try $0.marks(of: alaska.id) } == [2017: "-"])
  }

  // MARK: - Showing and exporting

  @Test func showPrintsMarksAndGapsAtEitherEnd() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([
      Self.report.appendingPathComponent("census-markers-legend.csv").path
    ])
    let page = try database.page(PageRequest(pageSize: 50))
    let content = PageRenderer.Content(
      parts: page.parts, footer: LoadMoreFooterView(state: .hidden, loaded: 6, total: 6),
      emptyMessage: "")
    let lines = PageRenderer.render(content, in: Viewport(width: 80, height: 60))
    // A series whose first years are withheld says so before its first value, and one whose
    // last year is not applicable after its last; a zero written `-` shows its marker
    let alaska = try #require(lines.firstIndex { $0.hasPrefix("Alaska") })
    #expect(
      Array(lines[alaska + 1...alaska + 3]) == [
        "  2007  (D): Withheld to avoid disclosing data for individual farms",
        "  2012  (D): Withheld to avoid disclosing data for individual farms",
        "  2017       3",
      ])
    let rhodeIsland = try #require(lines.firstIndex { $0.hasPrefix("Rhode Island") })
    #expect(
      Array(lines[rhodeIsland + 1...rhodeIsland + 3]) == [
        "  2007       0 -", "  2012       0 -", "  2017  (X): not applicable",
      ])
    // And the footer gives the meanings the notes do not
    #expect(lines.contains("Legend: (X): not applicable"))
  }

  @Test func aBackupCarriesMarksAndLegend() throws {
    // Given the Census table imported, exported as JSON
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([
      Self.report.appendingPathComponent("census-markers-legend.csv").path
    ])
    var json = ""
    try ExportFormat.json.write(database, to: &json)
    #expect(json.contains(#""marks":[{"year":2007,"marker":"-"},{"year":2012,"marker":"-"}]"#))
    // When the backup is imported into another database
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([try TestSupport.file("backup.json", json)])
    // Then it holds the same marks, missing cells and legend
    var again = ""
    try ExportFormat.json.write(copy, to: &again)
    #expect(again == json)
  }

  @Test func theCSVExportCarriesMissingCellsAndMarks() throws {
    // Given the Census table imported, exported as CSV
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([
      Self.report.appendingPathComponent("census-markers-legend.csv").path
    ])
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    // Then a missing cell is a row with an empty amount and its marker, a zero written `-` its
    // amount and its marker, in the last column
    let lines = csv.components(separatedBy: "\r\n")
    #expect(lines[0] == "dataset,section,year,amount,unit,key,group,notes,link,marker")
    #expect(lines[1].hasPrefix("census-markers-legend,Alaska,2007,,") && lines[1].hasSuffix(",(D)"))
    #expect(
      lines[9].hasPrefix("census-markers-legend,Delaware,2017,0.0,") && lines[9].hasSuffix(",-"))
    // And imported again, it gives the same missing cells and marks
    let copy = try DairyDatabase.inMemory()
    let summary = try copy.importFiles([try TestSupport.file("census.csv", csv)])
    #expect(summary.observations == 6 && summary.missing == 6)
    var again = ""
    try ExportFormat.csv.write(copy, to: &again)
    #expect(again == csv)
  }

  @Test func aBackupMarkWithoutItsRowIsRefused() throws {
    let backup = """
      {"datasets":[{"name":"d","legend":[]}],"sections":[
      {"dataset":"d","key":"A","title":"A","decimals":0,"rows":[{"year":2019,"amount":0}],
       "missing":[],"marks":[{"year":2020,"marker":"-"}]}]}
      """
    let database = try DairyDatabase.inMemory()
    #expect {
      try database.importFiles([try TestSupport.file("marks.json", backup)])
    } throws: { error in
      "\(error)".contains("year 2020 is marked \"-\", but this section has no row for it")
    }
    #expect(try database.read { try $0.sections() }.isEmpty)
  }
}
