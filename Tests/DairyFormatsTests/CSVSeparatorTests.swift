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

/// CSV files separated by semicolons or tabs: which separator a file is read with, and that
/// such files import as their comma-separated twins do.
@Suite("CSV separators")
struct CSVSeparatorTests {
  static func detect(_ text: String, isWhole: Bool = true) -> CSVSeparator {
    Array(text.utf8).withUnsafeBufferPointer { CSVSeparator.detect(in: $0, isWhole: isWhole) }
  }

  static func widths(_ text: String, _ separator: CSVSeparator, isWhole: Bool = true) -> [Int] {
    Array(text.utf8).withUnsafeBufferPointer {
      CSVSeparator.fieldCounts(in: $0, separator: separator.byte, isWhole: isWhole)
    }
  }

  @Test func aFileWithCommasInItsHeaderIsCommaSeparated() {
    #expect(Self.detect("Year,Milk\n1975,247\n") == .comma)
    // Semicolons and tabs inside the names of a comma-separated file do not change it
    #expect(Self.detect("Year,Milk; fluid; whole\n1975,247\n1976,248\n") == .comma)
    #expect(Self.detect("Year,Milk\tfluid\n1975,247\n") == .comma)
  }

  @Test func aHeaderWithNoCommaButSemicolonsOrTabs() {
    #expect(Self.detect("Year;Milk;Butter\n1975;247;4.7\n") == .semicolon)
    #expect(Self.detect("Year\tMilk\tButter\n1975\t247\t4.7\n") == .tab)
    // A header alone decides too
    #expect(Self.detect("Year;Milk") == .semicolon)
  }

  @Test func separatorsInsideQuotesDoNotCount() {
    #expect(Self.detect("\"Year,Month\";Milk\n1975;247\n") == .semicolon)
    #expect(Self.detect("\"Year;Month\",Milk\n1975,247\n") == .comma)
    #expect(Self.detect("\"Milk\nfluid, whole\";Year\n247;1975\n") == .semicolon)
  }

  @Test func aHeaderOfOneColumnIsReadWithCommas() {
    #expect(Self.detect("Year\n1975\n") == .comma)
    #expect(Self.detect("\"Year;Milk\"\n1975\n") == .comma)
    #expect(Self.detect("") == .comma)
  }

  @Test func aTitleLineWithACommaAboveLinesSplitBySemicolons() {
    // Given a report saved by a spreadsheet set to semicolons: its title holds a comma
    let report = """
      Dairy products: supply, use and prices;;;
      ;;;
      Year;Milk;Cheese;Butter
      1975;247;14.3;4.7
      1976;247;15.5;4.3

      """
    // Then most lines split into four fields by semicolons, and the file is read so
    #expect(Self.detect(report) == .semicolon)
  }

  @Test func aTieGoesToTheCommaThenTheTab() {
    #expect(Self.detect("a,b\tc\n") == .comma)
    #expect(Self.detect("a;b\tc\n") == .tab)
    #expect(Self.detect("a;b,c\n") == .comma)
    // Unless neither splits every record evenly: then the most records of one width win
    #expect(Self.detect("Title, of the report\nYear;Milk\n1975;247\n\"x\";\"y\"\n") == .semicolon)
    #expect(Self.detect("a;b,c\nd\ne,f;g;h\n") == .comma)
  }

  @Test func aSeparatorThatSplitsEveryRecordEvenlyWinsOverOneThatSplitsMore() {
    // Given comma-separated notes holding tabs and line breaks: split by tabs, the quotes do not
    // open at a field's start, so each line is a record of two fields
    let notes = "Year,Notes\n1975,\"a\tb\nc\td\"\n1976,\"e\tf\ng\th\"\n"
    #expect(Self.widths(notes, .tab).count > Self.widths(notes, .comma).count)
    // Then the comma, which splits every record into two fields, keeps the file
    #expect(Self.detect(notes) == .comma)
  }

  @Test func recordsAreCountedAsTheReaderReadsThem() {
    // Blank lines skipped, quoted line breaks and doubled quotes kept inside their field
    #expect(Self.widths("\n\r\na;b\r\n\n", .semicolon) == [2])
    #expect(Self.widths("\"a\nb\";c\nd;e\n", .semicolon) == [2, 2])
    #expect(Self.widths("\"a\"\";b\";c\n", .semicolon) == [2])
    #expect(Self.widths("\"\"\n", .comma) == [1])
    // A record the sample cuts short counts when it is the first, or the sample is the file
    #expect(Self.widths("Year;Milk\n1975;247\n1976;2", .semicolon, isWhole: false) == [2, 2])
    #expect(Self.widths("Year;Milk\n1975;247\n1976;2", .semicolon, isWhole: true) == [2, 2, 2])
    #expect(Self.widths("a;b;c", .semicolon, isWhole: false) == [3])
    // At most the first 20 records
    let long = String(repeating: "a;b\n", count: 25)
    #expect(Self.widths(long, .semicolon).count == CSVSeparator.sampleRecords)
  }

