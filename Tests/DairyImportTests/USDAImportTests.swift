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

@Suite("Importing the USDA table")
struct USDAImportTests {
  @Test func importsEverySectionAndObservation() throws {
    // Given an empty database
    let database = try DairyDatabase.inMemory()
    // When the bundled file is imported with its metadata sidecar
    let summary = try TestSupport.importPerCapita(into: database)
    // Then 21 sections, 958 observations and 50 missing cells landed
    #expect(summary.sections == 21)
    #expect(summary.observations == 958)
    #expect(summary.missing == 50)
    #expect(summary.warnings.isEmpty)
    let sections = try database.read { try $0.sections() }
    #expect(sections.count == 21)
    #expect(sections.map(\.position) == Array(0..<21))
    #expect(sections.allSatisfy { $0.unit != nil && $0.notes != nil && $0.group != nil })
    #expect(sections[0].title == "Fluid beverage milk")
    #expect(sections[0].decimals == 0)
    #expect(sections[1].decimals == 1)
    // The key keeps the source text, typos and trailing space included; the title is clean.
    let bulk = try #require(sections.first { $0.key == "Whole_Condensed_Milk_Bulk " })
    #expect(bulk.title == "Whole condensed milk, bulk")
    let frozenYogurt = try #require(sections.first { $0.key == "Frozen_Yougurt" })
    #expect(frozenYogurt.title == "Frozen yogurt")
    // NA is missing, not zero: frozen yogurt starts in 1989, skim-solids basis in 2011.
    let rows = try TestSupport.contents(database)
    #expect(rows["Frozen_Yougurt"]?.keys.min() == 1989)
    #expect(rows["Skim_solids_basis"]?.keys.min() == 2011)
    #expect(rows["Skim_solids_basis"]?.count == 12)
    // Nothing is empty in the reading views either.
    let count = try database.read { snapshot in try snapshot.imports() }
    #expect(count.count == 1)
    #expect(count[0].sha256 == "65a4be6ca525462b505a765c3b93901dea14a446da4bad3b795a10a7e3ed4394")
  }

  @Test func exportMatchesTheCSVValueForValue() throws {
    // Given the bundled file imported
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    // When the database is exported as JSON and parsed by Foundation
    let json = try TestSupport.dump(database)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let sections = decoded["sections"] as! [[String: Any]]
    // Then every cell of the CSV, read here by the simplest split, is there with the same value
    let text = try String(contentsOfFile: TestSupport.usdaCSV, encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let header = lines[0].map(String.init)
    var expected: [String: [Int: Double]] = [:]
    for line in lines.dropFirst() {
      for (column, cell) in line.enumerated().dropFirst() where cell != "NA" {
        expected[header[column], default: [:]][Int(line[0])!] = Double(cell)!
      }
    }
    var actual: [String: [Int: Double]] = [:]
    for section in sections {
      for row in section["rows"] as! [[String: Any]] {
        actual[section["key"] as! String, default: [:]][row["year"] as! Int] =
          (row["amount"] as! NSNumber).doubleValue
      }
    }
    #expect(expected.count == 21)
    #expect(actual == expected)
    #expect(sections.map { $0["key"] as! String } == Array(header.dropFirst()))
  }

  @Test func importingTheSameBytesTwiceChangesNothing() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("dairy.sqlite").path
    let database = try DairyDatabase.open(path: path)
    _ = try TestSupport.importPerCapita(into: database)
    let before = try TestSupport.dump(database)
    let imports = try database.read { try $0.imports() }
    // When the same bytes are imported again with the same options
    var options = ImportOptions()
    options.metadataPath = TestSupport.usdaCSV.replacingOccurrences(
      of: ".csv", with: ".metadata.json")
    let again = try database.importFiles([TestSupport.usdaCSV], options: options)
    // Then nothing was written, not even a line in the imports log
    #expect(again.unchanged)
    #expect(try TestSupport.dump(database) == before)
    #expect(try database.read { try $0.imports() } == imports)
  }
}
