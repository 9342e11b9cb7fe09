/// A section at a glance, for `dairy sections`: what it is, its span, its latest value and trend.
package struct SectionSummary: Sendable, Hashable {
  package var info: SectionInfo
  /// The last year with a value, and that value.
  package var latest: Observation?
  /// The whole series, reduced to a few points.
  package var trend: [Double]
  /// First and last value, change, growth rate, lowest and highest, over every year; nil
  /// without data.
  package var statistics: SectionStatistics?

  package init(
    info: SectionInfo, latest: Observation?, trend: [Double],
    statistics: SectionStatistics? = nil
  ) {
    self.info = info
    self.latest = latest
    self.trend = trend
    self.statistics = statistics
  }
}
