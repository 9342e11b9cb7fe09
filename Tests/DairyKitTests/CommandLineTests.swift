import Foundation
import Testing

@testable import DairyKit

/// End-to-end: the built `dairy` binary, as a person runs it.
@Suite("dairy command line")
struct CommandLineTests {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("dairy").path

  func dairy(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let error = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self))
  }

  @Test func importsTheShippedFile() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    let result = try dairy("import", TestSupport.usdaCSV, "--db", db)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("imported per_capita_consumption_1975-2022: 21 sections, 958 observations, 50 missing cells in "))
  }

  @Test func badInputIsOneLineOnStderrAndExit65() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("import", TestSupport.usdaCSV, "--db", db)
    let before = try dairy("export", "--db", db).output
    let bad = TestSupport.fixture("bad/ragged-too-many.csv")
    let result = try dairy("import", bad, "--db", db)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(result.error == "dairy: \(bad):3:14: error: this row has 4 fields but the header has 3; quote fields that contain commas\n")
    #expect(try dairy("export", "--db", db).output == before)
  }

  @Test func readingAnEmptyDatabaseImportsTheBundledData() throws {
    let folder = try TestSupport.temporaryFolder()
    // The default location, under XDG_DATA_HOME, is created on first use.
    let result = try dairy("export", "--format", "csv", environment: ["XDG_DATA_HOME": folder.path, "DAIRY_DB": ""])
    #expect(result.status == 0)
    #expect(result.error.contains("imported the bundled USDA table"))
    #expect(result.output.split(separator: "\r\n").count == 959)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/dairy/dairy.sqlite"))
  }

  @Test func databaseFromTheEnvironment() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("env.sqlite").path
    let result = try dairy("import", TestSupport.usdaCSV, environment: ["DAIRY_DB": db])
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: db))
  }

  @Test func notADatabase() throws {
    let path = try TestSupport.file("x.sqlite", "hello\n")
    let result = try dairy("export", "--db", path)
    #expect(result.status == 74)
    #expect(result.error == "dairy: error: \(path) is not a SQLite database; pass another --db path or move the file away\n")
  }

  @Test func version() throws {
    #expect(try dairy("--version").output == Dairy.version + "\n")
  }
}
