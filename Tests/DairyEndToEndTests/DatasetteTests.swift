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

/// Datasette (PyPI), to serve a database as its users will: `$DATASETTE`, else `datasette` on
/// `PATH` (`.ci/run` installs it into a virtual environment and sets `DATASETTE`).
enum Datasette {
  static let path: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["DATASETTE"], FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    return (environment["PATH"] ?? "").split(separator: ":")
      .map { "\($0)/datasette" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// In CI the test must run (`.ci/run` installs datasette); elsewhere it is skipped without it.
  static let isUsable = path != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// `datasette DATABASE --metadata METADATA -p 0`, running until ``stop()``; `base` is where
  /// it listens (`http://127.0.0.1:PORT`), read from its log.
  final class Server {
    let process = Process()
    let log: URL
    private(set) var base = ""

    init(database: URL, metadata: URL, folder: URL) throws {
      let datasette = try #require(
        Datasette.path, "datasette is not installed (pip install datasette)")
      log = folder.appendingPathComponent("datasette-\(UUID().uuidString).log")
      guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
      }
      process.executableURL = URL(fileURLWithPath: datasette)
      process.arguments = [database.path, "--metadata", metadata.path, "-p", "0"]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = try FileHandle(forWritingTo: log)
      process.standardError = process.standardOutput
      process.environment = ProcessInfo.processInfo.environment.merging(
        ["PYTHONUNBUFFERED": "1"]) { $1 }
      try process.run()
    }

    /// Waits until the server says where it listens (a loaded machine takes seconds to start
    /// Python); fails with its log when it stops first or takes more than 120 s.
    func waitUntilListening() throws {
      let deadline = Date().addingTimeInterval(120)
      let pattern = /Uvicorn running on (http:\/\/127\.0\.0\.1:\d+)/
      while Date() < deadline {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if let match = text.firstMatch(of: pattern) {
          base = String(match.1)
          return
        }
        guard process.isRunning else {
          Issue.record("datasette stopped (\(process.terminationStatus)): \(text)")
          throw CancellationError()
        }
        Thread.sleep(forTimeInterval: 0.1)
      }
      Issue.record("datasette did not start in 120 s")
      throw CancellationError()
    }

    /// Stops the server: SIGTERM, then SIGKILL after 10 s.
    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
  }
}

/// `dairy export --format datasette` and the v9 views, in a real Datasette read by a real
/// browser: the table page of the observations view shows the view's title, a unit, a section's
/// notes and the row count; the internal tables are hidden; a dataset's page says its source
/// and licence; a database in one unit gets Datasette's units.
@Suite(
  "Datasette", .tags(.endToEnd), .serialized,
  .enabled(
    if: Datasette.isUsable,
    "needs datasette (pip install datasette in a venv, then DATASETTE=VENV/bin/datasette; CI has it)"
  ),
  .enabled(if: Chromium.isUsable, "needs chromium (apt-get install chromium; CI installs it)"))
struct DatasetteTests {
  /// `dairy export --format datasette` of the database at `path`, written beside it.
  static func export(_ path: URL, environment: [String: String] = [:]) throws -> URL {
    let result = try DairyCLI().run(
      ["export", "--format", "datasette"] + (environment.isEmpty ? ["--db", path.path] : []),
      environment: environment)
    #expect(result.status == 0, "\(result.error)")
    let metadata = path.deletingLastPathComponent().appendingPathComponent("metadata.json")
    try result.output.write(to: metadata, atomically: true, encoding: .utf8)
    return metadata
  }

  /// The DOM of `page` (a path under the server) as headless Chromium leaves it.
  static func dom(_ server: Datasette.Server, _ page: String, folder: URL) throws -> String {
    let url = try #require(URL(string: server.base + page))
    return try Chromium.run(["--dump-dom"], file: url, folder: folder)
  }

  @Test func theBundledDataDescribed() throws {
    // Given the bundled data at the default location of a new home, and its metadata
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["XDG_DATA_HOME": folder.path, "DAIRY_DB": ""]
    let first = try DairyCLI().dairy("sections", environment: environment)
    #expect(first.status == 0, "\(first.error)")
    let database = folder.appendingPathComponent("dairy/dairy.sqlite")
    let metadata = try Self.export(database, environment: environment)
    // When Datasette serves it with that metadata
    let server = try Datasette.Server(database: database, metadata: metadata, folder: folder)
    defer { server.stop() }
    try server.waitUntilListening()
    // Then the observations view's page has its title, a unit, a note and its row count
    let table = try Self.dom(server, "/dairy/observations", folder: folder)
    #expect(table.contains("<h1>Observations (view)</h1>"), "\(table.prefix(2000))")
    #expect(table.contains("lb per person"))
    #expect(table.contains("All fluid milk beverages: whole, reduced fat, low fat and skim milk"))
    #expect(table.contains("15,258 rows"))
    #expect(table.contains("Public domain (US government work)"))
    #expect(table.contains("the period as text"))  // a column's description
    // And the database page lists the datasets and hides dairy's own books
    let home = try Self.dom(server, "/dairy", folder: folder)
    #expect(home.contains("Dairy products: per capita consumption, United States"))
    #expect(home.contains("Milk production and factors affecting supply"))
    #expect(!home.contains(">grdb_migrations<") && !home.contains(">bundle<"))
    #expect(home.contains(">dataset<") && home.contains(">observations<"))
    // And a dataset's page says its source and licence, and shows its rows
    let dataset = try Self.dom(server, "/dairy/annualmilkprodfactors", folder: folder)
    #expect(dataset.contains("Milk production and factors affecting supply"))
    #expect(dataset.contains("National Agricultural Statistics Service"))
    #expect(dataset.contains("Public domain (US government work)"))
    #expect(dataset.contains("Jerry Cessna"))
    #expect(!dataset.contains("Traceback") && !dataset.contains("Internal Server Error"))
  }

  @Test func oneUnitShownWithPint() throws {
    // Given a database of one series in pounds, and its metadata
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = folder.appendingPathComponent("butter.csv")
    try "section,year,amount,unit\nButter,2020,21.5,pounds\nButter,2021,22.25,pounds\n"
      .write(to: csv, atomically: true, encoding: .utf8)
    let database = folder.appendingPathComponent("butter.sqlite")
    let imported = try DairyCLI().dairy("import", csv.path, "--db", database.path)
    #expect(imported.status == 0, "\(imported.error)")
    let metadata = try Self.export(database)
    #expect(try String(contentsOf: metadata, encoding: .utf8).contains(#""units":{"amount":"lb"}"#))
    // When Datasette serves it
    let server = try Datasette.Server(database: database, metadata: metadata, folder: folder)
    defer { server.stop() }
    try server.waitUntilListening()
    // Then each amount is shown in Pint's pounds
    let table = try Self.dom(server, "/butter/observations", folder: folder)
    #expect(table.contains("21.5&nbsp;lb") || table.contains("21.5\u{A0}lb"), "\(table)")
    #expect(table.contains("22.25&nbsp;lb") || table.contains("22.25\u{A0}lb"))
    #expect(table.contains("2 rows"))
  }
}
