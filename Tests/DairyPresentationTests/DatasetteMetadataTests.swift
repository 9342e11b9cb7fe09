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

/// `dairy export --format datasette`: the metadata.json Datasette reads, as a document.
@Suite("Datasette metadata")
struct DatasetteMetadataTests {
  // MARK: - Units

  @Test(arguments: [
    ("pounds", "lb"), ("lb", "lb"), (" Pounds ", "lb"), ("Million pounds", "Mlb"),
    ("million of pounds", "Mlb"), ("thousand pounds", "klb"), ("billion lbs", "Glb"),
    ("percent", "percent"), ("%", "percent"), ("cwt", "cwt"), ("Metric tons", "metric_ton"),
    ("million gallons", "Mgallon"), ("kilograms", "kg"), ("tons", "short_ton"),
  ])
  func unitsPintKnows(_ unit: String, _ pint: String) {
    #expect(DatasetteMetadata.pintUnit(for: unit) == pint)
  }

  @Test(arguments: [
    "lb per person", "lb milk equivalent per person", "average pounds per cow", "thousand head",
    "dollars per cwt", "dollars per head", "thousand", "Percent of U.S. milk production",
    "million kilograms", "thousand percent", "", "million", "pounds pounds",
  ])
  func unitsPintDoesNotKnowAreLeftOut(_ unit: String) {
    #expect(DatasetteMetadata.pintUnit(for: unit) == nil)
  }

  // MARK: - The database's name

  @Test(arguments: [
    ("dairy.sqlite", "dairy"), ("/home/u/.local/share/dairy/dairy.sqlite", "dairy"),
    ("data/usda.v2.db", "usda.v2"), ("plain", "plain"), (".hidden", ".hidden"),
    ("folder/file.", "file"),
  ])
  func databaseNameIsTheFileStem(_ path: String, _ name: String) {
    #expect(DatasetteMetadata.databaseName(ofPath: path) == name)
  }

  // MARK: - The document

  static func section(
    _ dataset: String, _ key: String, unit: String?, years: ClosedRange<Int64>? = 1990...1991
  ) -> SectionInfo {
    var fields = SectionFields(key: key, title: key)
    fields.unit = unit
    return SectionInfo(
      id: 1, dataset: dataset, position: 0, fields: fields, observationCount: 2, years: years)
  }

  static func metadata(
    datasets: [DatasetInfo], sections: [SectionInfo]
  ) throws -> [String: Any] {
    let tables: [(name: String, table: DatasetteMetadata.Table)] = [
      ("observations", DatasetteMetadata.Table(title: "Observations", description: "rows")),
      (
        "grdb_migrations",
        {
          var table = DatasetteMetadata.Table(title: "Migrations", description: "books")
          table.hidden = true
          return table
        }()
      ),
    ]
    let document = DatasetteMetadata(
      databaseName: "dairy", datasets: datasets, sections: sections, tables: tables,
      amounts: (table: "observations", column: "amount"))
    let json = JSONOutput.string(document)
    return try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
  }

  static func database(_ json: [String: Any]) throws -> [String: Any] {
    try #require((json["databases"] as? [String: Any])?["dairy"] as? [String: Any])
  }

  static func table(_ json: [String: Any], _ name: String) throws -> [String: Any] {
    try #require((database(json)["tables"] as? [String: Any])?[name] as? [String: Any])
  }

  @Test func oneUnitPintKnowsIsTheAmountsUnit() throws {
    let json = try Self.metadata(
      datasets: [DatasetInfo(name: "milk")],
      sections: [Self.section("milk", "A", unit: "pounds"), Self.section("milk", "B", unit: "lb")])
    #expect(try Self.table(json, "observations")["units"] as? [String: String] == ["amount": "lb"])
  }

