import DairyImport
import DairyModel

/// One line of a chart: a section's yearly values with what the chart says about them (title,
/// unit, dataset, notes).
///
/// Points are kept with years ascending, one per year (the first of a repeated year), and only
/// finite amounts: a NaN or infinite amount is a missing year. Missing years break the line.
/// Building a series indexes its extremes once (``RangeExtremes``), so that drawing it costs a few
/// reads a dot column rather than a read of every point.
///
/// ```swift
/// let butter = ChartSeries(
///   title: "Butter", unit: "lb per person", dataset: "Dairy products",
///   points: [Observation(year: 1975, amount: 4.7), Observation(year: 2022, amount: 6.0)])
/// butter.points.count  // 2
/// ```
package struct ChartSeries: Sendable, Hashable {
  package var title: String
  package var unit: String?
  /// The title of the dataset the series belongs to: the chart's title.
  package var dataset: String
  /// Where the data comes from, for the SVG's source line.
  package var source: String?
  package var notes: String?
  /// The decimals amounts are shown with (the source's, as `dairy show` uses).
  package var decimals: Int
  /// The points, years ascending: for a section that is not annual, each row's position on the
  /// chart's axis (``ChartTime``) in place of its year.
  package let points: [Observation]
  /// What the points' positions are.
  package var time = ChartTime()
  /// The lowest and highest amount of any run of points.
  package let extremes: RangeExtremes

  package init(
    title: String, unit: String?, dataset: String, source: String? = nil, notes: String? = nil,
    decimals: Int = 0, points: [Observation]
  ) {
    self.title = title
    self.unit = unit
    self.dataset = dataset
    self.source = source
    self.notes = notes
    self.decimals = decimals
    self.points = Self.cleaned(points)
    self.extremes = RangeExtremes(self.points.map(\.amount))
  }

  /// A section's rows as a series, with its dataset's title and source.
  ///
  /// ```swift
  /// let series = ChartSeries(section: section, dataset: DatasetInfo(name: "usda"))
  /// ```
  package init(section: Section, dataset: DatasetInfo) {
    let info = section.info
    let time = ChartTime(
      frequency: info.frequency,
      reference: info.frequency == .weekly ? section.rows.first.map { info.period($0.year) } : nil)
    self.init(
      title: info.heading, unit: info.unit, dataset: dataset.displayTitle, source: dataset.source,
      notes: info.notes, decimals: info.decimals,
      points: time.isYearly
        ? section.rows
        : section.rows.map {
          Observation(year: time.position(ofKey: $0.year), amount: $0.amount)
        })
    self.time = time
  }

  /// The indices of the points whose years lie in `years`.
  package func indices(in years: ClosedRange<Int64>) -> Range<Int> {
    firstIndex { $0.year >= years.lowerBound }..<firstIndex { $0.year > years.upperBound }
  }

  /// The first index whose point satisfies `isPast` (points for which it is false come first).
  private func firstIndex(where isPast: (Observation) -> Bool) -> Int {
    var low = 0
    var high = points.count
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(points[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  private static func cleaned(_ points: [Observation]) -> [Observation] {
    var kept = points.filter { $0.amount.isFinite }
    let ascending = zip(kept, kept.dropFirst()).allSatisfy { $0.year < $1.year }
    guard !ascending else { return kept }
    // Stable, so that of a repeated year the first point is kept.
    kept = kept.enumerated().sorted { ($0.element.year, $0.offset) < ($1.element.year, $1.offset) }
      .map(\.element)
    var unique: [Observation] = []
    for point in kept where unique.last?.year != point.year { unique.append(point) }
    return unique
  }
}
