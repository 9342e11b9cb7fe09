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

@Suite("Export")
struct ExportTests {
  @Test func jsonNumbersParseBackToTheExactDouble() throws {
    let path = try TestSupport.file(
      "odd.csv",
      "Year,A\n1,17469899999.999996\n2,36188e6\n3,0.1\n4,-0\n5,1e-7\n6,123456789012345678\n7,4.9e-324\n"
    )
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let json = try TestSupport.dump(database)
    let decoded = try JSONDecoder().decode(Dump.self, from: Data(json.utf8))
    let stored = try TestSupport.contents(database)["A"]!
    for row in decoded.sections[0].rows {
      #expect(row.amount.bitPattern == stored[row.year]!.bitPattern)
    }
    // SQLite keeps whole REAL values as integers on disk, so -0 comes back as 0 (equal as numbers).
    #expect(stored[4]! == 0)
    #expect(decoded.sections[0].rows.count == 7)
  }

  @Test func csvExportImportsBackToTheSameObservations() throws {
    // Given the USDA table and a long file with hostile names, in two datasets
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    let hostile = try TestSupport.file(
      "odd.csv", "name,year,value\n\"a, \"\"b\"\"\",1975,1.5\n\" lead\",1975,2\n")
    _ = try database.importFiles([hostile])
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    // When the CSV export is imported into a new database
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([try TestSupport.file("export.csv", csv)])
    // Then every dataset, section, year and amount is the same
    func observations(_ database: DairyDatabase) throws -> [String] {
      try database.read { snapshot in
        try snapshot.sections().flatMap { section in
          try snapshot.observations(of: section.id).map {
            "\(section.dataset)|\(section.title)|\(section.unit ?? "")|\($0.year)|\($0.amount.bitPattern)"
          }
        }
      }
    }
    #expect(try observations(copy) == observations(database))
    #expect(try observations(copy).count == 958 + 2)
  }

  @Test func jsonEscapesControlCharacters() {
    #expect(JSONText.string("a\"b\\c\n\u{1B}é") == "\"a\\\"b\\\\c\\n\\u001bé\"")
  }

  struct Dump: Decodable {
    struct Section: Decodable {
      struct Row: Decodable {
        var year: Int64
        var amount: Double
      }
      var rows: [Row]
    }
    var sections: [Section]
  }
}
