import DairyData
import DairyTestSupport
import Foundation
import Testing

@testable import dairy

/// Every command example in the README, in `docs/` and in the commands' `--help` runs, with the
/// built `dairy`, against the bundled data; what it prints and its exit status must be what the
/// page shows. The convention (docs/development.md, "Command examples"):
///
/// - In a Markdown file, a fenced block marked `console` is a terminal session: a line that
///   starts with `$ ` is a command (a line ending in ` \` continues on the next), and the lines
///   after it, up to the next command, are what it prints, standard output and error together as
///   a terminal shows them. A line that is only `…` stands for any number of lines. The duration
///   an import prints (`in 0.04 s`, also before `; 1 unreadable sheet skipped`) is not compared,
///   nor the time of an import (`2026-11-27 10:02`, `2026-11-27T10:02:11Z`: `dairy datasets`).
/// - A command exits 0, or the status its comment gives: `$ dairy import typo.csv  # exits 65`.
/// - A `dairy browse` command cannot run without a terminal: the test checks that its arguments
///   parse (it then refuses with "needs a terminal", exit 64) and does not compare the screen
///   the page shows.
/// - A command of another program runs too (`cat milk.csv`, to prove what the file holds; a
///   `printf` that makes a file); one whose program is not installed (`sqlite3`) is skipped.
/// - In a block marked `sh`, each line that starts with `dairy ` runs, and must exit 0; the
///   others (`swift build`, `install`, `cp`) are instructions, not examples, and do not run.
/// - In a command's `--help` (its `discussion`), each line under `Examples:` that starts with
///   `dairy ` runs (up to two spaces, which start its description) and must exit 0.
///
/// Each block runs as one `bash` session in a new folder that holds the example files
/// (`Fixtures/examples/`, the shared USDA samples, and `Data/` as in a clone), with a new `HOME`
/// whose default database holds the bundled data, `COLUMNS=80`, and the built `dairy` first on
/// `PATH`. With `DAIRY_RECORD_EXAMPLES=1` in the environment, the recording test writes what each
/// console command printed into its page instead of comparing (read the diff, then commit it).
@Suite("Command examples", .tags(.endToEnd))
struct CommandExamplesTests {
  static let root = TestSupport.repositoryRoot
  static let recording = ProcessInfo.processInfo.environment["DAIRY_RECORD_EXAMPLES"] == "1"

  @Test(.enabled(if: !recording), arguments: examples)
  func runsAsShown(_ example: Example) throws {
    let results = try Self.run(example)
    let problems = Self.problems(example, results)
    #expect(problems.isEmpty, "\(example.testDescription):\n\(problems.joined(separator: "\n"))")
  }

  @Test func examplesAreFoundOnEveryPage() throws {
    // Given every page, and every command's --help
    let byPlace = Dictionary(grouping: Self.examples) { $0.file }

    // Then each command's page, the README and each --help has examples to run
    for page in try Self.pages() where page == "README.md" || page.hasPrefix("docs/commands/") {
      #expect(byPlace[page]?.isEmpty == false, "no example found in \(page)")
    }
    for command in DairyCommand.configuration.subcommands {
      let place = "dairy \(command.configuration.commandName!) --help"
      #expect(byPlace[place]?.isEmpty == false, "no example under Examples: in \(place)")
    }
  }

  @Test func aWrongExampleFails() throws {
    // Given examples whose status or output is not what they show
    let wrongStatus = Self.examples(inMarkdown: "```console\n$ dairy show --page-size 0\n```\n")
    let wrongOutput = Self.examples(
      inMarkdown: "```console\n$ dairy sections butter --width 80\nper_capita (1 section)\n```\n")
    let browse = Self.examples(inMarkdown: "```sh\ndairy browse --page-size 0\n```\n")

    // When they run, then each is a problem
    for example in wrongStatus + wrongOutput + browse {
      #expect(!Self.problems(example, try Self.run(example)).isEmpty, "\(example.commands)")
    }
    // And the same example with its exit status is right
    let right = Self.examples(
      inMarkdown: "```console\n$ dairy show --page-size 0   # exits 64\n…\n```\n")
    #expect(Self.problems(right[0], try Self.run(right[0])).isEmpty)
  }

