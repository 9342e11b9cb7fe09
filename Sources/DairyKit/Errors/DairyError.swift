/// The one error family of `dairy`: what went wrong, where, and what to do about it.
///
/// Every error prints as one line a person can act on, in the style of a compiler diagnostic:
///
/// ```swift
/// let error = DairyError.importFailed(
///   SourceLocation(file: "milk.csv", line: 3, column: 7), "\"abc\" is not a number")
/// print(error)  // milk.csv:3:7: error: "abc" is not a number
/// ```
public struct DairyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The broad kind of failure, which decides the process exit code.
  public enum Kind: Hashable, Sendable {
    /// The input file is malformed or cannot be read.
    case input
    /// The database cannot be opened, created or written.
    case database
    /// The database is busy or locked by another process; trying again later may work.
    case busy
    /// The command line asks for something that cannot be done.
    case usage
    /// Standard output or standard error could not be written (a full disk, a file size limit).
    case output
  }

  /// The kind of failure.
  public var kind: Kind
  /// Where it happened, when there is a place in a file to point at.
  public var location: SourceLocation?
  /// One sentence that says what is wrong (and, where it helps, what to do).
  public var message: String

  public init(_ kind: Kind, at location: SourceLocation? = nil, _ message: String) {
    self.kind = kind
    self.location = location
    self.message = message
  }

  /// An input error at a place in a file.
  public static func importFailed(_ location: SourceLocation, _ message: String) -> DairyError {
    DairyError(.input, at: location, message)
  }

  public var description: String {
    if let location {
      return "\(location): error: \(message)"
    }
    return "error: \(message)"
  }

  /// The process exit code for this error: 65 (EX_DATAERR) for bad input, 75 (EX_TEMPFAIL) when
  /// the database is busy, 74 (EX_IOERR) for database problems and output that could not be
  /// written, and 64 (EX_USAGE) for usage.
  public var exitCode: Int32 {
    switch kind {
    case .input: 65
    case .database, .output: 74
    case .busy: 75
    case .usage: 64
    }
  }
}
