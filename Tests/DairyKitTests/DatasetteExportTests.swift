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

/// `dairy export --format datasette` of a database: the metadata of every table and view of its
/// schema, under the name Datasette gives the file.
@Suite("Datasette export")
struct DatasetteExportTests {
  @Test func describesTheFileByItsNameWithEveryTableAndDataset() throws {
    // Given the per-capita table in usda.sqlite
    let path = try TestSupport.temporaryFolder().appendingPathComponent("usda.sqlite").path
    let database = try DairyDatabase.open(path: path)
    _ = try TestSupport.importPerCapita(into: database)
    // When its Datasette metadata is written
    var json = ""
    var errors = ""
    #expect(
      ExportFlow.run(format: .datasette, database: path, output: &json, errors: &errors) == 0)
    #expect(errors == "")
    // Then it is JSON that describes the database "usda", views first, dairy's books hidden
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let usda = try #require((object["databases"] as? [String: Any])?["usda"] as? [String: Any])
    let tables = try #require(usda["tables"] as? [String: [String: Any]])
    #expect(Set(tables.keys) == Set(DairyDatabase.catalogue.map(\.name)))
    #expect(
      json.range(of: #""observations":{"title""#)!.lowerBound
        < json.range(of: #""dataset":{"title""#)!.lowerBound)
    #expect(
      tables.filter { $0.value["hidden"] as? Bool == true }.keys.sorted()
        == ["bundle", "grdb_migrations"])
    // Mixed units (lb per person, lb milk equivalent per person): none for the amounts
    #expect(tables["observations"]?["units"] == nil)
    let queries = try #require(usda["queries"] as? [String: [String: String]])
    #expect(
      queries["per_capita_consumption_1975-2022"]?["title"]
        == "Dairy products: per capita consumption, United States")
    #expect(usda["source"] as? String == "USDA Economic Research Service, Dairy Data (annual)")
  }
}