  @Test func everyFileThatImportsWithCommasStaysCommaSeparated() {
    // Given random comma-separated files whose records all have one width of two or more (as
    // every file that imports has), fields full of semicolons, tabs and quotes
    var generator = RandomCSV(seed: 2024)
    var checked = 0
    for _ in 0..<3_000 {
      let file = generator.file()
      guard let width = file.records.first?.count, width >= 2,
        file.records.allSatisfy({ $0.count == width })
      else { continue }
      checked += 1
      // Then they are detected as comma-separated
      // (the reader detects from the text after a byte-order mark)
      let text =
        file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(file.bytes.dropFirst(3)) : file.bytes
      let separator = text.withUnsafeBufferPointer { CSVSeparator.detect(in: $0, isWhole: true) }
      #expect(
        separator == .comma, "\(String(decoding: file.bytes, as: UTF8.self).debugDescription)")
    }
    #expect(checked > 300)
  }

  @Test func namesAsTyped() {
    #expect(CSVSeparator(name: ";") == .semicolon)
    #expect(CSVSeparator(name: "Tab") == .tab)
    #expect(CSVSeparator(name: "\\t") == .tab)
    #expect(CSVSeparator(name: ",") == .comma)
    #expect(CSVSeparator(name: "pipe") == nil)
  }

  // MARK: - Importing

  @Test func aSemicolonFileImportsAsItsCommaTwinDoes() throws {
    // Given a semicolon-separated file (a quoted name holds a semicolon) and its comma twin
    let semicolons = TestSupport.fixture("good/semicolon-wide.csv")
    let commas = try TestSupport.file(
      "semicolon-wide.csv",
      "Year,Whole milk,\"Cheese; all kinds\",Butter\n1975,119.4,14.3,4.7\n"
        + "1976,117.0,15.5,4.3\n1977,,16.0,4.3\n")
    // When each is imported
    let first = try DairyDatabase.inMemory()
    let summary = try first.importFiles([semicolons])
    let second = try DairyDatabase.inMemory()
    _ = try second.importFiles([commas])
    // Then they hold the same sections and observations
    #expect(summary.observations == 8 && summary.missing == 1)
    #expect(try TestSupport.contents(first) == TestSupport.contents(second))
    #expect(try TestSupport.contents(first)["Cheese; all kinds"]?[1976] == 15.5)
  }

  @Test func aTabSeparatedLongFileImports() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("good/tab-long.tsv")])
    let contents = try TestSupport.contents(database)
    #expect(contents == ["Maine": [1975: 629, 1976: 628], "Ohio": [1975: 4523.5, 1976: 4611]])
    let notes = try database.read { try $0.sections().first?.notes }
    #expect(notes == "thousand head, \"as reported\"")
  }

  @Test func theSourceSaysWhatItReadsWith() throws {
    let source = try CSVSource(path: TestSupport.fixture("good/semicolon-wide.csv"))
    #expect(source.separator == .semicolon)
    #expect(source.encoding == .utf8)
    let tabs = try CSVSource(path: TestSupport.fixture("good/tab-long.tsv"))
    #expect(tabs.separator == .tab)
  }

  @Test func theSeparatorOptionOverridesDetection() throws {
    // Given a tab-separated file
    let path = try TestSupport.file("tabs.csv", "Year\tMilk\n1975\t247\n")
    var options = ImportOptions()
    // When it is read with semicolons, its header is one name
    options.separator = .semicolon
    let error = TestSupport.importError(
      [path], into: try DairyDatabase.inMemory(), options: options)
    #expect(error?.message.hasPrefix("the header has no year column (\"Year\\tMilk\")") == true)
    // And with tabs, as detected, it imports
    options.separator = .tab
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path], options: options)
    #expect(try TestSupport.contents(database) == ["Milk": [1975: 247]])
  }

  @Test func aRowWiderThanTheHeaderNamesTheSeparator() throws {
    let path = try TestSupport.file("tabs.csv", "Year\tMilk\n1975\t247\t1\n")
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(
      error?.message == "this row has 3 fields but the header has 2; quote fields that contain tabs"
    )
  }
}
