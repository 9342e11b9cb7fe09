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

/// Output that could not be written is a failure: the built `dairy` with its standard output or
/// standard error on `/dev/full`, under a file size limit, or on a full file system exits 74 and
/// says what it could not write and why; a reader that goes away (`| head -1`) stays quiet.
@Suite("Write failures", .tags(.endToEnd), .serialized)
struct WriteFailureTests {
  static let usda: String = {
    let db = try! TestSupport.temporaryFolder().appendingPathComponent("usda.sqlite").path
    let status = try! Self.run(["import", TestSupport.usdaCSV, "--db", db]).status
    precondition(status == 0)
    return db
  }()

  /// A database of 60,000 observations: its export is about 3.5 MB of CSV.
  static let long: String = {
    let folder = try! TestSupport.temporaryFolder()
    let csv = folder.appendingPathComponent("long.csv").path
    try! LongCSV.write(rows: 60_000, series: 60, seed: 7, to: csv)
    let db = folder.appendingPathComponent("long.sqlite").path
    precondition(try! Self.run(["import", csv, "--db", db]).status == 0)
    return db
  }()

  /// Runs `dairy arguments…` with standard output (or standard error) on `/dev/full`; what the
  /// other stream got is returned in the result.
  static func run(
    _ arguments: [String], full: FullStream? = nil, environment: [String: String] = [:]
  ) throws -> CommandLineTests.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    let devFull = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    process.standardOutput = full == .output ? devFull : out
    process.standardError = full == .error ? devFull : err
    try process.run()
    let output = full == .output ? Data() : out.fileHandleForReading.readDataToEndOfFile()
    let error = full == .error ? Data() : err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandLineTests.Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self))
  }

  enum FullStream { case output, error }

  /// Runs a bash script (with `$DAIRY` the binary); its status and what it wrote.
  static func bash(_ script: String) throws -> CommandLineTests.Result {
    try CommandLineTests().run(
      ["-c", script], environment: ["DAIRY": CommandLineTests.binary], executable: "/bin/bash")
  }

  static let noSpace = "No space left on device"

  // MARK: - Standard output on /dev/full

  static let printingCommands: [(arguments: [String], printed: String)] = [
    (["show"], "the page"),
    (["show", "--format", "json"], "the page"),
    (["show", "--format", "csv"], "the page"),
    // ArgumentParser's path (the hand parser leaves `--` to it), not the hand parser's
    (["show", "--", "cheese"], "the page"),
    (["sections"], "the sections"),
    (["sections", "--format", "json"], "the sections"),
    (["export"], "the export"),
    (["export", "--format", "csv"], "the export"),
  ]

  @Test(arguments: printingCommands)
  func aFullOutputIsAnErrorNamingWhatWasNotWritten(arguments: [String], printed: String) throws {
    // When a command's standard output is a device that is always full
    let line = [arguments[0], "--db", Self.usda] + arguments.dropFirst()
    let result = try Self.run(line, full: .output)

    // Then it exits 74 and says what it could not write, and why
    #expect(result.status == 74)
    #expect(result.error == "dairy: error: cannot write \(printed): \(Self.noSpace)\n")
  }

  @Test func importsSummaryOnAFullOutputIsAnErrorThatSaysTheImportIsCommitted() throws {
    // Given a new database
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path

    // When an import's summary cannot be written
    let result = try Self.run(["import", TestSupport.usdaCSV, "--db", db], full: .output)

    // Then it exits 74, and says that the import is committed all the same, which it is
    #expect(result.status == 74)
    #expect(
      result.error
        == "dairy: error: cannot write the import summary: \(Self.noSpace); the import itself "
        + "is committed (`dairy sections` lists what it holds)\n")
    let sections = try Self.run(["sections", "--db", db, "Frozen"])
    #expect(sections.status == 0)
    #expect(sections.output.contains("Frozen yogurt"))
  }

  @Test(arguments: [
    ["--help"], ["show", "--help"], ["help", "export"], ["--version"],
    ["--generate-completion-script", "bash"],
  ])
  func argumentParsersOwnOutputOnAFullOutputIsAnError(arguments: [String]) throws {
    let result = try Self.run(arguments, full: .output)
    #expect(result.status == 74)
    #expect(result.error == "dairy: error: cannot write to standard output: \(Self.noSpace)\n")
  }

  // MARK: - Standard error on /dev/full

  @Test(arguments: [
    // The footer of a CSV page goes to standard error
    ["show", "--format", "csv", "--page-size", "2"],
    // A usage error's message
    ["show", "--page", "0"],
    // A bad input file's line (exit 65 when it can be said)
    ["import", TestSupport.fixture("bad/ragged-too-many.csv")],
  ])
  func aFullStandardErrorIsExit74(arguments: [String]) throws {
    let result = try Self.run(arguments + ["--db", Self.usda], full: .error)
    #expect(result.status == 74)
  }

  @Test func theFirstRunsNoticeOnAFullStandardErrorIsExit74AndTheExportIsWhole() throws {
    // Given no database yet at the default location, so that export first imports the bundled
    // tables and says so on stderr
    let home = try TestSupport.temporaryFolder().path
    let result = try Self.run(
      ["export", "--format", "csv"], full: .error,
      environment: ["XDG_DATA_HOME": home, "DAIRY_DB": ""])
    #expect(result.status == 74)
    // The header, every observation and every missing cell
    #expect(result.output.split(separator: "\r\n").count == 1 + 15_258 + 90)
  }

  // MARK: - Closed output, a file size limit, a full file system

  @Test func aClosedOutputIsAnError() throws {
    let result = try Self.bash("\"$DAIRY\" sections --db '\(Self.usda)' >&-")
    #expect(result.status == 74)
    #expect(result.error == "dairy: error: cannot write the sections: Bad file descriptor\n")
  }

  @Test(arguments: ["csv", "json"])
  func aLongExportPastTheFileSizeLimitIsAnError(format: String) throws {
    // Given a file size limit of 256 KiB, far below the export's size
    let file = try TestSupport.temporaryFolder().appendingPathComponent("backup").path
    // When the export is written into a file under that limit
    let result = try Self.bash(
      "ulimit -f 256; \"$DAIRY\" export --format \(format) --db '\(Self.long)' > '\(file)'")

    // Then it exits 74, saying why, and the file stops at the limit
    #expect(result.status == 74)
    #expect(result.error == "dairy: error: cannot write the export: File too large\n")
    let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
    #expect(size == 256 * 1024)
  }

  @Test(.enabled(if: TinyFileSystem.canMount, "needs root to mount a 1 MiB tmpfs"))
  func aLongExportOnAFullFileSystemIsAnError() throws {
    let mount = try TinyFileSystem()
    defer { mount.unmount() }
    let result = try Self.bash(
      "\"$DAIRY\" export --format csv --db '\(Self.long)' > '\(mount.path)/backup.csv'")
    #expect(result.status == 74)
    #expect(result.error == "dairy: error: cannot write the export: \(Self.noSpace)\n")
  }

  // MARK: - A reader that goes away

  @Test func aReaderThatGoesAwayIsAQuietEnd() throws {
    // `head -1` reads one line and exits: dairy dies of SIGPIPE (141), or, with SIGPIPE ignored,
    // gets EPIPE and ends quietly with 0
    for trap in ["", "trap '' PIPE; "] {
      let result = try Self.bash(
        trap + "\"$DAIRY\" export --format csv --db '\(Self.long)' | head -1 >/dev/null; "
          + "echo ${PIPESTATUS[0]}")
      let status = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
      // (141 unless whoever started the tests left SIGPIPE ignored, which bash cannot undo)
      #expect(trap.isEmpty ? ["141", "0"].contains(status) : status == "0", "\(trap)")
      #expect(result.error == "", "\(trap)")
    }
  }
}

/// A tmpfs of 1 MiB, mounted for one test: a disk that fills up.
struct TinyFileSystem {
  let path: String

  /// Whether this process may mount one (root, and `mount` works here): tried once.
  static let canMount: Bool = {
    guard getuid() == 0, let probe = try? TinyFileSystem() else { return false }
    probe.unmount()
    return true
  }()

  init() throws {
    path = try TestSupport.temporaryFolder().path
    let mount = Process()
    mount.executableURL = URL(fileURLWithPath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path]
    mount.standardError = FileHandle.nullDevice
    try mount.run()
    mount.waitUntilExit()
    guard mount.terminationStatus == 0 else { throw DairyError(.output, "cannot mount a tmpfs") }
  }

  func unmount() {
    let umount = Process()
    umount.executableURL = URL(fileURLWithPath: "/bin/umount")
    umount.arguments = [path]
    try? umount.run()
    umount.waitUntilExit()
  }
}
