/// The one error family of `dairy`: what went wrong, where, and what to do about it.
///
/// Every error prints as one line a person can act on, in the style of a compiler diagnostic.
/// Whatever the message names (a file, a `--db` path, a dataset, a column) is shown escaped, as
/// data is, so the line stays one safe line:
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
    /// The data changed under a page cursor: its dataset was imported again since the cursor was
    /// made, and following it would continue the old version with the new one. Start again from
    /// the first page.
    case stale
    /// Standard output or standard error could not be written (a full disk, a file size limit).
    case output
    /// What the command would make is there already, and it was not asked to replace it: a
    /// database file (`dairy init`), a dataset an import would replace without `--replace`, the
    /// name a rename would give. Nothing was written.
    case exists
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
  package static func importFailed(_ location: SourceLocation, _ message: String) -> DairyError {
    DairyError(.input, at: location, message)
  }

  /// The one line: `place: error: message`, control characters and line breaks shown escaped
  /// (``TextEscaping/visible(_:)``; what is escaped already stays as it is), and whatever it
  /// quotes at length (a column named by a whole megabyte) shortened to its first
  /// ``quotedCharacters`` characters and its size, so that the line stays one a person can read.
  public var description: String {
    let message = Self.shortened(TextEscaping.visible(message))
    if let location {
      return "\(location): error: \(message)"
    }
    return "error: \(message)"
  }

  /// How many characters of a quoted name or value a message keeps when it is longer than
  /// ``longQuote``.
  package static let quotedCharacters = 40
  /// The length past which a quoted text is shortened.
  package static let longQuote = 200

  /// `message` with each text between double quotes longer than ``longQuote`` characters cut
  /// to its first ``quotedCharacters``, then `…"` and its size: `"MMMM…" (500000 bytes)`.
  package static func shortened(_ message: String) -> String {
    guard message.utf8.count > longQuote else { return message }
    var out = ""
    var rest = message[...]
    while let open = rest.firstIndex(of: "\"") {
      out += rest[...open]
      let inside = rest[rest.index(after: open)...]
      guard let close = inside.firstIndex(of: "\"") else {
        rest = inside
        break
      }
      let quoted = inside[..<close]
      if quoted.count > longQuote {
        out += quoted.prefix(quotedCharacters) + "…\" (\(quoted.utf8.count) bytes)"
      } else {
        out += quoted + "\""
      }
      rest = inside[inside.index(after: close)...]
    }
    return out + rest
  }

  /// The process exit code for this error: 65 (EX_DATAERR) for bad input, 75 (EX_TEMPFAIL) when
  /// the database is busy, 74 (EX_IOERR) for database problems and output that could not be
  /// written, 73 (EX_CANTCREAT) when what would be made exists already, and 64 (EX_USAGE) for
  /// usage and for a cursor the data changed under.
  package var exitCode: Int32 {
    switch kind {
    case .input: 65
    case .database, .output: 74
    case .busy: 75
    case .exists: 73
    case .usage, .stale: 64
    }
  }
}
