import DairyImport
import DairyModel

/// One series as a chart draws it: its points in the year range and, in index mode, the value
/// they are divided by.
package struct ChartLine: Sendable, Hashable {
  /// Why a series draws nothing.
  package enum Problem: Sendable, Hashable {
    /// It has no point in the year range.
    case noData
    /// Index mode needs a positive first value to rebase to 100; this is the first value.
    case notIndexable(Double)
  }

  package var series: ChartSeries
  /// Its place among the chart's series, which picks its colour and mark.
  package var number: Int
  /// The indices of its points in range.
  package var range: Range<Int>
  /// In index mode, the first value in range (plotted values are `amount / base × 100`).
  package var base: Double?
  package var problem: Problem?

  package init(series: ChartSeries, number: Int, years: ClosedRange<Int64>?, index: Bool) {
    self.series = series
    self.number = number
    range = years.map(series.indices(in:)) ?? series.points.indices
    if range.isEmpty {
      problem = .noData
    } else if index {
      let first = series.points[range.lowerBound].amount
      if first > 0 { base = first } else { problem = .notIndexable(first) }
    }
  }

  /// Whether the line draws anything.
  package var isDrawn: Bool { problem == nil }

  package var first: Observation? { isDrawn ? series.points[range.lowerBound] : nil }
  package var last: Observation? { isDrawn ? series.points[range.upperBound - 1] : nil }

  /// The value drawn for `amount`: the amount itself, or its index, kept finite.
  package func plotted(_ amount: Double) -> Double {
    guard let base else { return amount }
    return ChartScale.finite(amount / base * 100)
  }

  /// The lowest and highest plotted value in range (rebasing by a positive base keeps order).
  package var low: Double? { isDrawn ? plotted(series.extremes.extremes(in: range).low) : nil }
  package var high: Double? { isDrawn ? plotted(series.extremes.extremes(in: range).high) : nil }
}