  @Test(arguments: [
    ["pounds", "million pounds"],  // two units: each row says its own
    ["lb per person"],  // one, that Pint cannot read
    ["pounds", nil],  // a section without a unit
  ])
  func otherwiseNoUnitsKeyAtAll(_ units: [String?]) throws {
    let sections = units.enumerated().map { Self.section("milk", "S\($0)", unit: $1) }
    let json = try Self.metadata(datasets: [DatasetInfo(name: "milk")], sections: sections)
    // Datasette reads `units` with .get("units", {}): a null there would break the page
    #expect(try Self.table(json, "observations").keys.contains("units") == false)
  }

  @Test func licenceHiddenTablesAndOneSourceForAll() throws {
    var usda = DatasetInfo(name: "usda")
    usda.facts = DatasetFacts(
      title: "Milk & cream", source: "USDA ERS", link: "https://www.ers.usda.gov/dairy")
    var copy = usda
    copy.name = "copy"
    let json = try Self.metadata(
      datasets: [usda, copy], sections: [Self.section("usda", "A", unit: nil)])
    #expect(json["license"] as? String == "Public domain (US government work)")
    #expect(json["license_url"] as? String == "https://www.usa.gov/government-works")
    #expect(try Self.table(json, "grdb_migrations")["hidden"] as? Bool == true)
    #expect(try Self.table(json, "observations").keys.contains("hidden") == false)
    let database = try Self.database(json)
    #expect(database["source"] as? String == "USDA ERS")
    #expect(database["source_url"] as? String == "https://www.ers.usda.gov/dairy")
    let listing = try #require(database["description_html"] as? String)
    #expect(listing.contains("<strong>Milk &amp; cream</strong> (<code>usda</code>)"))
    #expect(listing.contains("1 section, 1990–1991, 2 values"))
    #expect(listing.contains("(<code>copy</code>): 0 sections, 0 values. Source: <a"))
    #expect(listing.contains(#"<a href="https://www.ers.usda.gov/dairy">USDA ERS</a>"#))
  }

  @Test func eachDatasetIsAQueryWithItsSourceAndNotes() throws {
    var report = DatasetInfo(name: "it's")
    report.facts = DatasetFacts(
      title: "Milk cows", source: "NASS", link: "milkcows.xlsx", updated: "2024-05-06",
      notes: "NA = Not available.\n\nTotals may not add <exactly>.",
      legend: [DatasetFacts.LegendEntry(marker: "NA", meaning: "Not available")])
    let clash = DatasetInfo(name: "observations")
    let json = try Self.metadata(
      datasets: [report, clash],
      sections: [Self.section("it's", "A", unit: "thousand head", years: 2020...2020)])
    let database = try Self.database(json)
    // Two sources: none for the whole; a file name is no source_url
    #expect(database.keys.contains("source") == false)
    let queries = try #require(database["queries"] as? [String: [String: String]])
    #expect(queries.keys.sorted() == ["it's", "observations (dataset)"])
    let query = try #require(queries["it's"])
    #expect(query["sql"]?.hasSuffix("FROM observations WHERE dataset = 'it''s'") == true)
    #expect(query["title"] == "Milk cows")
    #expect(query["source"] == "NASS")
    #expect(query["source_url"] == nil)
    #expect(query["license"] == "Public domain (US government work)")
    #expect(
      query["description_html"]
        == "<p>1 section, 2020, 2 values. Last update: 2024-05-06. NA: Not available.</p>"
        + "<p>NA = Not available.</p><p>Totals may not add &lt;exactly&gt;.</p>")
    #expect(queries["observations (dataset)"]?["title"] == "observations")
  }

  @Test func keysComeInTheOrderGiven() {
    var entries = DatasetteMetadata.Entries<String>()
    let keys = ["observations", "sections", "dataset", "bundle", "a"]
    for key in keys { entries.append(key, "") }
    let json = JSONOutput.string(entries)
    let places = keys.compactMap { json.range(of: "\"\($0)\":")?.lowerBound }
    #expect(places.count == keys.count && places == places.sorted(), "\(json)")
  }
}
