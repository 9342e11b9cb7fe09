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

/// `dairy chart` end to end: the built binary.
extension CommandLineTests {
  @Test func chartDrawsTheBundledDataAndChecksItsOptions() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("init", "--db", db)
    let result = try dairy("chart", "butter", "--width", "60", "--height", "16", "--db", db)
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 16)
    #expect(result.output.contains("Butter"))
    let tooNarrow = try dairy("chart", "--width", "5", "--db", db)
    #expect(tooNarrow.status == 64)
    #expect(tooNarrow.error.contains("--width must be between 20 and 1000."))
  }

  @Test func chartThatCannotBeWrittenExits74() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("init", "--db", db)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = ["chart", "butter", "--db", db]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let err = Pipe()
    process.standardError = err
    try process.run()
    let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(error.contains("cannot write the chart"))
  }

  /// A chart that matches nothing is a usage error in every format (the quick parser's path and
  /// ArgumentParser's), one line naming close titles, and nothing on standard output.
  @Test func chartMatchingNothingExits64InEveryFormat() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("init", "--db", db)
    for arguments in [
      ["chart", "buter", "--format", "svg"], ["chart", "buter", "--format=json"],
      ["chart", "buter"], ["chart", "buter", "--zero", "--format", "svg"],
    ] {
      let result = try run(arguments + ["--db", db])
      #expect(result.status == 64, "\(arguments)")
      #expect(result.output == "", "\(arguments)")
      #expect(
        result.error.hasPrefix(
          "dairy: error: no section matches \"buter\" (did you mean \"Butter\""),
        "\(arguments): \(result.error)")
      #expect(result.error.split(separator: "\n").count == 1)
    }
    // And --zero takes the axis of what does match down to zero, in JSON as in the picture
    let zero = try dairy("chart", "butter", "--zero", "--format", "json", "--db", db)
    #expect(zero.status == 0 && zero.output.contains(#""range":{"min":0.0,"#))
  }
}