  @Test(.enabled(if: recording)) func record() throws {
    for page in try Self.pages() {
      let url = Self.root.appendingPathComponent(page)
      var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
      let examples = Self.examples(inMarkdown: lines.joined(separator: "\n"), file: page)
      // From the bottom up, so that a rewritten output leaves the places above it where they are
      for example in examples.reversed() {
        let results = try Self.run(example)
        for (command, result) in zip(example.commands, results).reversed() {
          guard let expected = command.output, let result, !command.isBrowse else { continue }
          let actual = Self.lines(result.output)
          if !Self.matches(expected, actual) {
            lines.replaceSubrange(command.outputLines, with: actual.map(Self.visible))
          }
        }
      }
      try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }
  }
}

// MARK: - Examples

extension CommandExamplesTests {
  /// A fenced block of a page, or one example of a `--help`: commands that run in one session.
  struct Example: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var commands: [Command]

    var testDescription: String { "\(file):\(line)" }
  }

  struct Command: Sendable, CustomStringConvertible {
    /// As written, without `$ `; continued lines joined with their line breaks.
    var text: String
    var status: Int32
    /// The lines it prints, or nil when they are not shown (`sh` blocks, `--help`).
    var output: [String]?
    /// Where `output` is in its page (line indices), for recording.
    var outputLines: Range<Int> = 0..<0

    var description: String { text }

    /// The program it starts, after `NAME=value` words and `env`.
    var program: String {
      let words = text.split(whereSeparator: \.isWhitespace)
      return words.first { !$0.contains("=") && $0 != "env" }.map(String.init) ?? ""
    }

    var isBrowse: Bool {
      program == "dairy" && text.contains("dairy browse") && !text.contains("--help")
    }

    init(_ text: String, output: [String]?) {
      self.text = text
      self.output = output
      let status = text.firstMatch(of: /#[^#\n]*\bexits (\d+)\b/).flatMap { Int32($0.1) }
      self.status = status ?? 0
    }
  }

  /// Every example: the README's, those of the pages in `docs/`, those of each `--help`.
  static let examples: [Example] = {
    var examples: [Example] = []
    for page in (try? pages()) ?? [] {
      let text = (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8))
      examples += Self.examples(inMarkdown: text ?? "", file: page)
    }
    return examples + helpExamples()
  }()

  /// `README.md` and every Markdown page under `docs/`, as paths from the package's root.
  static func pages() throws -> [String] {
    let docs = root.appendingPathComponent("docs")
    let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String }
    return ["README.md"]
      + (found ?? []).filter { $0.hasSuffix(".md") && !$0.hasPrefix("benchmark") }.sorted()
      .map { "docs/" + $0 }
  }

  static func examples(inMarkdown text: String, file: String = "test") -> [Example] {
    let lines = text.components(separatedBy: "\n")
    var examples: [Example] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index]
      index += 1
      guard fence.hasPrefix("```") else { continue }
      let start = index
      while index < lines.count, !lines[index].hasPrefix("```") { index += 1 }
      let block = start..<index
      index += 1
      let commands: [Command]
      switch fence.dropFirst(3).trimmingCharacters(in: .whitespaces) {
      case "console": commands = consoleCommands(lines, block)
      case "sh":
        commands = lines[block].filter { $0.hasPrefix("dairy ") }.map { Command($0, output: nil) }
      default: continue
      }
      if !commands.isEmpty {
        examples.append(Example(file: file, line: start, commands: commands))
      }
    }
    return examples
  }

  /// The commands of a console block, each with the lines after it.
  static func consoleCommands(_ lines: [String], _ block: Range<Int>) -> [Command] {
    var commands: [Command] = []
    var index = block.lowerBound
    while index < block.upperBound {
      guard lines[index].hasPrefix("$ ") else {
        index += 1
        continue
      }
      var text = String(lines[index].dropFirst(2))
      while text.hasSuffix("\\"), index + 1 < block.upperBound {
        index += 1
        text += "\n" + lines[index]
      }
      index += 1
      let output =
        index..<(lines[index..<block.upperBound].firstIndex { $0.hasPrefix("$ ") }
        ?? block.upperBound)
      var command = Command(text, output: Array(lines[output]))
      command.outputLines = output
      commands.append(command)
      index = output.upperBound
    }
    return commands
  }

  /// The examples of `dairy --help` and of each command's `--help`.
  static func helpExamples() -> [Example] {
    let commands: [(String, String)] =
      [("dairy --help", DairyCommand.configuration.discussion)]
      + DairyCommand.configuration.subcommands.map {
        ("dairy \($0.configuration.commandName!) --help", $0.configuration.discussion)
      }
    return commands.flatMap { place, discussion -> [Example] in
      let lines = discussion.components(separatedBy: "\n")
      guard let start = lines.firstIndex(where: { $0.hasSuffix("Examples:") }) else { return [] }
      return lines[(start + 1)...].prefix { !$0.isEmpty }.enumerated().compactMap { offset, line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("dairy ") else { return nil }
        let text = trimmed.components(separatedBy: "  ")[0]
        return Example(file: place, line: offset + 1, commands: [Command(text, output: nil)])
      }
    }
  }
}

