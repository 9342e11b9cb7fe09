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

/// `dairy browse` in a terminal, ended by each signal whose default action ends a process: the
/// terminal comes back (main screen, cursor, no mouse reports, line editing), and the shell sees
/// a death by that signal (`$?` is 128 + N).
@Suite(
  "dairy browse gives the terminal back after any signal", .tags(.endToEnd),
  .enabled(if: TmuxTerminal.isUsable))
struct BrowseSignalTests {
  /// Every signal that ends a process and can be caught, but only the first two and the last of
  /// the real-time signals (handled alike). SIGXFSZ is left out: `dairy` ignores it from the
  /// start, so that a file-size limit is a write error (exit 74), and it does not end browse.
  static let signals = Terminal.endingSignals.filter { signal in
    guard signal != SIGXFSZ else { return false }
    let realtime = __libc_current_sigrtmin()...__libc_current_sigrtmax()
    return !realtime.contains(signal) || signal < realtime.lowerBound + 2
      || signal == realtime.upperBound
  }

  /// Starts `dairy browse` on the USDA data in a new terminal, and returns the terminal, the
  /// folder of the database, and the process id of `dairy`.
  func startBrowse() throws -> (TmuxTerminal, folder: URL, pid: pid_t) {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    try #require(
      try CommandLineTests().run(["import", TestSupport.usdaCSV, "--db", db]).status == 0)
    let terminal = try TmuxTerminal()
    // No core files from the signals that dump core. Run from `sh -c`: an interactive bash
    // whose command dies of SIGINT drops the rest of the line, as if Ctrl-C had been pressed.
    try terminal.type(
      #"ulimit -c 0; sh -c '"$0" browse --db "$1"; echo exit=$?' "#
        + "\(CommandLineTests.binary) \(db)")
    try terminal.send("Enter")
    try terminal.waitFor("rows 1–19 of 958")
    #expect(try terminal.flags() == "1 0 1")
    return (terminal, folder, try Self.pid(ofCommandContaining: "browse --db \(db)"))
  }

  @Test(arguments: signals)
  func aSignalGivesTheTerminalBackThenEndsTheProcessByIt(_ signal: Int32) throws {
    let (terminal, folder, pid) = try startBrowse()
    defer { terminal.kill() }

    // When the signal is sent
    #expect(kill(pid, signal) == 0)

    // Then the shell sees the death by it, at once (not after the Swift runtime's backtracer
    // waited 30 s for a key), and its terminal is as it was
    try terminal.waitFor("exit=\(128 + signal)")
    try BrowseEndToEndTests().expectCookedModes(terminal, folder: folder)
  }

  @Test func aCrashGivesTheTerminalBackThenEndsTheProcess() throws {
    // Given browse reading a database, whose shared-memory index SQLite maps into memory
    let (terminal, folder, _) = try startBrowse()
    defer { terminal.kill() }
    let index = folder.appendingPathComponent("d.sqlite-shm").path
    try #require(FileManager.default.fileExists(atPath: index))

    // When the file is cut under the mapping, the next read of the database (loading more rows)
    // touches memory that no longer exists: a real SIGBUS, in the thread that loads pages
    #expect(truncate(index, 0) == 0)
    try terminal.send("G")

    // Then the terminal comes back, and the shell sees the death by SIGBUS
    try terminal.waitFor("exit=\(128 + SIGBUS)")
    try BrowseEndToEndTests().expectCookedModes(terminal, folder: folder)
  }

  /// The process id of the one process whose command line contains `text` (`pgrep -f`).
  static func pid(ofCommandContaining text: String) throws -> pid_t {
    let pgrep = Process()
    pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
    pgrep.arguments = ["-f", text]
    let output = Pipe()
    pgrep.standardOutput = output
    try pgrep.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    pgrep.waitUntilExit()
    let pids = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      pid_t($0)
    }
    try #require(pids.count == 1, "processes matching \(text): \(pids)")
    return pids[0]
  }
}
