/// The series a browse chart pane asks for: one section's, or those of every section matching
/// the search. The generation tells a result for the pane as it is from a stale one.
public struct ChartFetch: Sendable, Hashable {
  public enum Scope: Sendable, Hashable {
    /// The section with this id (`c`).
    case section(Int64)
    /// Every section whose title matches the filter's search (`C`).
    case matching(SectionFilter)
  }

  public var generation: Int
  public var scope: Scope

  public init(generation: Int, scope: Scope) {
    self.generation = generation
    self.scope = scope
  }

  /// Reads the series the fetch asks for, in one snapshot.
  public func series(from database: DairyDatabase) throws -> [ChartSeries] {
    try ChartSelection.read(from: database) { info in
      switch scope {
      case .section(let id): info.id == id
      case .matching(let filter): filter.matches(title: info.title)
      }
    }.series
  }
}
