/// A section's series reduced for a sparkline: the years in range, in order, averaged into at most
/// ``points`` buckets (``Page/Part/trend``, ``SectionSummary/trend``).
///
/// ```swift
/// Trend.points  // 16
/// ```
package enum Trend {
  /// How many values a trend has at most.
  package static let points = 16
}
