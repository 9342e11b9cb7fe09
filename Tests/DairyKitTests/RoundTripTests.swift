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

/// Export reads back exactly, and different series are never merged (issue 11, class 7).
@Suite("Round trips: titles, keys, CSV and JSON backups")
struct RoundTripTests {
  /// What a CSV export carries, per dataset: each section with rows, its key, title, unit,
  /// group, notes and rows, byte for byte.
  static func csvContents(_ database: DairyDatabase) throws -> [[UInt8]] {
    try database.read { snapshot in
      try snapshot.sections().compactMap { section in
        let rows = try snapshot.observations(of: section.id)
        guard !rows.isEmpty else { return nil }
        let cells = rows.map { "\($0.year)=\($0.amount.bitPattern)" }.joined(separator: ",")
        let texts = [
          section.dataset, section.key, section.title, section.unit ?? "-",
          section.group ?? "-", section.notes ?? "-", cells,
        ]
        return Array(texts.joined(separator: "\u{0}").utf8)
      }
    }
  }

  /// `database` exported as `format` and imported into a new database.
  static func copy(_ database: DairyDatabase, as format: ExportFormat) throws -> DairyDatabase {
    var text = ""
    try format.write(database, to: &text)
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([try TestSupport.file("export.\(format.rawValue)", text)])
    return copy
  }

  /// A new database with `csv` imported, and its sections.
  static func imported(_ csv: String) throws -> (DairyDatabase, [SectionInfo]) {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("long.csv", csv)])
    return (database, try database.read { try $0.sections() })
  }

  static func titles(_ database: DairyDatabase) throws -> [String] {
    try database.read { try $0.sections().map(\.title) }
  }

  @Test func headersThatLookAlikeGetDistinctTitlesAndTheCSVReadsBack() throws {
    // Given headers whose titles collapse to the same text (a metadata title of "" is refused
    // with its place: MetadataReadingTests)
    let path = try TestSupport.file(
      "milk.csv", "Year,Whole_Milk,Whole Milk,Milk,Milk ,Cream\n1990,1,2,3,4,5\n1991,6,7,8,9,10\n")
    try Data(#"{"series":{"Milk":{"title":"Whole Milk (2)"}}}"#.utf8)
      .write(to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then every title is distinct, and none takes another's: "Milk" and "Milk " share the
    // metadata's title, itself the number the second "Whole Milk" would have had
    #expect(
      try Self.titles(database) == [
        "Whole Milk", "Whole Milk (3)", "Whole Milk (2)", "Whole Milk (2) (2)", "Cream",
      ])
    // And the CSV export imports back to the same sections (before: "has year 1990 twice")
    let copy = try Self.copy(database, as: .csv)
    #expect(try Self.csvContents(copy) == Self.csvContents(database))
  }

  @Test func aRepeatedTitleTakesItsGroupThenANumber() {
    let titles = SectionTitles.distinct(
      ["Milk", "Milk", "Milk", "Butter", "Milk (Fluid)"], groups: ["Fluid", nil, "Fluid", nil, nil])
    #expect(
      titles == ["Milk (Fluid)", "Milk", "Milk (Fluid) (2)", "Butter", "Milk (Fluid) (3)"])
    #expect(Set(titles).count == titles.count)
    // Distinct titles are left as they are, so a copy keeps them
    #expect(SectionTitles.distinct(titles, groups: titles.map { _ in "g" }) == titles)
  }

  @Test func longRowsWithSeparatorsInTheirValuesAreTwoSeries() throws {
    // Given two rows whose values join to the same text
    let (_, sections) = try Self.imported(
      "a,b,year,value\n\"A / B\",C,1990,1\nA,\"B / C\",1991,2\n")
    // Then they are two sections, with keys that say which value held the separator
    #expect(sections.map(\.key) == [#"A \/ B / C"#, #"A / B \/ C"#])
    #expect(sections.map(\.title) == ["A / B / C", "A / B / C (2)"])
    #expect(sections.map(\.observationCount) == [1, 1])
  }

  @Test func keysThatDifferOnlyInTheirBytesAreTwoSeries() throws {
    // Given "é" as one scalar and as e + a combining accent: equal Swift strings
    let (database, sections) = try Self.imported(
      "name,year,value\n\u{E9},1990,1\ne\u{301},1990,2\n")
    // Then they are two sections, not one with year 1990 twice
    #expect(sections.count == 2)
    #expect(Set(sections.map(\.title)).count == 2)
    let copy = try Self.copy(database, as: .csv)
    #expect(try Self.csvContents(copy) == Self.csvContents(database))
  }

  @Test func theExportsCSVIsLongEvenWhenItsNamesAreNumbers() throws {
    let path = try TestSupport.file("1.csv", "Year,1,2\n1990,1,2\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let copy = try Self.copy(database, as: .csv)
    #expect(try Self.csvContents(copy) == Self.csvContents(database))
  }

  @Test func theJSONExportIsAFullBackup() throws {
    // Given the USDA table, a report with a legend and notes, and hostile names
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    _ = try database.importFiles([TestSupport.fixture("report/decimal-comma-legend.csv")])
    let hostile = try Hostile.files()
    _ = try database.importFiles([hostile.csv], options: Hostile.options)
    // When its JSON export is imported into a new database
    let copy = try Self.copy(database, as: .json)
    // Then the copy exports the same bytes: every dataset and section field, row and marker
    let original = try TestSupport.dump(database)
    #expect(try TestSupport.dump(copy) == original)
    #expect(original.contains(#""legend":[{"marker":"x","meaning":"confidentiel"}]"#))
    #expect(original.contains(#""missing":[{"year":"#))
    // And its CSV export reads back what a CSV carries
    #expect(try Self.csvContents(Self.copy(database, as: .csv)) == Self.csvContents(database))
  }

  @Test func aBackupIsKnownByItsContentAndReimportsAsUnchanged() throws {
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    let path = try TestSupport.file("backup.csv", "\u{FEFF}\n  " + TestSupport.dump(database))
    let copy = try DairyDatabase.inMemory()
    let first = try copy.importFiles([path])
    #expect(first.description.hasPrefix("imported per_capita_consumption_1975-2022: 21 sections"))
    #expect(try copy.importFiles([path]).unchanged)
    #expect(try TestSupport.dump(copy) == TestSupport.dump(database))
  }
}
