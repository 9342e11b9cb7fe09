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

/// A terminal for the end-to-end tests: a tmux server of its own, one 80×24 window running a
/// plain shell, driven with `send-keys` and read with `capture-pane`, as a person would see it.
struct TmuxTerminal {
  let socket = "dairy-e2e-\(UUID().uuidString.prefix(8))"

  static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// In CI the test must run (`.ci/run` installs tmux); elsewhere it is skipped without tmux.
  static let isUsable = path != nil || ProcessInfo.processInfo.environment["CI"] != nil

  init(width: Int = 80, height: Int = 24) throws {
    // The server this starts keeps the descriptors it is given: give it none to hold open.
    try tmux(
      detached: true,
      "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "e2e",
      "env", "-i", "PATH=/usr/bin:/bin", "HOME=/tmp", "TERM=xterm-256color", "PS1=$ ",
      "bash", "--norc", "--noprofile")
  }

  /// Runs tmux and returns what it printed. Spawned and waited for directly: the server that
  /// `new-session` starts inherits the descriptors through which Foundation's `Process` watches
  /// for the exit, and would make it wait for the server.
  @discardableResult
  func tmux(detached: Bool = false, _ arguments: String...) throws -> String {
    let tmux = try #require(Self.path, "tmux is not installed")
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("dairy-e2e-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, detached ? "/dev/null" : output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    // The shell and dairy get a clean signal mask and default actions, as in a terminal.
    var pid = pid_t()
    let spawned = TestSupport.withDefaultSignals { attributes in
      posix_spawn(&pid, tmux, &actions, &attributes, argv + [nil], environ)
    }
    try #require(spawned == 0, "cannot start tmux: \(spawned)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return detached ? "" : (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  func send(_ keys: String...) throws {
    for key in keys { try tmux("send-keys", "-t", "e2e", key) }
  }

  /// Types `text` literally.
  func type(_ text: String) throws {
    try tmux("send-keys", "-t", "e2e", "-l", text)
  }

  var screen: String {
    get throws { try tmux("capture-pane", "-t", "e2e", "-p") }
  }

  /// The pane's modes: alternate screen, cursor visible, mouse reporting.
  func flags() throws -> String {
    try tmux(
      "display-message", "-t", "e2e", "-p", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"
    )
    .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits (up to 15 s) for the screen to contain `text`, and returns the screen.
  @discardableResult
  func waitFor(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> String
  {
    try waitUntil(text, sourceLocation: sourceLocation) { $0.contains(text) }
  }

  /// Waits (up to 15 s) until `isReady` holds for the screen, and returns the screen; `what`
  /// names the wait in the failure.
  @discardableResult
  func waitUntil(
    _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ isReady: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(15)
    var last = ""
    while Date() < deadline {
      last = try screen
      if isReady(last) { return last }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("the screen never showed \(what):\n\(last)", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  func kill() {
    _ = try? tmux("kill-server")
  }
}

@Suite(
  "dairy browse in a terminal", .tags(.endToEnd), .serialized, .enabled(if: TmuxTerminal.isUsable))
struct BrowseEndToEndTests {
  static let binary = CommandLineTests.binary

  /// The modes a shell's terminal has: line editing, echo, signals from keys.
  func expectCookedModes(_ terminal: TmuxTerminal, folder: URL) throws {
    let file = folder.appendingPathComponent("stty.txt").path
    // The echo's quotes keep the typed line from reading as its output, wherever it wraps.
    try terminal.type("stty -a > \(file); echo stty''-done")
    try terminal.send("Enter")
    try terminal.waitFor("\nstty-done")
    let modes = try String(contentsOfFile: file, encoding: .utf8)
      .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    for mode in ["icanon", "echo", "isig", "icrnl", "ixon", "iexten"] {
      #expect(modes.contains(mode), "\(mode) not restored")
    }
    #expect(try terminal.flags() == "0 1 0")
  }

  @Test func scrollToTheEndSearchAndQuitToACleanTerminal() throws {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    // The per-capita table alone (958 rows, 21 sections)
    _ = try CommandLineTests().dairy("import", TestSupport.usdaCSV, "--db", db)
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    try terminal.type("\(Self.binary) browse --db \(db)")
    try terminal.send("Enter")

    // Opens on the first page, in the alternate screen, with the mouse wheel on
    var screen = try terminal.waitFor("rows 1–19 of 958")
    // (the dataset's table header above its first section)
    #expect(screen.hasPrefix("Dairy products: per capita consumption, United States\nSource: "))
    #expect(screen.contains("─\nFluid beverage milk "))
    #expect(try terminal.flags() == "1 0 1")

    // G goes to the end, loading the rest of the rows on the way
    try terminal.send("G")
    screen = try terminal.waitFor("rows 947–958 of 958 · 21 sections")
    #expect(screen.contains("── all 958 rows shown ─"))
    #expect(screen.contains("All dairy products, skim-solids bas"))

    // Pulling past the end shows the cow under the footer
    try terminal.send("j", "j", "j")
    screen = try terminal.waitFor("(oo)")

    // Search
    try terminal.send("/")
    try terminal.type("butter")
    try terminal.waitFor("rows 1–18 of 96")
    try terminal.send("Enter")
    screen = try terminal.waitFor("/butter · rows 1–19 of 96")
    #expect(screen.hasPrefix("Dairy products: per capita consumption, United States"))
    #expect(screen.contains("─\nButter "))

    // Resize: narrower and shorter, then too small, then back
    try terminal.tmux("resize-window", "-t", "e2e", "-x", "40", "-y", "10")
    try terminal.waitFor("rows 1–3 of 96")
    try terminal.tmux("resize-window", "-t", "e2e", "-x", "30", "-y", "8")
    try terminal.waitFor("needs at least")
    try terminal.tmux("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
    try terminal.waitFor("/butter · rows 1–19 of 96")

    // Quit: the shell's screen and modes come back
    try terminal.send("q")
    try terminal.waitFor("$ ")
    #expect(try !terminal.screen.contains("rows 1–19"))
    try expectCookedModes(terminal, folder: folder)
  }

  @Test func gGoesToTheEndOfTheDataAndEscClearsTheSearchBeforeItQuits() throws {
    // 60 series of 100 years: 6,000 rows, four loads after the first page
    let folder = try TestSupport.temporaryFolder()
    var csv = "Year," + (1...60).map { "Series \($0)" }.joined(separator: ",") + "\n"
    for year in 1901...2000 {
      csv += "\(year)," + (1...60).map { String($0 * 10_000 + year) }.joined(separator: ",") + "\n"
    }
    let file = folder.appendingPathComponent("long.csv")
    try Data(csv.utf8).write(to: file)
    let db = folder.appendingPathComponent("d.sqlite").path
    #expect(try CommandLineTests().dairy("import", file.path, "--db", db).status == 0)
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    try terminal.type("\(Self.binary) browse --db \(db)")
    try terminal.send("Enter")
    try terminal.waitFor("rows 1–22 of 6,000 · 50 loaded")

    // A reader two screens down (past the first load) searches, keeps the search, and Esc
    // clears it: back where they were
    try terminal.send("Space", "Space")
    let before = try terminal.waitFor("rows 31–52 of 6,000 · 100 loaded")
    try terminal.send("/")
    try terminal.type("series 5")
    try terminal.send("Enter")
    try terminal.waitFor("/series 5 · rows 1–")
    try terminal.send("j", "Escape")
    var screen = try terminal.waitFor("rows 31–52 of 6,000")
    #expect(screen.split(separator: "\n").dropLast() == before.split(separator: "\n").dropLast())

    // G goes to the end of the data, loading the rest, and stays at the bottom
    try terminal.send("G")
    screen = try terminal.waitFor("── all 6,000 rows shown")
    #expect(screen.contains("  2000  602,000"), "\(screen)")
    #expect(screen.contains("of 6,000 · 60 sections"), "\(screen)")

    // Without a search, Esc quits
    try terminal.send("Escape")
    try terminal.waitFor("$ ")
    #expect(try !terminal.screen.contains("6,000 rows shown"))
  }

  @Test func sigtermGivesTheTerminalBackThenEndsBySIGTERM() throws {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    _ = try CommandLineTests().dairy("init", "--db", db)
    let terminal = try TmuxTerminal()
    defer { terminal.kill() }
    try terminal.type("\(Self.binary) browse cheese --db \(db); echo exit=$?")
    try terminal.send("Enter")
    try terminal.waitFor("rows 1–19 of 144")
    let kill = Process()
    kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
    kill.arguments = ["-TERM", "-f", "browse cheese --db \(db)"]
    try kill.run()
    kill.waitUntilExit()
    // The shell sees a death by SIGTERM (128 + 15), as if nothing had caught it
    try terminal.waitFor("exit=143")
    try expectCookedModes(terminal, folder: folder)
  }

  @Test func withoutATerminalItPointsToShow() throws {
    let result = try CommandLineTests().run(["browse"])
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(
      result.error
        == "dairy: error: dairy browse needs a terminal; use dairy show for pipes and files\n")
  }
}
