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

/// The views as Datasette and `sqlite3` show them (v9), and the catalogue that describes every
/// table and view to Datasette.
@Suite("Views for Datasette")
struct DatasetteViewsTests {
  static let database = BrowseDriver.usda

  static func columns(_ view: String) throws -> [String] {
    try database.read { snapshot in
      try Row.fetchAll(snapshot.db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [view])
        .map { $0[0] as String }
    }
  }

  @Test func observationsNameTheSectionKeyGroupAndNotes() throws {
    // Every column v7 had keeps its name; v9 adds section_key, group and notes
    #expect(
      try Self.columns("observations") == [
        "dataset", "section", "section_key", "group", "place", "period", "year", "period_key",
        "amount", "unit", "notes",
      ])
    let row = try #require(
      try Self.database.read { snapshot in
        try Row.fetchOne(snapshot.db, sql: "SELECT * FROM observations")
      })
    #expect(row["section"] == "Fluid beverage milk")
    #expect(row["section_key"] == "Fluid_Beverage_Milk")
    #expect(row["group"] == "Fluid milk")
    #expect((row["notes"] as String?)?.hasPrefix("All fluid milk beverages") == true)
    #expect(row["period"] == "1975")
    #expect(row["year"] == 1975 && row["period_key"] == 1975)
    #expect(row["amount"] == 247.0)
  }

  @Test func yearIsTheCalendarYearAndPeriodKeyTheKey() throws {
    // Given a monthly and a quarterly section
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("periods/periods.json")])
    let rows = try database.read { snapshot in
      try Row.fetchAll(
        snapshot.db,
        sql: """
          SELECT period, year, period_key FROM observations
          WHERE period IN ('2019-01', '2019-Q1') ORDER BY period
          """)
    }
    // Then year is the year the period is in, and period_key the stored key
    #expect(rows.count == 3)  // two monthly sections and a quarterly one
    #expect(rows.map { $0["year"] as Int } == Array(repeating: 2019, count: rows.count))
    #expect(Set(rows.map { $0["period_key"] as Int }) == [201901, 20191])
    let sections = try database.read { snapshot in
      try Row.fetchAll(
        snapshot.db, sql: "SELECT first_year, last_year FROM sections WHERE frequency = 'monthly'")
    }
    #expect(
      sections.allSatisfy { ($0["first_year"] as Int) >= 1900 && ($0["last_year"] as Int) <= 2100 })
  }

  @Test func sectionsNameTheKeyAndKeepTheLinkLast() throws {
    #expect(
      try Self.columns("sections") == [
        "dataset", "position", "section", "section_key", "unit", "group", "notes", "frequency",
        "place", "place_level", "place_code", "first_year", "last_year", "observations", "link",
      ])
  }

  @Test func everyColumnIsSnakeCase() throws {
    for view in ["observations", "sections"] {
      for column in try Self.columns(view) {
        #expect(column == column.lowercased() && !column.contains(" "), "\(view).\(column)")
      }
    }
  }

  @Test func theCatalogueDescribesEveryTableAndViewOnce() throws {
    // Given a new database's tables and views
    let objects = try Self.database.read { snapshot in
      try Row.fetchAll(
        snapshot.db,
        sql: """
          SELECT type, name FROM sqlite_master
          WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
          """
      ).map { "\($0[0] as String) \($0[1] as String)" }
    }
    // Then the catalogue has each, and nothing else
    let described = DairyDatabase.catalogue.map { "\($0.isView ? "view" : "table") \($0.name)" }
    #expect(described.sorted() == objects.sorted())
    #expect(Set(described).count == described.count)
    // And what it says of a view's columns is of columns the view has
    for entry in DairyDatabase.catalogue where entry.isView {
      let columns = try Self.columns(entry.name)
      for note in entry.columns {
        #expect(columns.contains(note.name), "\(entry.name).\(note.name)")
      }
    }
    // And only dairy's own books are internal
    #expect(
      DairyDatabase.catalogue.filter(\.isInternal).map(\.name).sorted()
        == ["bundle", "grdb_migrations"])
  }
}
