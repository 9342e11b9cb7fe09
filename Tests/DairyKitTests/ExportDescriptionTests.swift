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

/// The CSV export's `key,group,notes` columns: a round trip keeps each section's key, group and
/// notes; they must be the same on each row of a section; an older export still imports.
@Suite("CSV export: keys, groups and notes")
struct ExportDescriptionTests {
  /// A wide file whose metadata gives its series titles, a group and notes with a comma, quotes
  /// and a line break.
  static func described() throws -> DairyDatabase {
    let path = try TestSupport.file("milk.csv", "Year,milk_fluid,milk ,cream\n1990,1,2,3\n")
    let metadata = #"""
      {"series":{"milk_fluid":{"title":"Milk","group":"Fluid","notes":"a, \"b\"\n  c"},
      "milk ":{"title":"Milk","group":"Solid"}}}
      """#
    try Data(metadata.utf8).write(to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    return database
  }

  @Test func theCSVRoundTripKeepsKeysGroupsAndNotes() throws {
    let database = try Self.described()
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    #expect(
      csv == "dataset,section,year,amount,unit,key,group,notes,link,marker\r\n"
        + "milk,Milk (Fluid),1990,1.0,,milk_fluid,Fluid,\"a, \"\"b\"\"\n  c\",milk.csv,\r\n"
        + "milk,Milk (Solid),1990,2.0,,\"milk \",Solid,,milk.csv,\r\n"
        + "milk,cream,1990,3.0,,cream,,,milk.csv,\r\n")
    // Before: the copy's keys were its titles, and it had no groups or notes
    let copy = try RoundTripTests.copy(database, as: .csv)
    let sections = try copy.read { try $0.sections() }
    #expect(sections.map(\.key) == ["milk_fluid", "milk ", "cream"])
    #expect(sections.map(\.group) == ["Fluid", "Solid", nil])
    #expect(sections.map(\.notes) == ["a, \"b\"\n  c", nil, nil])
    #expect(try RoundTripTests.csvContents(copy) == RoundTripTests.csvContents(database))
    // And the copy exports the same bytes
    var again = ""
    try ExportFormat.csv.write(copy, to: &again)
    #expect(again == csv)
  }

  @Test(arguments: [
    ("Milk,1991,2,,milk,Solid,", #"3:21: error: group "Solid" differs from "Fluid" given"#, 21),
    ("Milk,1991,2,,milk,Fluid,x", #"3:27: error: notes "x" differs from "" given"#, 27),
    ("Cream,1991,2,,milk,Fluid,", #"3:3: error: section "Cream" differs from "Milk" given"#, 3),
  ])
  func aSectionsTitleGroupAndNotesAreTheSameOnEachRow(
    row: String, message: String, firstColumn: Int
  ) throws {
    let path = try TestSupport.file(
      "export.csv",
      "dataset,section,year,amount,unit,key,group,notes\nd,Milk,1990,1,,milk,Fluid,\nd,"
        + row + "\n")
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(
      error.description
        == "\(path):\(message) for this series at \(path):2:\(firstColumn)")
    #expect(try database.read { try $0.sections() }.isEmpty)
  }

  @Test func anOlderExportWithoutTheColumnsImportsAsBefore() throws {
    let path = try TestSupport.file(
      "old.csv",
      "dataset,section,year,amount,unit\nd,Milk (Fluid),1990,1,lb\nd,Milk (Fluid),1991,2,lb\n"
        + "d,cream,1990,3,\n")
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key) == ["Milk (Fluid)", "cream"])
    #expect(sections.map(\.title) == ["Milk (Fluid)", "cream"])
    #expect(sections.map(\.unit) == ["lb", nil])
    #expect(sections.map(\.group) == [nil, nil])
    #expect(sections.map(\.observationCount) == [2, 1])
  }
}
