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

/// What an import holds of a file's series, datasets, notes and metadata stops at a stated
/// limit, refused at the place in the file that passes it, and large legitimate inputs read
/// right. (That they take time linear in the file is measured by `Scripts/bench-hostile`, not
/// timed here.)
@Suite("Import bounds")
struct ImportBoundsTests {
  /// A report of ten years, a blank row, then `notes` under it (from line 14).
  static func report(notes: [String]) throws -> String {
    let data = (2000..<2010).map { "\($0),\($0 - 1900),\($0 - 1950)\n" }.joined()
    return try TestSupport.file(
      "report.csv",
      "Table 1--Milk production\nYear,Milk,Butter\n" + data + "\n"
        + notes.map { $0 + "\n" }.joined())
  }

  /// A marker of one, two or three letters for each number below 140,608.
  static func marker(_ number: Int) -> String {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    return String([letters[number % 52], letters[number / 52 % 52], letters[number / 2704]])
  }

  // MARK: - Series and datasets

  @Test func oneDatasetPastTheLimitIsRefusedAtItsRow() throws {
    // Given a long table that routes its rows to 10,001 datasets
    let rows = (0...SectionBook.maxDatasets).map { "d\($0),Milk,2000,1\n" }.joined()
    let path = try TestSupport.file("datasets.csv", "dataset,section,year,value\n" + rows)
    let database = try DairyDatabase.inMemory()
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: database))
    // Then the row of the 10,001st is refused, with the limit, and nothing is written
    #expect(
      error.description
        == "\(path):10002:8: error: more than 10,000 datasets, the limit for one import")
    #expect(error.exitCode == 65)
    #expect(try database.isEmpty())
  }

  @Test func oneSeriesPastTheLimitIsRefusedAtItsRow() throws {
    // Given a long table of 100,001 series
    let rows = (0...SectionBook.maxSections).map { "s\($0),2000,1\n" }.joined()
    let path = try TestSupport.file("series.csv", "section,year,value\n" + rows)
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    // Then the row of the 100,001st is refused, with the limit
    #expect(
      error.description
        == "\(path):100002:1: error: more than 100,000 series, the limit for one import")
  }

  @Test func twentyThousandSeriesOfOneTitleGetDistinctTitles() throws {
    // Given 20,000 titles that are all "Milk", and one that is "Milk (3)" already
    let titles = Array(repeating: "Milk", count: 20_000) + ["Milk (3)"]
    // When they are made distinct
    let distinct = SectionTitles.distinct(titles, groups: Array(repeating: nil, count: 20_001))
    // Then the first keeps its title, the others are numbered past the one taken
    #expect(distinct[0] == "Milk")
    #expect(distinct[1] == "Milk (2)")
    #expect(distinct[2] == "Milk (4)")
    #expect(distinct[19_999] == "Milk (20001)")
    #expect(Set(distinct).count == 20_001)
  }

  @Test func anImportOfTwentyThousandSeriesOfOneTitleStoresThemDistinct() throws {
    // Given 20,000 series whose sidecar titles them all "Milk"
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("milk.csv").path
    let rows = (0..<20_000).map { "s\($0),2000,\($0)\n" }.joined()
    try Data(("section,year,value\n" + rows).utf8).write(to: URL(fileURLWithPath: path))
    let series = Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("s\($0)", "Milk") })
      .mapValues { DatasetMetadata.Series([.title: $0]) }
    try JSONEncoder().encode(DatasetMetadata(series: series))
      .write(to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))
    // When it is imported
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then every series has a title of its own
    let titles = try database.read { try $0.sections().map(\.title) }
    #expect(titles.count == 20_000)
    #expect(Set(titles).count == 20_000)
  }

  // MARK: - Notes

  @Test func aNotesBlockPastTheLimitIsRefusedAtItsRow() throws {
    // Given a report with 100,000 footnote lines under its data, from line 14
    let path = try Self.report(notes: (0..<100_000).map { "\($0 % 99 + 1)/ text \($0)" })
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    // Then the 10,001st line is refused, with the limit
    #expect(
      error.description
        == "\(path):10014:1: error: more than 10,000 rows of titles or notes together, the "
        + "limit for a report")
  }

  @Test func oneLegendEntryPastTheLimitIsRefusedAtItsLine() throws {
    // Given a report whose notes define 101 markers, one a line
    let path = try Self.report(notes: (0...100).map { "\(Self.marker($0)) = meaning \($0)" })
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    // Then the line of the 101st is refused, with the limit
    #expect(
      error.description
        == "\(path):114:1: error: more than 100 legend entries (`MARKER = meaning`), the limit "
        + "for a report")
  }

  @Test func tenThousandNotesLinesAreRead() throws {
    // Given a notes block at its limit: a footnote continued for 9,000 lines, and 999 legend
    // lines that define one marker over and over
    var notes = NotesBlock()
    let here = SourceLocation(file: "notes.csv", line: 1)
    // When its lines are read
    notes.add("1/ Begins", at: here)
    for line in 0..<9_000 { notes.add("word\(line)", at: here) }
    for line in 0..<999 { notes.add("Ab = meaning \(line)", at: here) }
    // Then the footnote holds every line, the legend the first meaning
    #expect(
      notes.footnotes[1] == (["Begins"] + (0..<9_000).map { "word\($0)" }).joined(separator: " "))
    #expect(notes.legend == [DatasetFacts.LegendEntry(marker: "Ab", meaning: "meaning 0")])
    #expect(notes.notes.count == 999)
  }

  @Test func aSeriesKeepsEachOfThousandsOfNotesOnce() throws {
    // Given a long table of one series whose 20,000 rows give 10,000 notes, each twice
    let rows = (0..<20_000).map { "Milk,\(1000 + $0),1,note \($0 % 10_000)\n" }.joined()
    let path = try TestSupport.file("notes.csv", "section,year,value,notes\n" + rows)
    // When it is imported
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    // Then the series has each note once, in order
    let notes = try database.read { try $0.sections().map(\.notes) }
    #expect(notes == [(0..<10_000).map { "note \($0)" }.joined(separator: "\n")])
  }

  // MARK: - Metadata

  @Test func aSidecarOfMoreSeriesThanTheLimitIsRefusedAtTheKeyPastIt() throws {
    // Given a sidecar of 50,001 series, one a line
    let entries = (0...DatasetMetadata.maxSeries).map { "\"k\($0)\": {}" }
    let path = try TestSupport.file(
      "m.metadata.json", "{\"series\": {\n" + entries.joined(separator: ",\n") + "}}\n")
    // When it is read
    #expect {
      try DatasetMetadata.load(path: path)
    } throws: { error in
      // Then the key of the 50,001st is refused, with the limit
      (error as? DairyError)?.description
        == "\(path):50002:1: error: invalid metadata: more than 50,000 series, the limit for "
        + "a metadata file"
    }
  }

  @Test func keysTrimmedOfSpacesAreFoundThroughAnIndex() throws {
    // Given a sidecar of 100,000 series whose keys end in a space
    let series = Dictionary(
      uniqueKeysWithValues: (0..<100_000).map {
        ("k\($0) ", DatasetMetadata.Series([.title: "t\($0)"]))
      })
    var metadata = DatasetMetadata(series: series)
    // When 3,000 keys without the space are looked up
    let titles = (0..<3_000).map { metadata.series(forKey: "k\($0)")?[.title] }
    // Then each finds its series
    #expect(titles == (0..<3_000).map { "t\($0)" })
    // And a series added later is found too, and of two keys alike the first in order
    metadata.series[" Milk"] = .init([.title: "second"])
    metadata.series["Milk "] = .init([.title: "first"])
    #expect(metadata.series(forKey: "Milk")?[.title] == "second")
    #expect(metadata.series(forKey: " k7 ")?[.title] == "t7")
  }

  // MARK: - Files given twice

  @Test(arguments: ["same", "dot", "link"])
  func aFileGivenTwiceIsRefusedBeforeAnythingIsRead(_ spelling: String) throws {
    // Given a database with data, and a good file named twice: by one path, by `./` and the
    // path, or by the path and a symbolic link to it
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("ok.csv").path
    try Data("Year,Milk\n1975,247\n".utf8).write(to: URL(fileURLWithPath: path))
    let second: String
    switch spelling {
    case "same": second = path
    case "dot": second = folder.path + "/./ok.csv"
    default:
      second = folder.appendingPathComponent("link.csv").path
      try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: path)
    }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.usdaCSV])
    let before = try TestSupport.dump(database)
    // When both are imported
    let error = try #require(TestSupport.importError([path, second], into: database))
    // Then the command line is refused, naming the file (twice if spelled twice)
    let named =
      spelling == "same" ? "\(path) is given twice" : "\(path) and \(second) are the same file"
    #expect(error.description == "error: \(named); import each file once")
    #expect(error.exitCode == 64)
    #expect(try TestSupport.dump(database) == before)
  }

  // MARK: - A large sidecar beside a small table

  @Test func seriesTheMetadataDescribesAndTheTableLacksAreNamedUpToTenThenCounted() throws {
    // Given a table of one series, and a sidecar that describes it and 25 others
    let csv = try TestSupport.file("w.csv", "Year,Milk\n1990,1\n")
    let others = (0..<25).map { "\"s\($0 + 10)\": {}" }.joined(separator: ", ")
    try Data((#"{"series": {"Milk": {}, "# + others + "}}").utf8)
      .write(to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: csv)))

    // When it is imported
    let summary = try DairyDatabase.inMemory().importFiles([csv])

    // Then the first ten it lacks are named, a line each, and the other 15 counted on one
    let named = (10..<20).map {
      "\(csv): the metadata describes \"s\($0)\", which the file does not have"
    }
    #expect(
      summary.warnings
        == named + ["\(csv): the metadata describes 15 more series, which the file does not have"])
  }

  // MARK: - Texts a backup can restore

  /// A long table's notes column, one line a row, gathered into a section's notes.
  static func notesTable(rows: Int) throws -> String {
    let lines = (0..<rows).map {
      "Milk,\(1000 + $0),1,n\($0) " + String(repeating: "x", count: 1000)
    }
    return try TestSupport.file(
      "notes.csv", "product,year,amount,notes\n" + lines.joined(separator: "\n") + "\n")
  }

  @Test func notesGatheredPastAFieldsLimitAreRefusedAtTheSeries() throws {
    // Given a section whose notes, gathered from 1,100 rows, pass 1 MiB
    let path = try Self.notesTable(rows: 1_100)
    let database = try DairyDatabase.inMemory()

    // When it is imported, it is refused where the series is first named
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(
      error.description
        == "\(path):2:1: error: the notes of \"Milk\" are longer than 1 MiB (1,106,589 bytes), "
        + "the most a field may hold")
    #expect(try database.isEmpty())
  }

  @Test func notesJustUnderTheLimitAreStoredAndTheirBackupImportsAgain() throws {
    // Given a section whose notes, gathered from 1,000 rows, stay under 1 MiB
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try Self.notesTable(rows: 1_000)])

    // When the database is exported as a backup, and the backup imported into another
    var backup = ""
    try ExportFormat.json.write(database, to: &backup)
    let path = try TestSupport.file("backup.json", backup)
    let restored = try DairyDatabase.inMemory()
    _ = try restored.importFiles([path])

    // Then it holds the same
    #expect(try TestSupport.dump(restored) == TestSupport.dump(database))
  }

  // MARK: - Texts stored once per series

  @Test func aCaptionLongerThanTheLimitIsRefusedBeforeItIsSpread() throws {
    // Given a report whose group caption, over 50 columns, is 5 KiB long
    let caption = String(repeating: "milk ", count: 1_024)
    let series = (0..<50).map { "S\($0)" }.joined(separator: ",")
    let path = try TestSupport.file(
      "caption.csv",
      "Table 1--Milk\nYear,\(caption)\(String(repeating: ",", count: 49))\n,\(series)\n"
        + "2000,\((0..<50).map { _ in "1" }.joined(separator: ","))\n")

    // When it is imported, it is refused at the caption's cell
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(
      error.description
        == "\(path):2:6: error: this caption is longer than 4 KiB (5,119 bytes), the most a "
        + "report's header cell, row name or title line may hold")
  }

  @Test func aFootnoteStoredWithEverySeriesCountsAgainstTheImportsTexts() throws {
    // Given a 700 KB footnote that 100 series name: 70 MB of notes from a 0.7 MB file
    let header = (0..<100).map { "S\($0) 1/" }.joined(separator: ",")
    let data = (2000..<2003).map { year in
      "\(year)," + (0..<100).map { _ in "1" }.joined(separator: ",")
    }
    let path = try TestSupport.file(
      "footnote.csv",
      "Table 1--Milk\nYear,\(header)\n" + data.joined(separator: "\n") + "\n\n1/ "
        + String(repeating: "a", count: 700_000) + "\n")
    let database = try DairyDatabase.inMemory()

    // When it is imported, it is refused, and nothing is written
    let error = try #require(TestSupport.importError([path], into: database))
    #expect(
      error.description
        == "\(path): error: the keys, titles, units, groups and notes of this import's series "
        + "and datasets add up to more than 64 MiB, the limit for one import")
    #expect(try database.isEmpty())
  }

  @Test func aSidecarsTitleStoredWithEveryDatasetCountsAgainstTheImportsTexts() throws {
    // Given a long table of 100 datasets and a sidecar whose title is 700 KB
    let rows = (0..<100).map { "d\($0),Milk,2000,1" }.joined(separator: "\n")
    let path = try TestSupport.file("sets.csv", "dataset,section,year,value\n" + rows + "\n")
    let title = String(repeating: "t", count: 700_000)
    try Data(#"{"title": "\#(title)", "series": {}}"#.utf8)
      .write(to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))

    // When it is imported, it is refused at the row of the dataset that passes the limit
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(error.message.hasSuffix("add up to more than 64 MiB, the limit for one import"))
    #expect(error.location?.line == 97)
  }

  // MARK: - Messages that stay short

  @Test func aMessageQuotingAHugeNameShortensIt() throws {
    // Given a column named by half a megabyte, over a cell that is not a number
    let path = try TestSupport.file(
      "long.csv", "Year," + String(repeating: "M", count: 500_000) + "\n1990,abc\n")

    // When it is imported, the one line quotes 40 characters of the name, and its size
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(
      error.description
        == "\(path):2:6: error: \"abc\" is not a number (column \""
        + String(repeating: "M", count: 40) + "…\" (500000 bytes))")

    // And a short quote, an unclosed one, or none, stay as they are
    for message in ["\"a\" and \"b\"", "a \"" + String(repeating: "x", count: 300), "plain"] {
      #expect(DairyError.shortened(message) == message)
    }
  }

  @Test func aKeyJoinedPastAFieldsLimitIsRefused() throws {
    // Given a long table whose two section columns, of 700 KB each, make a 1.4 MB key
    let path = try TestSupport.file(
      "key.csv",
      "state,county,year,value\n" + String(repeating: "a", count: 700_000) + ","
        + String(repeating: "b", count: 700_000) + ",1990,1\n")
    var options = ImportOptions()
    options.format = .long

    // When it is imported, it is refused (its backup could not be read back)
    let error = try #require(
      TestSupport.importError([path], into: try DairyDatabase.inMemory(), options: options))
    #expect(error.location == SourceLocation(file: path, line: 2, column: 1))
    #expect(error.message.hasPrefix("the key of \"aaaa"))
    #expect(
      error.message.hasSuffix("is longer than 1 MiB (1,400,003 bytes), the most a field may hold"))
  }
}
