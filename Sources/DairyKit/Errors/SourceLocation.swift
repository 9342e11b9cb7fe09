/// A place in a source file: the file as the user named it, a 1-based line and a 1-based column.
///
/// Columns count characters (Unicode scalars), not bytes, so they match what an editor shows.
///
/// ```swift
/// let here = SourceLocation(file: "milk.csv", line: 3, column: 7)
/// print(here)  // milk.csv:3:7
/// ```
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as given on the command line.
  public var file: String
  /// The 1-based line, or nil when the problem concerns the whole file.
  public var line: Int?
  /// The 1-based column, or nil when the problem concerns a whole line.
  public var column: Int?

  public init(file: String, line: Int? = nil, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  public var description: String {
    var text = file
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    return text
  }
}
