/// Where a page ends: the last row shown, as (section, year), and the version of the data it was
/// shown from. The next page starts after it.
///
/// Cursors are keyset positions, not offsets, so the next page costs the same at any depth. They
/// print as `SECTION:YEAR@vVERSION` (for `dairy show --after`). The version is the section's
/// dataset's (``SectionInfo/version``): when the dataset is imported again, a cursor made before
/// is refused rather than followed into the new data, so a page never continues one version of a
/// section with the rows of another. A cursor without a version (`12:1999`, as older versions of
/// dairy printed it) is read, and refused the same way, since nothing says what it was made from.
///
/// ```swift
/// let cursor = PageCursor("12:1999@v3")
/// cursor?.section  // 12
/// cursor?.version  // 3
/// cursor?.description  // "12:1999@v3"
/// ```
public struct PageCursor: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  /// The id of the section of the last row shown.
  public var section: Int64
  /// The year of the last row shown.
  public var year: Int64
  /// The version of the section's dataset the row was shown from; nil in a cursor printed by an
  /// older dairy.
  public var version: Int64?

  package init(section: Int64, year: Int64, version: Int64?) {
    self.section = section
    self.year = year
    self.version = version
  }

  public init?(_ description: String) {
    let (position, version) = Self.split(description)
    let parts = position.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let section = Int64(parts[0]), let year = Int64(parts[1]) else {
      return nil
    }
    if case .some(nil) = version { return nil }
    self.init(section: section, year: year, version: version ?? nil)
  }

  /// The text before `@v`, and the version after it: nil without `@`, `.some(nil)` when what
  /// follows is not a version.
  private static func split(_ text: String) -> (Substring, Int64??) {
    guard let at = text.firstIndex(of: "@") else { return (text[...], nil) }
    let rest = text[text.index(after: at)...]
    guard rest.first == "v", let number = Int64(rest.dropFirst()), number >= 0 else {
      return (text[..<at], .some(nil))
    }
    return (text[..<at], .some(number))
  }

  public var description: String {
    "\(section):\(year)" + (version.map { "@v\($0)" } ?? "")
  }
}
