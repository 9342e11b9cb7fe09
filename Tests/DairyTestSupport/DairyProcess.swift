import Foundation
import Testing

/// The built `dairy` binary running in the background, for the crash and concurrency tests: it can
/// be killed at any moment, and its output is kept in files (a pipe nobody reads could block it).
package struct DairyProcess {
  package let process = Process()
  private let output: URL
  private let error: URL

  /// Starts `dairy arguments…`, with `prefix` (say `setpriv …`) in front when given, and
  /// `environment` over the test's.
  package init(
    _ arguments: [String], prefix: [String] = [], environment: [String: String] = [:]
  ) throws {
    let folder = try TestSupport.temporaryFolder()
    output = folder.appendingPathComponent("stdout")
    error = folder.appendingPathComponent("stderr")
    try Data().write(to: output)
    try Data().write(to: error)
    let command = prefix + [DairyCLI.binary] + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: error)
    try process.run()
  }

  package var isRunning: Bool { process.isRunning }

  /// Sends SIGKILL: no handler, no clean-up, as when the power goes.
  package func kill() {
    _ = Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for the exit and returns the status and what it wrote.
  @discardableResult
  package func wait() throws -> DairyCLI.Result {
    process.waitUntilExit()
    return DairyCLI.Result(
      status: process.terminationStatus,
      output: try String(contentsOf: output, encoding: .utf8),
      error: try String(contentsOf: error, encoding: .utf8))
  }

  /// True when the process ended by a signal (SIGKILL, or a crash), not by exiting.
  package var wasSignalled: Bool { process.terminationReason == .uncaughtSignal }
}

/// Long-format CSV files `product,year,amount` of a given size, deterministic for a seed.
package enum LongCSV {
  /// Writes `rows` rows: `series` products of `rows / series` consecutive years each.
  package static func write(rows: Int, series: Int, seed: UInt64, to path: String) throws {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    var text = "product,year,amount\n"
    text.reserveCapacity(rows * 32)
    for product in 0..<series {
      for year in 0..<(rows / series) {
        // xorshift: cheap and the same on every platform
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        let amount = Double(state % 10_000_000) / 1000
        text += "product_\(product),\(1000 + year),\(amount)\n"
      }
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }
}