// MARK: - Running

extension CommandExamplesTests {
  struct Result: Sendable {
    var status: Int32
    var output: String
  }

  /// What is wrong with the results of `example`'s commands, one line each.
  static func problems(_ example: Example, _ results: [Result?]) -> [String] {
    var problems: [String] = []
    for (command, result) in zip(example.commands, results) {
      guard let result else { continue }
      let actual = lines(result.output)
      if command.isBrowse {
        if result.status != 64 || !result.output.contains("dairy browse needs a terminal") {
          problems.append("$ \(command.text)\n  does not parse:\n\(result.output)")
        }
        continue
      }
      // A reader that goes away early (`| head -1`) ends a command with SIGPIPE: not a failure
      let piped = command.text.contains(" | ") && result.status == 141
      if result.status != command.status && !(piped && command.status == 0) {
        problems.append(
          "$ \(command.text)\n  exits \(result.status), not \(command.status):\n\(result.output)")
      } else if let expected = command.output, !matches(expected, actual) {
        problems.append(
          "$ \(command.text)\n  prints:\n\(actual.joined(separator: "\n"))\n  but the page shows:\n"
            + expected.joined(separator: "\n"))
      }
    }
    return problems
  }

  /// Runs the commands of `example` in one `bash` session; nil for a command that was skipped.
  static func run(_ example: Example) throws -> [Result?] {
    let folder = try TestSupport.temporaryFolder()
    let work = folder.appendingPathComponent("work")
    let home = folder.appendingPathComponent("home")
    try prepare(work: work, home: home)
    defer { try? FileManager.default.removeItem(at: folder) }

    let bin = URL(fileURLWithPath: CommandLineTests.binary).deletingLastPathComponent().path
    var environment = ProcessInfo.processInfo.environment
    for name in ["DAIRY_DB", "XDG_DATA_HOME", "LINES", "NO_COLOR", "DAIRY_RECORD_EXAMPLES"] {
      environment[name] = nil
    }
    environment["HOME"] = home.path
    environment["COLUMNS"] = "80"
    environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")

    let runs = example.commands.map { $0.program == "dairy" || installed($0.program, environment) }
    var script = ""
    for (command, runs) in zip(example.commands, runs) where runs {
      // The status of a pipeline's first command: dairy's, in `dairy export | head -1`
      // `status` keeps each command of a pipeline's; `$?` after the marker is the pipeline's
      script +=
        command.text + "\nstatus=(\"${PIPESTATUS[@]}\")\n"
        + "printf '\\n\\036%s\\n' \"${status[0]}\"; (exit \"${status[-1]}\")\n"
    }
    let session = try shell(script, in: work, environment: environment)
    var parts = session.components(separatedBy: "\n\u{1E}")
    var results: [Result?] = []
    for runs in runs {
      guard runs else {
        results.append(nil)
        continue
      }
      guard parts.count >= 2 else {
        results.append(Result(status: -1, output: parts.joined()))
        continue
      }
      let output = parts.removeFirst()
      let status = parts[0].prefix { $0 != "\n" }
      parts[0] = String(parts[0].dropFirst(status.count + 1))
      results.append(Result(status: Int32(status) ?? -1, output: output))
    }
    return results
  }

  /// A line as a terminal shows it: without the spaces and the carriage return at its end
  /// (CSV lines end in CRLF; `sqlite3 -column` pads its last column).
  static func visible(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
  }

