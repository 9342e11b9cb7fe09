import DairyModel

extension ChartSeries {
  /// The years from the earliest point of any series to the latest; nil without points.
  package static func years(of series: [ChartSeries]) -> ClosedRange<Int64>? {
    let firsts = series.compactMap { $0.points.first?.year }
    let lasts = series.compactMap { $0.points.last?.year }
    guard let low = firsts.min(), let high = lasts.max() else { return nil }
    return low...high
  }
}
