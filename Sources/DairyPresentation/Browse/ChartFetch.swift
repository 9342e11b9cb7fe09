import DairyImport
import DairyModel

/// The series a browse chart pane asks for: one section's, or those of every section matching
/// the search. The generation tells a result for the pane as it is from a stale one.
package struct ChartFetch: Sendable, Hashable {
  package enum Scope: Sendable, Hashable {
    /// The section with this id (`c`).
    case section(Int64)
    /// Every section whose title matches the filter's search (`C`).
    case matching(SectionFilter)
  }

  package var generation: Int
  package var scope: Scope

  package init(generation: Int, scope: Scope) {
    self.generation = generation
    self.scope = scope
  }
}