  /// The lines a command printed.
  static func lines(_ output: String) -> [String] {
    // Split by scalars: in a CSV line's CRLF, "\r\n" is one Character
    var lines = output.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Whether `actual` is what the page shows: line for line, a `…` line standing for any lines,
  /// and an import's duration left out.
  static func matches(_ expected: [String], _ actual: [String]) -> Bool {
    func normal(_ line: String) -> String {
      // The duration ends the line, or the clause before the sheets an import skipped.
      // (The time of an import, in `dairy datasets` and its messages, is the day it ran.)
      visible(line).replacing(/\sin \d+\.\d+ s(?=$|; )/, with: " in 0.00 s")
        .replacing(/\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\dZ)?/, with: "2026-01-01 00:00")
    }
    let expected = expected.map(normal)
    let actual = actual.map(normal)
    // matched[i][j]: expected[i...] matches actual[j...]
    var matched = Array(
      repeating: Array(repeating: false, count: actual.count + 1), count: expected.count + 1)
    matched[expected.count][actual.count] = true
    for i in stride(from: expected.count - 1, through: 0, by: -1) {
      for j in stride(from: actual.count, through: 0, by: -1) {
        if expected[i].trimmingCharacters(in: .whitespaces) == "…" {
          matched[i][j] = matched[i + 1][j] || (j < actual.count && matched[i][j + 1])
        } else {
          matched[i][j] = j < actual.count && expected[i] == actual[j] && matched[i + 1][j + 1]
        }
      }
    }
    return matched[0][0]
  }

  /// The files an example may name, in `work`, and the bundled data in `home`'s default database.
  static func prepare(work: URL, home: URL) throws {
    let files = FileManager.default
    try files.copyItem(at: TestSupport.fixtures.appendingPathComponent("examples"), to: work)
    for sample in published {
      let url = TestSupport.fixtures.appendingPathComponent(sample)
      try files.copyItem(at: url, to: work.appendingPathComponent(url.lastPathComponent))
    }
    let data = work.appendingPathComponent("Data")
    try files.createDirectory(at: data, withIntermediateDirectories: true)
    for url in [BundledData.csvURL!, BundledData.metadataURL!] {
      try files.copyItem(at: url, to: data.appendingPathComponent(url.lastPathComponent))
    }
    let database = home.appendingPathComponent(".local/share/dairy")
    try files.createDirectory(at: database, withIntermediateDirectories: true)
    guard let bundled = bundledDatabase else { throw NoBundledDatabase() }
    try files.copyItem(
      atPath: bundled, toPath: database.appendingPathComponent("dairy.sqlite").path)
  }

  /// The USDA tables as published that the pages use, beside the example files.
  static let published = [
    "usda-published/annualmilkprodfactors.csv", "usda-published/milk_prod.csv",
    "xlsx/fluidmilk.xlsx", "xlsx/annualmilkprodfactors.xlsx", "xlsx/milkcowsandprod.xlsx",
    "xlsx/milkcowsandprod_2023_edited.xlsx", "xlsx/hostile/legacy.xls", "xlsx/MilkCostReturn.xlsx",
    "quickstats/qs_milk_sales_by_state_2012_2017.csv",
    "quickstats/qs_national_monthly_milk_2019_2020.csv",
    "quickstats/County_Milk_Cow_Inventory_2022.csv",
    "nass/dary_p03_t001.csv", "nass/dary_p17b_t011.csv", "nass/dairy_tables.csv",
  ]

  /// A database that holds the bundled data, made once by the binary (`dairy init`), as a first
  /// run at the default location makes it.
  static let bundledDatabase: String? = {
    guard let folder = try? TestSupport.temporaryFolder() else { return nil }
    let path = folder.appendingPathComponent("bundled.sqlite").path
    let result = try? CommandLineTests().dairy("init", "--db", path)
    return result?.status == 0 ? path : nil
  }()

  struct NoBundledDatabase: Error {}

  static func installed(_ program: String, _ environment: [String: String]) -> Bool {
    (environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }

  /// Runs `script` in `bash` and returns what it printed, standard output and error together.
  static func shell(_ script: String, in folder: URL, environment: [String: String]) throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--noprofile", "--norc", "-c", script]
    process.currentDirectoryURL = folder
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
