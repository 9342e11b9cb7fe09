/// Which sections and years a page shows: a search in the titles and a year range.
///
/// ```swift
/// let filter = SectionFilter(search: "cheese", since: 2000)
/// filter.matches(title: "American cheese")  // true
/// ```
public struct SectionFilter: Sendable, Hashable {
  /// Text the title must contain, ignoring case; nil or empty for every section.
  public var search: String?
  /// The first year shown, if any.
  public var since: Int64?
  /// The last year shown, if any.
  public var until: Int64?

  public init(search: String? = nil, since: Int64? = nil, until: Int64? = nil) {
    self.search = search
    self.since = since
    self.until = until
  }

  /// Whether a title matches the search, case-insensitively and literally (no wildcards).
  public func matches(title: String) -> Bool {
    guard let search, !search.isEmpty else { return true }
    return title.lowercased().contains(search.lowercased())
  }

  /// The year range asked for, its open ends closed at `years` (the data's own first and last
  /// years), so that what is drawn or said names real years; nil when neither end is given.
  ///
  /// ```swift
  /// SectionFilter(since: 1990).closedYears(within: 1975...2022)  // 1990...2022
  /// ```
  package func closedYears(within years: ClosedRange<Int64>?) -> ClosedRange<Int64>? {
    guard let end = since ?? until else { return nil }
    let low = since ?? years?.lowerBound ?? end
    let high = until ?? years?.upperBound ?? low
    return low...max(low, high)
  }

  /// The years in range: `since...until`, open ends filled with the extremes. An empty range
  /// (``isEmptyRange``: `since` after `until`) gives `since...since`, as a closed range cannot
  /// be empty: the queries check ``isEmptyRange`` first.
  package var years: ClosedRange<Int64> {
    let low = since ?? .min
    return low...max(low, until ?? .max)
  }

  /// True when the range is empty (`since` after `until`).
  package var isEmptyRange: Bool {
    if let since, let until { return since > until }
    return false
  }
}
