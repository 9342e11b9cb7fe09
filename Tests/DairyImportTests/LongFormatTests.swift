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

@Suite("Long and RFC 4180 files")
struct LongFormatTests {
  @Test func longFileWithSectionColumnsAndNotes() throws {
    // Given region,state,year,milk_produced,note
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([TestSupport.fixture("good/long-states.csv")])
    // Then two sections keyed by region and state, in order of first appearance
    #expect(summary.sections == 2)
    #expect(summary.observations == 5)
    #expect(summary.missing == 2)
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key) == ["Northeast / Maine", "Midwest / Iowa"])
    #expect(sections.map(\.dataset) == ["long-states", "long-states"])
    #expect(sections[0].notes == "Revised in 1980.\nEstimate.")
    #expect(sections[1].notes == "Revised in 1980.")
    #expect(sections[0].decimals == 2)
    let rows = try TestSupport.contents(database)
    #expect(rows["Midwest / Iowa"] == [1975: 36_188_000_000, 1976: 17_469_899_999.999996])
    #expect(rows["Northeast / Maine"] == [1975: 600.5, 1976: 610, 1978: 615.25])
  }

  @Test func overridesPickTheColumns() throws {
    let path = try TestSupport.file(
      "codes.csv", "fips,yr,pounds,dollars\n19,1975,1,2\n19,1976,3,4\n23,1975,5,6\n")
    var options = ImportOptions()
    options.format = .long
    options.sectionColumns = ["fips"]
    options.yearColumn = "yr"
    options.valueColumn = "dollars"
    options.unit = "USD"
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path], options: options)
    #expect(try TestSupport.contents(database) == ["19": [1975: 2, 1976: 4], "23": [1975: 6]])
    #expect(try database.read { try $0.sections() }.map(\.unit) == ["USD", "USD"])
  }

  @Test func extraMissingMarkers() throws {
    let path = try TestSupport.file("d.csv", "Year,Milk\n1975,(D)\n1976,2\n")
    var options = ImportOptions()
    options.extraMissingMarkers = ["(D)"]
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path], options: options)
    #expect(summary.missing == 1)
    #expect(try TestSupport.contents(database) == ["Milk": [1976: 2]])
  }

  @Test func rfc4180Quoting() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("good/rfc4180.csv")])
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key) == ["Cheese, \"aged\"", "Crème   fraîche", "Multi\r\nline"])
    // Whitespace runs collapse in titles; the key keeps the source text.
    #expect(sections.map(\.title) == ["Cheese, \"aged\"", "Crème fraîche", "Multi line"])
    let rows = try TestSupport.contents(database)
    #expect(rows["Cheese, \"aged\""] == [1975: 1.5, 1976: 2.5, 2000: 3.25])
    #expect(rows["Crème   fraîche"] == [1975: 2])
    #expect(rows["Multi\r\nline"] == [1975: 3, 1976: 4])
  }

  @Test func reimportingADatasetReplacesIt() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("milk.csv").path
    let database = try DairyDatabase.inMemory()
    try Data("Year,Milk,Butter\n1975,247,4.7\n".utf8).write(to: URL(fileURLWithPath: path))
    _ = try database.importFiles([path])
    try Data("Year,Milk\n1976,240\n".utf8).write(to: URL(fileURLWithPath: path))
    let summary = try database.importFiles([path], options: TestSupport.replacing)
    #expect(!summary.unchanged)
    #expect(try TestSupport.contents(database) == ["Milk": [1976: 240]])
    #expect(try database.read { try $0.imports() }.count == 2)
  }

  @Test func metadataSidecarIsPickedUpAndWarnsAboutUnknownSeries() throws {
    let folder = try TestSupport.temporaryFolder()
    let csv = folder.appendingPathComponent("milk.csv").path
    try Data("Year,Whole_Milk\n1975,247\n".utf8).write(to: URL(fileURLWithPath: csv))
    try Data(
      #"{"series":{"Whole_Milk":{"title":"Whole  milk","unit":"lb","notes":"n"},"Cream":{}}}"#.utf8
    )
    .write(to: URL(fileURLWithPath: folder.appendingPathComponent("milk.metadata.json").path))
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([csv])
    let section = try #require(try database.read { try $0.sections() }.first)
    #expect(section.title == "Whole milk")
    #expect(section.unit == "lb")
    #expect(section.notes == "n")
    #expect(
      summary.warnings == ["\(csv): the metadata describes \"Cream\", which the file does not have"]
    )
  }

  /// `dairy inspect` warns of the same series as the import, once, as a warning of the file.
  @Test func metadataSidecarWarningsAreInspected() throws {
    let folder = try TestSupport.temporaryFolder()
    let csv = folder.appendingPathComponent("milk.csv").path
    try Data("Year,Whole_Milk\n1975,247\n".utf8).write(to: URL(fileURLWithPath: csv))
    try Data(#"{"series":{"Whole_Milk":{"unit":"lb"},"Cream":{}}}"#.utf8)
      .write(to: URL(fileURLWithPath: folder.appendingPathComponent("milk.metadata.json").path))
    let inspection = ImportRun.inspect(csv, options: ImportOptions())
    let warning = "\(csv): the metadata describes \"Cream\", which the file does not have"
    #expect(inspection.warnings == [warning])
    #expect(inspection.datasets.map(\.warnings) == [[]])
    let lines = InspectTableRenderer.render([inspection], in: Viewport(width: 400, color: false))
    #expect(Array(lines.suffix(2)) == ["  warnings", "    \(warning)"])
  }

  @Test func badMetadataNamesItsPlace() throws {
    let folder = try TestSupport.temporaryFolder()
    let csv = folder.appendingPathComponent("milk.csv").path
    let json = folder.appendingPathComponent("milk.metadata.json").path
    try Data("Year,Milk\n1975,247\n".utf8).write(to: URL(fileURLWithPath: csv))
    try Data("{\"series\":\n {\"Milk\": {\"title\": 3}}}".utf8).write(
      to: URL(fileURLWithPath: json))
    let error = try #require(TestSupport.importError([csv], into: try DairyDatabase.inMemory()))
    #expect(error.location?.file == json)
    #expect(error.message.contains("series.Milk.title"))
  }
}
