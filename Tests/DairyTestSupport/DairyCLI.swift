import Foundation

/// The built `dairy` binary, run to its end as a person runs it: its status and what it wrote.
///
/// ```swift
/// let result = try DairyCLI().dairy("show", "--db", path)
/// result.status  // 0
/// ```
package struct DairyCLI {
  package struct Result {
    package var status: Int32
    package var output: String
    package var error: String

    package init(status: Int32, output: String, error: String) {
      self.status = status
      self.output = output
      self.error = error
    }
  }

  /// The `dairy` the tests were built with, beside the test bundle.
  package static let binary = Bundle.module.bundleURL.deletingLastPathComponent()
    .appendingPathComponent("dairy").path

  package init() {}

  /// The tests' environment with the binary's folder first on `PATH`, as after an install: the
  /// commands `show` prints then start with `dairy`, as the docs show them (the rule is
  /// `Invocation`'s). A test of another rule passes its own `PATH`.
  package static let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
    environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return environment
  }()

  package func dairy(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
    try run(arguments, environment: environment)
  }

  /// Runs `dairy` (or `executable`) with `arguments`; its status and what it wrote.
  package func run(
    _ arguments: [String], environment: [String: String] = [:], executable: String = binary
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = Self.environment.merging(environment) { $1 }
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
}
