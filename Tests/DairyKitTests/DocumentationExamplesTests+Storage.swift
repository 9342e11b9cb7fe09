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

/// The `///` examples of Storage, Import, Errors and Support (see ``DocumentationExamplesTests``).
@Suite("Documentation examples: storage, import, errors, support")
struct StorageDocumentationExamplesTests {
  @Test func dairyDatabase() throws {
    // Given a milk.csv, and a new folder for the database
    let milk = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n")
    let path = try TestSupport.temporaryFolder().appendingPathComponent("dairy.sqlite").path
    let database = try DairyDatabase.open(path: path)
    let summary = try database.importFiles([milk])
    #expect(summary.observations == 1)
  }

  @Test func read() throws {
    let database = BrowseDriver.usda
    let count = try database.read { snapshot in try snapshot.sections().count }
    #expect(count == 21)
  }

  @Test func page() throws {
    let database = BrowseDriver.usda
    let first = try database.page(PageRequest(pageSize: 20))
    let second = try database.page(PageRequest(pageSize: 20, start: .after(first.next!)))
    #expect(second.rowsBefore == 20)
  }

  @Test func importFiles() throws {
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([TestSupport.usdaCSV])
    #expect(summary.observations == 958)  // 958
  }

  @Test func databaseLocation() throws {
    let location = try DatabaseLocation.resolve(flag: nil, environment: ["HOME": "/home/ann"])
    #expect(location.path == "/home/ann/.local/share/dairy/dairy.sqlite")
  }

  @Test func importOptions() {
    var options = ImportOptions()
    options.format = .long
    options.sectionColumns = ["state"]
    #expect(options.format == .long && options.sectionColumns == ["state"])
  }

  @Test func numberParser() {
    let numbers = NumberParser(missingMarkers: ["NA"])
    #expect(numbers.amount(Array("8.1".utf8)) == .value(8.1, decimals: 1))
  }

  @Test func importSummary() throws {
    let summary = try DairyDatabase.inMemory().importFiles([TestSupport.usdaCSV])
    #expect(
      summary.description.hasPrefix(
        "imported per_capita_consumption_1975-2022: 21 sections, 958 observations, 50 missing cells"
      ))
  }

  @Test func dairyError() {
    let error = DairyError.importFailed(
      SourceLocation(file: "milk.csv", line: 3, column: 7), "\"abc\" is not a number")
    #expect("\(error)" == "milk.csv:3:7: error: \"abc\" is not a number")
  }

  @Test func sourceLocation() {
    let here = SourceLocation(file: "milk.csv", line: 3, column: 7)
    #expect("\(here)" == "milk.csv:3:7")
  }

  @Test func grouping() {
    #expect(Grouping.digits(1_234_567) == "1,234,567")
  }

  @Test func backgroundDigest() {
    let digest = BackgroundDigest()
    Array("abc".utf8).withUnsafeBytes { chunk in digest.update(chunk) }
    #expect(digest.hexDigest.hasPrefix("ba7816bf"))  // waits for the chunks still queued
  }

  @Test func backgroundDigestOfAFile() throws {
    let path = try TestSupport.file("abc.csv", "abc")
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    let digest = BackgroundDigest()
    digest.hashFile(dup(fd), from: 0)
    #expect(digest.hexDigest.hasPrefix("ba7816bf") && digest.bytesHashed == 3)
  }

  @Test func sha256() {
    var hash = SHA256()
    hash.update(Array("abc".utf8))
    #expect(hash.hexDigest.hasPrefix("ba7816bf"))  // ba7816bf…
  }

  @Test func textEscaping() {
    #expect(TextEscaping.visible("Milk\u{1B}[31m") == "Milk\\e[31m")
  }

  @Test func visibleLines() {
    #expect(
      TextEscaping.visibleLines("Error: \u{1B}[2J\nUsage: dairy") == "Error: \\e[2J\nUsage: dairy")
  }

  @Test func columnRoles() throws {
    let header = HeaderColumns(names: ["state", "year", "value"]) {
      SourceLocation(file: "long.csv", line: 1, column: [1, 7, 12][$0])
    }
    var roles = ColumnRoles(header: header)  // state,year,value
    try roles.claim(1, as: "the year column")
    #expect(
      throws: DairyError(
        .input, at: SourceLocation(file: "long.csv", line: 1, column: 7),
        "--section-column \"year\" names the year column; it cannot also be a column that "
          + "names the series")
    ) {
      try roles.claim(1, as: "a column that names the series", by: "--section-column")
    }
  }

  @Test func jsonNode() throws {
    let json = JSONScanner(bytes: Array(#"{"series": {}}"#.utf8), file: "m.json")
    let node = try JSONNode.read(from: json)
    #expect(node.members?.first?.key == "series")  // "series"
    #expect(node.members?.first?.value.place.column == 12)  // 12
    let numbers = JSONScanner(bytes: Array(#"[1, 2]"#.utf8), file: "m.json")
    var read: [Int64] = []
    try numbers.array { read.append(try numbers.integer("a number").value) }
    #expect(read == [1, 2])
  }

  @Test func datasetMetadataRead() throws {
    let metadata = try DatasetMetadata.read(
      Array(#"{"series": {"Milk": {"title": "Milk"}}}"#.utf8), file: "m.json")
    #expect(metadata.series["Milk"]?[.title] == "Milk")  // "Milk"
  }

  @Test func writeMessage() {
    var errors = ""
    errors.writeMessage("dairy: warning: milk\n.csv")
    #expect(errors == "dairy: warning: milk\\n.csv\n")
  }
}
