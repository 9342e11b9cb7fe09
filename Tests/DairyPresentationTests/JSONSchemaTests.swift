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

/// The tables of docs/json.md are the schema of `show`, `sections` and `export` in JSON: every
/// field the documents write is listed there, and nothing else; a field that can be null says so.
@Suite("JSON schema in docs/json.md")
struct JSONSchemaTests {
  static let database = BrowseDriver.usda
  static let page = TestSupport.repositoryRoot.appendingPathComponent("docs/json.md")

  /// The page's table under the heading `## heading`: field → type.
  func documented(_ heading: String) throws -> [String: String] {
    let text = try String(contentsOf: Self.page, encoding: .utf8)
    let start = try #require(text.range(of: "\n## " + heading + "\n"))
    let lines = text[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }
    var fields: [String: String] = [:]
    for line in lines.prefix(while: { $0.hasPrefix("|") }).dropFirst(2) {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      fields[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
    }
    return fields
  }

  /// Every field path in `json` (`sections[].rows[].year`), and whether it was ever null.
  func fields(_ json: String) throws -> [String: Bool] {
    var found: [String: Bool] = [:]
    func walk(_ value: Any, _ path: String) {
      if !path.isEmpty { found[path] = (found[path] ?? false) || value is NSNull }
      if let object = value as? [String: Any] {
        for (key, child) in object { walk(child, path.isEmpty ? key : path + "." + key) }
      } else if let array = value as? [Any] {
        for element in array { walk(element, path + "[]") }
      }
    }
    walk(try JSONSerialization.jsonObject(with: Data(json.utf8)), "")
    // An array's elements are the array's own path with `[]`: they are listed by their fields.
    return found.filter { !$0.key.hasSuffix("[]") }
  }

  func expectDocumented(_ json: String, under heading: String) throws {
    let listed = try documented(heading)
    let written = try fields(json)
    #expect(Set(written.keys) == Set(listed.keys), "\(heading)")
    for (field, wasNull) in written where wasNull {
      #expect(listed[field]?.hasSuffix("or null") == true, "\(field) can be null")
    }
  }

  @Test func showJSON() throws {
    // A page in every shape at once: notes, a history span
    let request = PageRequest(filter: SectionFilter(search: "yogurt", since: 2021), pageSize: 100)
    var page = try Self.database.page(request)
    // and a section with a marked missing cell and a row the file wrote as `-`
    page.parts[0].gaps = [MissingRun(years: 2020...2020, marker: "NA")]
    page.parts[0].marks = [2021: "-"]
    let json = ShowRenderer.render(
      page: page, state: .completedWithHistory(page.history!), commandLine: ShowCommandLine(),
      format: .json, viewport: Viewport(width: 80)
    ).text
    try expectDocumented(json, under: "`dairy show --format json`")
    // And a failed fetch: its error is a listed field that can be null too
    let failed = ShowRenderer.render(
      page: nil, state: .retry(DairyError(.busy, "locked")), commandLine: ShowCommandLine(),
      format: .json,
      viewport: Viewport(width: 80)
    ).text
    let listed = try documented("`dairy show --format json`")
    #expect(Set(try fields(failed).keys).isSubset(of: listed.keys))
  }

  @Test func showWideJSON() throws {
    // Monthly and annual sections of places, with withheld cells
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles(
      ["qs_national_monthly_milk_2019_2020.csv", "qs_milk_sales_by_state_2012_2017.csv"].map {
        TestSupport.fixture("quickstats/" + $0)
      })
    var line = ShowCommandLine(search: "milk", format: .json)
    line.wide = true
    var json = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: Terminal(), output: &json, errors: &errors,
      open: { ReadingDatabase(database: database) })
    #expect(status == 0 && errors == "")
    #expect(json.contains(#"{"marker":"(D)"}"#))
    try expectDocumented(json, under: "`dairy show --wide --format json`")
  }

  @Test func sectionsJSON() throws {
    // The bundled data and a report table, whose dataset has every fact and a legend
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    _ = try database.importFiles([
      TestSupport.fixtures.appendingPathComponent("report/percapita-years-down.csv").path
    ])
    let json = SectionsJSON.render(
      try database.summaries(matching: SectionFilter()),
      datasets: try database.read { try $0.datasets() })
    try expectDocumented(json, under: "`dairy sections --format json`")
  }

  @Test func exportJSON() throws {
    // The USDA table, a report with a legend, dataset notes and missing markers, and one whose
    // legend says `-` represents zero (marks): every field
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    _ = try database.importFiles([
      TestSupport.fixture("report/decimal-comma-legend.csv"),
      TestSupport.fixture("report/census-markers-legend.csv"),
    ])
    var json = ""
    try ExportFormat.json.write(database, to: &json)
    try expectDocumented(json, under: "`dairy export` (JSON)")
  }
}
