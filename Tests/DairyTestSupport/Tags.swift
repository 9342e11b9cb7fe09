import Testing

extension Tag {
  /// Tests that start processes (the built binary, tmux, Chromium, Python, sqlite3): the
  /// `DairyEndToEndTests` target. The unit tests run alone with
  /// `swift test --skip DairyEndToEndTests`.
  @Tag package static var endToEnd: Self
}
