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

/// The import holds observations in chunks and writes each chunk in (section, year) order
/// (``ObservationBuffer``): a wide table read row by row must still store every value, and a
/// (section, year) given twice must still be named with both places, whether the two fall in
/// one chunk or in two.
@Suite("Observation buffer")
struct ObservationBufferTests {
  /// More observations than one chunk holds, so the import writes several.
  static let series = 300
  static let years = 250

  /// Chunks small enough for a test table to need several of each kind.
  static let small = ObservationBuffer.ChunkSizes(inOrder: 1000, outOfOrder: 8192)

  @Test func aWideTableOfSeveralChunksStoresEveryValue() throws {
    try ObservationBuffer.$chunkSizes.withValue(Self.small) {
      try wideTableStoresEveryValue()
    }
  }

  @Test func aWideTableInOneChunkStoresEveryValue() throws {
    #expect(Self.series * Self.years < ObservationBuffer.ChunkSizes.standard.outOfOrder)
    try wideTableStoresEveryValue()
  }

  func wideTableStoresEveryValue() throws {
    // Given a wide file, years down, one column per series
    let names = (0..<Self.series).map { "S\($0)" }
    var text = "Year," + names.joined(separator: ",") + "\n"
    for year in 0..<Self.years {
      let cells = (0..<Self.series).map { "\(Self.amount(series: $0, year: year))" }
      text += "\(1800 + year)," + cells.joined(separator: ",") + "\n"
    }
    let path = try TestSupport.file("wide.csv", text)

    // When it imports
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])

    // Then every series holds every year's value, and knows its span
    #expect(summary.observations == Self.series * Self.years)
    let contents = try TestSupport.contents(database)
    #expect(contents.count == Self.series)
    for series in [0, 1, 150, Self.series - 1] {
      let rows = try #require(contents["S\(series)"])
      #expect(rows.count == Self.years)
      for year in 0..<Self.years {
        #expect(rows[Int64(1800 + year)] == Self.amount(series: series, year: year))
      }
    }
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.key) == names)
    #expect(sections.allSatisfy { $0.years == 1800...1800 + 249 })
    #expect(sections.allSatisfy { $0.observationCount == Self.years })
  }

  @Test func aDuplicateInALaterChunkNamesBothPlaces() throws {
    // Given a long file whose last row repeats its first, one chunk later
    var text = "series,year,value\n"
    let rows = 70 * 1000
    #expect(rows > ObservationBuffer.ChunkSizes.standard.inOrder)
    for series in 0..<70 {
      for year in 1000..<2000 { text += "S\(series / 10)\(series % 10),\(year),1\n" }
    }
    text += "S00,1000,9\n"
    let path = try TestSupport.file("long.csv", text)

    // When it imports, then the error names both cells, and nothing is stored
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(
      error.description
        == "\(path):\(rows + 2):10: error: \"S00\" has year 1000 twice: here and at \(path):2:10")
    #expect(try database.isEmpty())
  }

  @Test func aDuplicateInALaterChunkOutOfOrderNamesBothPlaces() throws {
    // Given a long file whose rows go across the series, year by year (every chunk out of
    // order), and whose last row repeats its first, several chunks later
    var text = "series,year,value\n"
    for year in 0..<Self.years {
      for series in 0..<Self.series { text += "S\(series),\(1800 + year),1\n" }
    }
    text += "S0,1800,9\n"
    let path = try TestSupport.file("across.csv", text)
    let rows = Self.series * Self.years
    #expect(rows > 4 * Self.small.outOfOrder)

    // When it imports, then the error names both cells, and nothing is stored
    let database = try DairyDatabase.inMemory()
    let error = try ObservationBuffer.$chunkSizes.withValue(Self.small) {
      try #require(TestSupport.importError([path], into: database))
    }
    #expect(
      error.description
        == "\(path):\(rows + 2):9: error: \"S0\" has year 1800 twice: here and at \(path):2:9")
    #expect(try database.isEmpty())
  }

  @Test func aDuplicateInOneChunkOutOfOrderNamesBothPlaces() throws {
    // Given a long file whose series come back after another one, within one chunk
    let text = "series,year,value\nA,1,1\nA,2,1\nB,1,1\nA,3,1\nB,2,1\nA,2,5\n"
    let path = try TestSupport.file("back.csv", text)

    // When it imports, then the error names both cells
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(
      error.description == "\(path):7:5: error: \"A\" has year 2 twice: here and at \(path):3:5")
    #expect(try database.isEmpty())
  }

  @Test func aFailureWhileAChunkIsWrittenLeavesTheDatabaseAsItWas() throws {
    // Given a database file holding a dataset, and a long file of it whose last row is bad,
    // read while the chunks before it are being written
    let folder = try TestSupport.temporaryFolder()
    let database = try DairyDatabase.open(path: folder.appendingPathComponent("d.sqlite").path)
    let first = try TestSupport.file("long.csv", "series,year,value\nA,1,1\nA,2,2\n")
    _ = try database.importFiles([first])
    let before = try TestSupport.contents(database)
    var text = "series,year,value\n"
    let rows = 3 * ObservationBuffer.ChunkSizes.standard.inOrder
    for row in 0..<rows { text += "S\(row / 1000),\(1000 + row % 1000),1\n" }
    text += "S0,2999,x\n"
    try text.write(toFile: first, atomically: true, encoding: .utf8)

    // When it imports, then it fails on the bad row, and the database holds what it did
    let error = try #require(TestSupport.importError([first], into: database))
    #expect(error.description.hasPrefix("\(first):\(rows + 2):"))
    #expect(try TestSupport.contents(database) == before)
    #expect(try database.read { try $0.sections() }.count == 1)
  }

  static func amount(series: Int, year: Int) -> Double {
    Double(series * 1000 + year) + 0.25
  }
}
