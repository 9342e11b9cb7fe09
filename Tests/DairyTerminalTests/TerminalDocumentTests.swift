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

/// JSON, CSV and SVG on a terminal: the hostile data's controls reach the screen escaped, as in
/// the tables, whatever the command; a file or a pipe gets the exact bytes.
@Suite("Machine formats on a terminal")
struct TerminalDocumentTests {
  static let screen = Terminal(isTerminal: true, width: 80, height: 24, wantsColor: true)
  static let pipe = Terminal(width: 80)

  /// The hostile data in a database file, for `export`, which opens its `--db`.
  static let databasePath: String = {
    let path = try! TestSupport.temporaryFolder().appendingPathComponent("h.sqlite").path
    let database = try! DairyDatabase.open(path: path)
    _ = try! database.importFiles([try! Hostile.files().csv], options: Hostile.options)
    return path
  }()

  enum Document: String, CaseIterable {
    case showCSV, showJSON, sectionsJSON, exportCSV, exportJSON, chartJSON, chartSVG
  }

  /// What the command writes on standard output, on `terminal`.
  static func output(_ document: Document, on terminal: Terminal) -> String {
    var output = ""
    var errors = ""
    let open = { try ReadingDatabase(database: DairyDatabase.open(path: databasePath)) }
    let status: Int32
    switch document {
    case .showCSV, .showJSON:
      let line = ShowCommandLine(pageSize: 100, format: document == .showCSV ? .csv : .json)
      status = ShowFlow.run(line, terminal: terminal, output: &output, errors: &errors, open: open)
    case .sectionsJSON:
      status = SectionsFlow.run(
        SectionsFlow.Request(format: .json), terminal: terminal, output: &output,
        errors: &errors, open: open)
    case .exportCSV, .exportJSON:
      status = ExportFlow.run(
        format: document == .exportCSV ? .csv : .json, database: databasePath,
        terminal: terminal, output: &output, errors: &errors)
    case .chartJSON, .chartSVG:
      let request = ChartRequest(
        searches: ["Milk"], format: document == .chartJSON ? .json : .svg)
      status = ChartFlow.run(
        request, terminal: terminal, output: &output, errors: &errors, open: open)
    }
    #expect(status == 0, "\(errors)")
    return output
  }

  @Test(arguments: Document.allCases)
  func aTerminalGetsNoControlCharacter(document: Document) {
    // When the hostile data is written in a machine format to a terminal
    let text = Self.output(document, on: Self.screen)

    // Then nothing in it but its line breaks is a control or bidi character
    let unsafe = text.unicodeScalars.filter { $0 != "\n" && TextEscaping.needsEscape($0) }
    #expect(unsafe.isEmpty, "\(unsafe.map { String($0.value, radix: 16) })")
    #expect(text.contains("Milk"))
  }

  @Test(arguments: Document.allCases)
  func aPipeGetsTheExactBytes(document: Document) {
    // When it is written to a file or a pipe
    let text = Self.output(document, on: Self.pipe)

    // Then the title is there as it is in the data (in JSON, as the encoder writes it)
    switch document {
    case .showCSV, .exportCSV:
      #expect(text.contains(Hostile.escTitle))
    case .chartSVG:
      // (An SVG shows controls escaped wherever it goes: XML 1.0 cannot hold most of them.)
      #expect(text.contains("Milk\\e[31m red"))
    case .showJSON, .sectionsJSON, .exportJSON, .chartJSON:
      #expect(text.contains("\u{202E}evil"))
    }
  }

  @Test(arguments: [Document.showJSON, .sectionsJSON, .exportJSON, .chartJSON])
  func jsonOnATerminalIsStillTheSameJSON(document: Document) throws {
    // When JSON goes to a terminal, its strings' controls are JSON escapes
    let screen = Self.output(document, on: Self.screen)
    let pipe = Self.output(document, on: Self.pipe)
    #expect(screen != pipe)

    // Then it parses to the very same values
    let a = try JSONSerialization.jsonObject(with: Data(screen.utf8)) as? NSObject
    let b = try JSONSerialization.jsonObject(with: Data(pipe.utf8)) as? NSObject
    #expect(a != nil && a == b)
  }

  @Test(arguments: [Document.showCSV, .exportCSV])
  func csvOnATerminalKeepsItsLines(document: Document) {
    // When CSV, whose lines end in CRLF, goes to a terminal
    let screen = Self.output(document, on: Self.screen)
    let pipe = Self.output(document, on: Self.pipe)

    // Then it has a line a record there too, as a person reads it
    #expect(pipe.contains("\r\n"))
    #expect(
      screen.split(separator: "\n").count
        == pipe.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").count)
    #expect(!screen.contains("\\r\\n"))
  }

  @Test func escapingIsTheTablesEscaping() {
    let screen = Terminal(isTerminal: true)
    // (A CSV line's CRLF is a line break on a screen; a lone CR is shown.)
    #expect(screen.shown("a\u{1B}[2J,\u{7}\r\nb\rc\n", as: .text) == "a\\e[2J,\\x07\nb\\rc\n")
    #expect(
      screen.shown("[\"\u{202E}\u{9B}\u{E0041}\"]", as: .json)
        == "[\"\\u202e\\u009b\\udb40\\udc41\"]")
    #expect(Self.pipe.shown("a\u{1B}b", as: .text) == "a\u{1B}b")
  }
}
