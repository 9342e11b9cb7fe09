import DairyTestSupport
import Foundation
import Synchronization
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Where `show`'s output goes: every row to a file or a pipe, a page on a terminal, through the
/// pager when it is longer than the screen.
@Suite("show output: every row, pages and the pager")
struct ShowOutputTests {
  static let database: DairyDatabase = {
    let database = try! DairyDatabase.inMemory()
    try! TestSupport.importPerCapita(into: database)
    return database
  }()

  /// `show` as the binary runs it on the per-capita table, with the terminal's facts given and a
  /// pager that records what it is given (and fails when `pagerFails`).
  func show(
    _ line: ShowCommandLine, terminal: Terminal = Terminal(), pagerFails: Bool = false
  ) -> (status: Int32, output: String, errors: String, paged: [String]) {
    var output = ""
    var errors = ""
    let paged = Mutex<[String]>([])
    let status = ShowFlow.run(
      line, terminal: terminal, output: &output, errors: &errors,
      open: { ReadingDatabase(database: Self.database) },
      pager: { command, text in
        paged.withLock { $0.append(command + "\n" + text) }
        return pagerFails ? .failed("\(command): No such file or directory") : .shown
      })
    return (status, output, errors, paged.withLock { $0 })
  }

  static let screen = Terminal(
    isTerminal: true, width: 80, height: 24, errorIsTerminal: true, pager: "less -R")

  // MARK: - Every row to a file or a pipe

  @Test(arguments: [ShowRenderer.Format.csv, .json])
  func csvAndJSONToAPipeHoldEveryRowAndNoNote(format: ShowRenderer.Format) throws {
    // Given CSV or JSON, standard output not a terminal, and no --page-size
    // When show runs
    let result = show(ShowCommandLine(format: format))

    // Then every row of the 958 is written, and stderr says nothing of a next page
    #expect(result.status == 0)
    #expect(result.errors == "")
    if format == .csv {
      let lines = result.output.split(separator: "\r\n")
      // with the 50 marked missing cells (`NA`) as lines of their own, a marker column saying it
      #expect(lines.first == "dataset,section,year,amount,unit,marker")
      #expect(lines.count == 1 + 958 + 50)
      #expect(lines.filter { $0.hasSuffix(",NA") }.count == 50)
    } else {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
      let sections = try #require(object["sections"] as? [[String: Any]])
      #expect(sections.count == 21)
      #expect(sections.map { ($0["rows"] as? [Any])?.count ?? 0 }.reduce(0, +) == 958)
      // Every section is whole, so each has its notes
      #expect(sections.allSatisfy { $0["notes"] is String })
      let footer = try #require(object["footer"] as? [String: Any])
      #expect(footer["state"] as? String == "completed")
      #expect(footer["loaded"] as? Int == 958 && footer["total"] as? Int == 958)
      #expect(footer["next"] is NSNull)
    }
  }

  @Test func pageSizeOrPageStillPagesWithTheNote() {
    // Given CSV to a pipe with --page-size, or with --page
    var sized = ShowCommandLine(format: .csv)
    sized.pageSize = 3
    var numbered = ShowCommandLine(format: .csv)
    numbered.page = 2
    for line in [sized, numbered] {
      // When show runs
      let result = show(line)

      // Then it writes one page, and the footer's note with the next page's command
      #expect(result.status == 0)
      let rows = result.output.split(separator: "\r\n").count - 1
      #expect(rows == (line.pageSize ?? 50))
      #expect(result.errors.hasPrefix("dairy: "), "\(result.errors)")
      #expect(result.errors.contains("next page: dairy show"))
    }
  }

  @Test func onATerminalCSVIsOnePage() {
    // Given CSV on a terminal, without a pager
    var terminal = Self.screen
    terminal.pager = nil
    // When show runs
    let result = show(ShowCommandLine(format: .csv), terminal: terminal)
    // Then it is a page of 50 rows, and the note
    #expect(result.output.split(separator: "\n").count == 51)
    #expect(result.errors.contains("50 of 958 rows"))
  }

  @Test func afterACursorEveryRowFromThere() {
    // Given a cursor at the 5th row, CSV to a pipe
    var line = ShowCommandLine(format: .csv)
    let page = try! Self.database.page(PageRequest(pageSize: 5))
    line.after = page.next
    // When show runs, then the 953 rows after it are written, and the 50 marked cells (`NA`)
    let result = show(line)
    #expect(result.output.split(separator: "\r\n").count == 1 + 953 + 50)
    #expect(result.errors == "")
  }

