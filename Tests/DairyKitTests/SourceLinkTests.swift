import DairyTestSupport
import Foundation
import GRDB
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Each dataset's and section's source link: where it came from. A dataset's is its sidecar's
/// `link`, else the file's name; a section's is its sidecar series' `link`, else its dataset's,
/// with, in a workbook, where the section is named. The JSON documents, the CSV export and the
/// `sections` view show it, a backup keeps it, and older databases and backups have none.
@Suite("Source links")
struct SourceLinkTests {
  /// `milk.csv`: two series over two years, with the sidecar `metadata` (JSON) when given.
  static func milk(metadata: String? = nil) throws -> DairyDatabase {
    let path = try TestSupport.file("milk.csv", "Year,Milk,Butter\n1990,1,2\n1991,3,4\n")
    if let metadata {
      try Data(metadata.utf8).write(
        to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))
    }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    return database
  }

  static let linked = """
    {"title": "Milk", "link": "https://example.org/milk.csv",
     "series": {"Butter": {"link": "https://example.org/butter"}}}
    """

  static func links(_ database: DairyDatabase) throws -> (dataset: String?, sections: [String?]) {
    try database.read { snapshot in
      (try snapshot.datasets().first?.link, try snapshot.sections().map(\.link))
    }
  }

  // MARK: - Import

  @Test func withoutASidecarEverythingLinksToTheFile() throws {
    // Given milk.csv imported alone
    let database = try Self.milk()
    // Then the dataset and each section came from milk.csv
    let (dataset, sections) = try Self.links(database)
    #expect(dataset == "milk.csv")
    #expect(sections == ["milk.csv", "milk.csv"])
  }

  @Test func aSidecarLinksTheDatasetAndASeriesItsOwn() throws {
    // Given a sidecar that links the dataset, and Butter elsewhere
    let database = try Self.milk(metadata: Self.linked)
    // Then Milk has the dataset's link, Butter its own
    let (dataset, sections) = try Self.links(database)
    #expect(dataset == "https://example.org/milk.csv")
    #expect(sections == ["https://example.org/milk.csv", "https://example.org/butter"])
  }

  @Test func aWorkbookSectionLinksToTheCellThatNamesIt() throws {
    // Given a wide table on a sheet whose name needs quoting, its header in row 2
    let cells = { (row: Int, values: [String]) -> String in
      values.enumerated().map { column, value in
        let reference = "\(CellReference.columnName(column))\(row)"
        return Double(value) == nil
          ? "<c r=\"\(reference)\" t=\"inlineStr\"><is><t>\(value)</t></is></c>"
          : "<c r=\"\(reference)\"><v>\(value)</v></c>"
      }.joined()
    }
    let xml = HostileWorkbook.sheet(rows: [
      "", cells(2, ["Year", "Milk", "Butter"]), cells(3, ["1990", "1", "2"]),
      cells(4, ["1991", "3", "4"]),
    ])
    let path = try HostileWorkbook.file("book.xlsx", sheets: [("Milk's data", xml, nil)])
    // When it is imported
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then each section points at its header cell in the workbook
    let (dataset, sections) = try Self.links(database)
    #expect(dataset == "book.xlsx")
    #expect(sections == ["book.xlsx#'Milk''s data'!B2", "book.xlsx#'Milk''s data'!C2"])
  }

  @Test func datasetsAColumnRoutesRowsToComeFromTheFileToo() throws {
    // Given a long file whose rows name their datasets
    let path = try TestSupport.file(
      "long.csv", "dataset,state,year,value\nmilk,Ohio,1990,1\ncream,Ohio,1990,2\n")
    // When it is imported
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then both datasets and their sections came from long.csv
    let (datasets, sections) = try database.read { snapshot in
      (try snapshot.datasets().map(\.link), try snapshot.sections().map(\.link))
    }
    #expect(datasets == ["long.csv", "long.csv"] && sections == ["long.csv", "long.csv"])
  }

  @Test func aSidecarLinkIsReadAsTextAtItsPlace() throws {
    // Given a sidecar whose link is a number
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1990,1\n")
    try Data(#"{"series": {"Milk": {"link": 7}}}"#.utf8).write(
      to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))
    // Then the import is refused where it stands
    let error = try #require(TestSupport.importError([path], into: try .inMemory()))
    #expect(
      error.description.hasSuffix(
        #"milk.metadata.json:1:30: error: invalid metadata: "series.Milk.link" should be text "#
          + "in double quotes (or null), found a number"))
  }

  // MARK: - Output

  @Test func theDocumentsShowTheLinks() throws {
    // Given milk with its sidecar
    let database = try Self.milk(metadata: Self.linked)
    let datasets = try database.read { try $0.datasets() }
    // Then sections --format json lists the dataset's link and each section's
    let sections = SectionsJSON.render(
      try database.summaries(matching: SectionFilter()), datasets: datasets)
    #expect(sections.contains(#""source":null,"link":"https://example.org/milk.csv","updated""#))
    #expect(sections.contains(#""group":null,"link":"https://example.org/butter","from":1990"#))
    // And show --format json each section's, after its notes
    let page = try database.page(PageRequest())
    let show = JSONOutput.string(
      PageDocument(
        parts: page.parts, state: .completed, loaded: page.loaded, total: page.total, next: nil))
    #expect(show.contains(#""notes":null,"link":"https://example.org/butter","rows""#))
    // And the export (JSON) both, the CSV export each section's, last
    let backup = try TestSupport.dump(database)
    #expect(backup.contains(#""link":"https://example.org/milk.csv","updated""#))
    #expect(backup.contains(#""notes":null,"link":"https://example.org/butter","decimals""#))
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    #expect(csv.hasPrefix("dataset,section,year,amount,unit,key,group,notes,link,marker\r\n"))
    #expect(csv.contains("milk,Butter,1991,4.0,,Butter,,,https://example.org/butter,\r\n"))
  }

  @Test func theSectionsViewShowsTheLinkLast() throws {
    let database = try Self.milk(metadata: Self.linked)
    let row = try database.read { snapshot in
      try Row.fetchOne(snapshot.db, sql: "SELECT * FROM sections WHERE section = 'Butter'")
    }
    #expect(row?.columnNames.last == "link")
    #expect(row?["link"] == "https://example.org/butter")
  }

  // MARK: - Backup and restore

  @Test func aBackupKeepsTheLinks() throws {
    // Given milk with its sidecar, exported to a backup
    let database = try Self.milk(metadata: Self.linked)
    let json = try TestSupport.dump(database)
    let backup = try TestSupport.file("backup.json", json)
    // When the backup is imported into a new database
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([backup])
    // Then it links where the original did (not to the backup), and exports the same bytes
    #expect(try Self.links(copy) == Self.links(database))
    #expect(try TestSupport.dump(copy) == json)
  }

  @Test func theCSVExportKeepsEachSectionsLink() throws {
    // Given milk with its sidecar
    let database = try Self.milk(metadata: Self.linked)
    // When its CSV export is imported into a new database
    let copy = try RoundTripTests.copy(database, as: .csv)
    // Then each section keeps its link; the dataset came from the export's file
    let sections = try copy.read { try $0.sections() }
    #expect(sections.map(\.link) == ["https://example.org/milk.csv", "https://example.org/butter"])
  }

  @Test func aBackupFromBeforeLinksImportsWithNone() throws {
    // Given a backup written before links: no "link" field anywhere
    let json = try TestSupport.dump(try Self.milk(metadata: Self.linked))
    let older = json.replacing(#/"link":"[^"]*",/#, with: "")
    #expect(!older.contains("link"))
    // When it is imported
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([try TestSupport.file("old.json", older)])
    // Then its dataset and sections have no link, and export null
    let (dataset, sections) = try Self.links(copy)
    #expect(dataset == nil && sections == [nil, nil])
    #expect(try TestSupport.dump(copy) == json.replacing(#/"link":"[^"]*"/#, with: #""link":null"#))
  }

  // MARK: - Migration

  @Test func anOlderDatabaseGainsTheColumnsWithoutLinks() throws {
    // Given a database with the schema before links, holding milk
    let path = try TestSupport.temporaryFolder().appendingPathComponent("old.sqlite").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      for migration in DairyDatabase.migrations where migration.identifier != "v5 source links" {
        try db.execute(sql: migration.sql)
        try db.execute(
          sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.identifier])
      }
      try db.execute(
        sql: """
          INSERT INTO dataset (id, name, fingerprint, version) VALUES (1, 'milk', 'f', 1);
          INSERT INTO section (id, datasetId, position, key, title, observationCount, firstYear,
            lastYear) VALUES (1, 1, 0, 'A', 'A', 1, 1990, 1990);
          INSERT INTO observation VALUES (1, 1990, 1.5);
          """)
    }
    try queue.close()
    // When this dairy opens it
    let database = try DairyDatabase.open(path: path)
    // Then milk and its section have no link, the view has the column, and the export says null
    #expect(try Self.links(database) == (nil, [nil]))
    let view = try database.read { try Row.fetchOne($0.db, sql: "SELECT * FROM sections") }
    #expect(view?.hasColumn("link") == true)
    #expect(try TestSupport.dump(database).contains(#""notes":null,"link":null,"decimals":0"#))
    // And an import into it links its datasets
    _ = try database.importFiles([try TestSupport.file("cream.csv", "Year,Cream\n1990,1\n")])
    let cream = try database.read { try $0.datasets() }.first { $0.name == "cream" }
    #expect(cream?.link == "cream.csv")
  }
}
