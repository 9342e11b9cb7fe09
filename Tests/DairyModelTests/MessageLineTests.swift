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

#if canImport(Glibc)
  import Glibc
#endif

/// The library's side of "every message is one safe line": the types that carry names render
/// them escaped, messages are written through one function, and standard error escapes whatever
/// else reaches it.
@Suite("Messages are one safe line")
struct MessageLineTests {
  static let hostile = "a\u{1B}]52;c;aGk=\u{07}\nb\r\u{202E}\u{2028}\u{9B}"

  @Test func aFileNameInALocationIsEscaped() {
    let here = SourceLocation(file: Self.hostile + ".csv", line: 3, column: 7)
    #expect(here.description == "a\\e]52;c;aGk=\\x07\\nb\\r\\u{202E}\\u{2028}\\x9B.csv:3:7")
    let cell = SourceLocation(
      file: "x\n.xlsx", sheet: "s\u{1B}", cell: CellReference(column: 0, row: 1))
    #expect(cell.description == "x\\n.xlsx: sheet 's\\e', cell A1")
  }

  @Test func anErrorIsOneLineWhateverItsMessageNames() {
    let error = DairyError(.database, "\(Self.hostile) is not a SQLite database")
    #expect(!error.description.contains("\n"))
    #expect(!error.description.unicodeScalars.contains(where: TextEscaping.needsEscape))
  }

  /// Data is escaped where the message is made; escaping the line again changes nothing.
  @Test func escapedDataIsNotEscapedTwice() throws {
    let path = try TestSupport.file("m.csv", "Year,Milk\n1990,\"x\u{1B}[2J\"\n")
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    #expect(
      error.description == "\(path):2:6: error: \"x\\e[2J\" is not a number (column \"Milk\")")
    var errors = ""
    DairyError.report(error, to: &errors)
    #expect(errors == "dairy: " + error.description + "\n")
    for name in Hostile.names {
      let once = TextEscaping.visible(name)
      #expect(TextEscaping.visible(once) == once)
    }
  }

  @Test func writeMessageMakesOneLine() {
    var errors = ""
    errors.writeMessage("dairy: warning: " + Self.hostile)
    #expect(errors == "dairy: warning: a\\e]52;c;aGk=\\x07\\nb\\r\\u{202E}\\u{2028}\\x9B\n")
  }

  @Test func theSummaryShowsDatasetNamesEscapedOneLineEach() throws {
    let folder = try TestSupport.temporaryFolder().path
    let first = folder + "/first\u{1B}[2J\n.csv"
    let second = folder + "/second\r.csv"
    try Data("Year,Milk\n1990,1\n".utf8).write(to: URL(fileURLWithPath: first))
    try Data("Year,Milk\n1990,1\n".utf8).write(to: URL(fileURLWithPath: second))
    let summary = try DairyDatabase.inMemory().importFiles([first, second])
    #expect(summary.lines.count == 3)
    #expect(summary.lines[0].hasPrefix("imported first\\e[2J\\n: 1 section, 1 observation"))
    #expect(summary.lines[1].hasPrefix("imported second\\r: 1 section"))
    #expect(summary.description == summary.lines.joined(separator: "\n"))
  }

  /// Standard error escapes what it is given, line breaks aside; the progress bar draws as is.
  @Test func standardErrorShowsControlsEscaped() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let error = StandardStream(descriptor: ends[1], escapes: true)
    error.write("Error: " + Self.hostile + "\nUsage: dairy\n")
    error.draw("\r\u{1B}[K")
    error.close()
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = read(ends[0], &bytes, bytes.count)
    close(ends[0])
    #expect(
      String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        == "Error: a\\e]52;c;aGk=\\x07\nb\\r\\u{202E}\\u{2028}\\x9B\nUsage: dairy\n\r\u{1B}[K")
  }

  @Test func visibleLinesKeepsLineBreaksOnly() {
    #expect(
      TextEscaping.visibleLines("Error: \u{1B}[2J\nUsage: dairy") == "Error: \\e[2J\nUsage: dairy")
    #expect(TextEscaping.visibleLines("plain\ntext\n") == "plain\ntext\n")
  }
}