  @Test func nothingMatchesSaysSoOnStandardError() {
    let result = show(ShowCommandLine(search: "xyz", format: .json))
    #expect(result.status == 0)
    #expect(result.output.contains(#""state":"hidden""#))
    #expect(
      result.errors
        == "dairy: No section matches \"xyz\". Try `dairy sections` to see every title.\n")
  }

  // MARK: - Streaming

  /// A database of one section of `rows` years.
  static func longSection(rows: Int) throws -> DairyDatabase {
    var csv = "year,milk\n"
    for year in 0..<rows { csv += "\(year),\(year % 97).5\n" }
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try TestSupport.file("long.csv", csv)], options: ImportOptions())
    return database
  }

  @Test func pagesAreReadAsTheDocumentIsWrittenAndJoinedIntoOneSection() throws {
    // Given a section of 30,000 rows, read 1,000 rows a page
    let database = try Self.longSection(rows: 30_000)
    // When its JSON is written through a stream that notes how many pages were read at each
    // write
    final class Recorder: TextOutputStream {
      var fetched = 0
      var fetchedAtWrites: [Int] = []
      var text = ""
      func write(_ string: String) {
        fetchedAtWrites.append(fetched)
        text += string
      }
    }
    let recorder = Recorder()
    var output = recorder
    try database.read { snapshot in
      let stream = try PageStream(PageRequest(), pageSize: 1_000) { request in
        recorder.fetched += 1
        return try snapshot.page(request, display: false)
      }
      try stream.writeJSON(to: &output)
    }

    // Then the document was written while the pages were read, not after the last
    #expect(recorder.fetched == 30)
    #expect(recorder.fetchedAtWrites.count > 5)
    #expect(recorder.fetchedAtWrites.first! < 10)
    // And it is one document, with one section of every row
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(recorder.text.utf8)) as? [String: Any])
    let sections = try #require(object["sections"] as? [[String: Any]])
    #expect(sections.count == 1)
    #expect((sections[0]["rows"] as? [Any])?.count == 30_000)
  }

  @Test(arguments: [1, 7, 50, 10_000])
  func thePageSizeOfTheStreamChangesNoByte(pageSize: Int) throws {
    // Given every row with --change, read `pageSize` rows a page
    func written(_ format: ShowRenderer.Format, pageSize: Int) throws -> String {
      var text = ""
      try Self.database.read { snapshot in
        let stream = try PageStream(PageRequest(), pageSize: pageSize) { request in
          var page = try snapshot.page(request, display: false)
          page.showsChange(true)
          return page
        }
        if format == .csv {
          try stream.writeCSV(
            matching: try snapshot.sections(matching: SectionFilter()), change: true, to: &text)
        } else {
          try stream.writeJSON(to: &text)
        }
      }
      return text
    }
    // Then CSV and JSON are the same bytes as read in one page (a section's change crosses
    // pages, and a section split by pages is one section)
    for format in [ShowRenderer.Format.csv, .json] {
      #expect(try written(format, pageSize: pageSize) == written(format, pageSize: 100_000))
    }
  }

  // MARK: - The pager

  @Test func aLongTableOnATerminalGoesThroughThePager() {
    // Given a terminal of 24 lines with a pager, and a page longer than it
    // When show runs
    let result = show(ShowCommandLine(), terminal: Self.screen)
    // Then the page goes to the pager, and nothing to standard output
    #expect(result.status == 0)
    #expect(result.output == "")
    #expect(result.paged.count == 1)
    #expect(result.paged.first?.hasPrefix("less -R\nDairy products: per capita") == true)
  }

  @Test func aPageThatFitsTheScreenNoPagerOrNoTerminalIsWrittenDirectly() {
    var noPager = ShowCommandLine()
    noPager.pager = false
    var unset = Self.screen
    unset.pager = nil
    let cases: [(ShowCommandLine, Terminal)] = [
      // fits: 20 lines on 24
      (ShowCommandLine(search: "butter", since: 2020), Self.screen),
      (noPager, Self.screen),
      (ShowCommandLine(), unset),
      (ShowCommandLine(), Terminal(width: 80)),
    ]
    for (line, terminal) in cases {
      let result = show(line, terminal: terminal)
      #expect(result.paged.isEmpty)
      #expect(!result.output.isEmpty)
    }
  }

  @Test func aPagerThatCannotStartLeavesAWarningAndTheOutput() {
    let result = show(ShowCommandLine(), terminal: Self.screen, pagerFails: true)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Dairy products: per capita"))
    #expect(
      result.errors
        == "dairy: warning: cannot start the pager (less -R: No such file or directory); "
        + "writing directly (set PAGER, or PAGER=cat or --no-pager for none)\n")
  }

  @Test func pagerComesFromPAGER() {
    #expect(Pager.command(environment: [:]) == "less -R")
    #expect(Pager.command(environment: ["PAGER": ""]) == nil)
    #expect(Pager.command(environment: ["PAGER": " cat "]) == nil)
    #expect(Pager.command(environment: ["PAGER": "more"]) == "more")
    #expect(Pager.words("less -R") == ["less", "-R"])
    #expect(Pager.words("less -R | tee x") == nil)
    #expect(Pager.words("\"my pager\"") == nil)
  }

  @Test func aPagerProcessGetsTheTextAndMayQuitEarly() throws {
    let folder = try TestSupport.temporaryFolder()
    let file = folder.appendingPathComponent("paged.txt").path
    // Given a pager that writes what it reads to a file (through the shell)
    #expect(Pager.run("cat > '\(file)'", text: "one\ntwo\n") == .shown)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "one\ntwo\n")
    // And one that reads 10 bytes of 4 MB and quits: not an error, and no SIGPIPE
    let long = String(repeating: "0123456789abcdef\n", count: 250_000)
    #expect(Pager.run("head -c 10 > /dev/null", text: long) == .shown)
    // And a program that is not there, run directly or through the shell
    guard case .failed(let reason) = Pager.run("no-such-pager-1234 -R", text: "x") else {
      Issue.record("a missing pager ran")
      return
    }
    #expect(reason == "no-such-pager-1234: No such file or directory")
    #expect(Pager.run("no-such-pager-1234 2>/dev/null | cat", text: "x") == .shown)
    #expect(Pager.run("no-such-pager-1234 2>/dev/null", text: "x") != .shown)
  }
}
