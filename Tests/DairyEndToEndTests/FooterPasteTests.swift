import ArgumentParser
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
@testable import dairy

/// The commands `dairy show` prints (the footer's next page, retry and earlier years, and the
/// empty states' last and first page) run as printed when pasted into bash from their first
/// word to their end, at every width: bash hands the program exactly the intended arguments,
/// and both parsers read them back as the intended command line.
@Suite(
  .tags(.endToEnd),
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
struct FooterPasteTests {
  /// Values that quoting and wrapping could get wrong.
  static let hostile = [
    "it's \"quoted\"", "two  spaces", "$HOME and ${PATH}", "`id` $(id)", "new\nline",
    "-leading dash", "--", "-", "é milk 牛乳", "tab\there", "esc\u{1B}[31m", "line\u{2028}sep",
    "back\\slash \\", "trailing \\", String(repeating: "long-word_", count: 16),
    String(repeating: "q'", count: 40), "a\u{301}'\u{301}",
  ]

  static let widths = [40, 80, 120]

  /// The command lines whose printed commands are pasted: a hostile search, or a hostile
  /// database path, with a negative year and the other options set.
  static func commandLines(width: Int) -> [ShowCommandLine] {
    hostile.flatMap { value in
      [
        ShowCommandLine(search: value, since: -5, until: 2022, pageSize: 3, width: width),
        ShowCommandLine(
          search: "milk", since: -9_007_199_254_740_992, pageSize: 7, format: .table,
          width: width, height: 30, database: value),
      ]
    }
  }

  @Test(arguments: widths)
  func everyPrintedCommandRunsAsPrinted(width: Int) throws {
    var pasted: [String] = []
    var intended: [ShowCommandLine] = []
    for line in Self.commandLines(width: width) {
      for (printed, command) in Self.printedCommands(of: line, width: width) {
        // Every line within the width
        for row in printed {
          #expect(DisplayWidth.of(row) <= width, "\(line): \(row)")
        }
        pasted.append(try #require(Self.command(in: printed), "\(printed)"))
        intended.append(command)
      }
    }
    // When each command is pasted into bash, from its first word to the end
    let received = try Self.argumentsBashPasses(pasted)
    #expect(received.count == pasted.count)
    for (index, arguments) in received.enumerated() where index < intended.count {
      // Then the program gets exactly the intended arguments
      #expect(arguments == intended[index].shellCommand.arguments, "\(pasted[index])")
      // And both parsers read them as the intended command line (ArgumentParser, whose
      // parse costs a tenth of a second in a debug build, on the narrowest lines, for the
      // next page's command and the last page's, which between them hold every option)
      let words = Array(arguments.dropFirst())
      #expect(ShowCommandLine(quickParsing: words) == intended[index], "\(pasted[index])")
      guard width == Self.widths[0], [0, 3].contains(index % Self.textsPerLine) else { continue }
      let parsed = try? DairyCommand.parseAsRoot(words) as? ShowCommand
      #expect(parsed?.options.commandLine == intended[index], "\(pasted[index])")
    }
  }

  @Test func thePastedNextPageCommandShowsTheNextPage() throws {
    // Given the real binary, a database whose path needs quoting, and a first page at 40 columns
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("it's $HOME `x`")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let db = folder.appendingPathComponent("-d b.sqlite").path
    let cli = CommandLineTests()
    #expect(try cli.dairy("import", TestSupport.usdaCSV, "--db", db).status == 0)
    let arguments = ["show", "milk", "--since=-5", "--page-size", "4", "--width", "40", "--db", db]
    let first = try cli.run(arguments)
    #expect(first.status == 0)

    // When its footer's command is pasted into bash, dairy being the binary
    let footer = first.output.components(separatedBy: "\n\n").last ?? ""
    let pasted = try #require(Self.command(in: [footer]))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    let script = "dairy() { '\(CommandLineTests.binary)' \"$@\"; }\n" + pasted
    process.arguments = ["--norc", "--noprofile", "-c", script]
    // The tests' PATH, on which `dairy` is the binary, so that the second page's footer starts
    // as the first's (`dairy show`), as for a person who installed it.
    process.environment = DairyCLI.environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let second = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    // Then it prints the second page, as the same command with --page 2 does
    #expect(process.terminationStatus == 0, "\(pasted)")
    #expect(second == (try cli.run(arguments + ["--page", "2"])).output, "\(pasted)")
    #expect(second.hasPrefix("Fluid beverage milk (con…"), "\(second)")
  }

  /// How many texts with a command ``printedCommands(of:width:)`` gives for a command line.
  static let textsPerLine = 5

  /// Each text `show` prints with a command in it, rendered at `width`, and the command line
  /// the command stands for.
  static func printedCommands(of line: ShowCommandLine, width: Int) -> [(
    lines: [String], intended: ShowCommandLine
  )] {
    let cursor = PageCursor(section: 12, year: -5, version: 3)
    var next = line
    next.start = .after(cursor)
    var widened = line
    widened.since = -10
    // 10 rows: the last page is the second of 7 rows, the fourth of 3
    var last = line
    let size = line.pageRequest.pageSize
    last.start = .number((10 + size - 1) / size)
    let page = Page(
      request: line.pageRequest, parts: [], rowsBefore: 0, total: 10, matchingSections: 1,
      next: cursor, history: -10 ... -6)
    let viewport = Viewport(width: width)
    var texts: [([String], ShowCommandLine)] = []
    let states: [(LoadMoreFooter.State, ShowCommandLine)] = [
      (.loadMore, next), (.retry(DairyError(.busy, "the database is locked")), line),
      (.completedWithHistory(-10 ... -6), widened),
    ]
    for (state, intended) in states {
      let footer = ShowRenderer.footerView(page: page, state: state, commandLine: line)
      texts.append((footer.lines(width: width, style: TextStyle(enabled: false)), intended))
    }
    // The empty states: a page past the end names the last page, nothing after a cursor the first
    for (start, intended) in [(PageStart.number(99), last), (.after(cursor), line.first)] {
      var empty = page
      empty.request.start = start
      empty.next = nil
      let text = ShowRenderer.emptyMessage(page: empty, commandLine: line)
      texts.append((text.lines(width: viewport.width), intended))
    }
    return texts
  }

  /// The command in printed lines: from `dairy ` to the end.
  static func command(in lines: [String]) -> String? {
    let text = lines.joined(separator: "\n")
    return text.range(of: "dairy ").map { String(text[$0.lowerBound...]) }
  }

  /// The arguments bash passes to `dairy` each time it runs it, running the commands pasted
  /// one after another in one script (a command cut in two would run as two, or run on into
  /// the next: either way, the arguments differ).
  static func argumentsBashPasses(_ pasted: [String]) throws -> [[String]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    // Each run starts with a byte no argument here holds (RS), each argument ends with NUL.
    let script = "dairy() { printf '\\036'; printf '%s\\0' dairy \"$@\"; }\n"
    process.arguments = ["--norc", "--noprofile", "-c", script + pasted.joined(separator: "\n")]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data.split(separator: 0x1E).map { run in
      run.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        .map { String(decoding: $0, as: UTF8.self) }
    }
  }
}

extension ShowCommandLine {
  /// The first page of the same command.
  fileprivate var first: ShowCommandLine {
    var copy = self
    copy.start = .first
    return copy
  }
}
