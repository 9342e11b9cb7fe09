/// Where a page ends: the last row shown, as (section, year). The next page starts after it.
///
/// Cursors are keyset positions, not offsets, so the next page costs the same at any depth. They
/// print as `SECTION:YEAR` (for `dairy show --after`).
///
/// ```swift
/// let cursor = PageCursor("12:1999")
/// cursor?.section  // 12
/// cursor?.description  // "12:1999"
/// ```
public struct PageCursor: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  /// The id of the section of the last row shown.
  public var section: Int64
  /// The year of the last row shown.
  public var year: Int64

  public init(section: Int64, year: Int64) {
    self.section = section
    self.year = year
  }

  public init?(_ description: String) {
    let parts = description.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let section = Int64(parts[0]), let year = Int64(parts[1]) else {
      return nil
    }
    self.init(section: section, year: year)
  }

  public var description: String { "\(section):\(year)" }
}
