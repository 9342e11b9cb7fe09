/// One screen of the browse view: exactly `height` lines, none wider than the screen, and where
/// the cursor goes (on the search line while it is open; hidden otherwise).
public struct BrowseFrame: Sendable, Hashable {
  public var lines: [String]
  /// Line and column, from 0, of the visible cursor; nil to hide it.
  public var cursor: Cursor?

  public struct Cursor: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
  }

  public init(lines: [String], cursor: Cursor? = nil) {
    self.lines = lines
    self.cursor = cursor
  }
}
