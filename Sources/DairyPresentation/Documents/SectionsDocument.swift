import DairyImport
import DairyModel

/// `dairy sections --format json`: every matching section at a glance. docs/json.md lists the
/// fields.
///
/// ```swift
/// let summaries = try database.summaries(matching: SectionFilter(search: "cheese"))
/// let datasets = try database.read { try $0.datasets() }
/// JSONOutput.string(SectionsDocument(summaries, datasets: datasets))
/// // {"datasets":[\n{"name":…}\n],\n"sections":[\n{"dataset":…}\n]}\n
/// ```
package struct SectionsDocument: Encodable {
  /// The datasets the sections belong to, with what their files say of them.
  package var datasets: [DatasetInfo] = []
  package var sections: [Summary]

  /// One section: what it is (its fields but its notes, which are long: ``columns``), its span
  /// and its latest value.
  package struct Summary: Encodable {
    package var dataset: String
    package var fields: SectionFields
    /// The first and last year with a value; null when it has none.
    package var from: Int64?
    package var to: Int64?
    /// Observations, over all years.
    package var rows: Int
    /// The last year with a value, and that value.
    package var latest: Observation?
    /// The trend in numbers, over every year; null without data.
    package var statistics: Statistics?

    /// The fields a listing writes: the title first, as a listing reads, then the others but the
    /// notes (`show` writes them under a section's last rows, `export` with the section).
    package static let columns =
      [.title] + SectionFields.alwaysWritten.filter { $0 != .title && $0 != .notes }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(dataset, forKey: "dataset")
      try container.encode(fields, Self.columns)
      try container.encodeIfPresent(fields, SectionFields.writtenWhenGiven)
      let frequency = fields.frequency
      try container.encode(from.map { PeriodKey($0, frequency: frequency) }, forKey: "from")
      try container.encode(to.map { PeriodKey($0, frequency: frequency) }, forKey: "to")
      try container.encode(rows, forKey: "rows")
      try container.encode(
        latest.map { PeriodEntry($0, frequency: frequency) }, forKey: "latest")
      try container.encode(statistics, forKey: "statistics")
    }
  }

  /// `dairy sections`' statistics of a section: figures that cannot be computed are null (no
  /// CAGR when a value is zero or below, no percent from a zero). Figures are rounded as
  /// `dairy show --change` rounds them: the change to the section's decimals (1.3 from 4.7 to
  /// 6.0, not 1.2999999999999998), the percent to 2 decimals, the growth rate (a fraction) to 4.
  package struct Statistics: Encodable {
    package var first: Observation
    package var last: Observation
    package var change: Double?
    package var percentChange: Double?
    /// The compound annual growth rate, 0.05 for 5 % a year.
    package var growthRate: Double?
    package var min: Observation
    package var max: Observation
    /// The section's frequency: an annual section's figures are by year, as always; another's
    /// name their periods and add the growth rate per period (a month's, a quarter's).
    package var frequency: Frequency
    package var periodGrowthRate: Double?

    package init(_ statistics: SectionStatistics, decimals: Int) {
      first = statistics.first
      last = statistics.last
      change = statistics.change.map { PageRow.rounded($0, decimals: decimals) }
      percentChange = statistics.percentChange.map { PageRow.rounded($0, decimals: 2) }
      growthRate = statistics.growthRate.map { PageRow.rounded($0, decimals: 4) }
      min = statistics.min
      max = statistics.max
      frequency = statistics.frequency
      periodGrowthRate = statistics.periodGrowthRate.map { PageRow.rounded($0, decimals: 4) }
    }

    package func encode(to encoder: any Encoder) throws {
      // Nulls written, so that every section has the same fields.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(PeriodEntry(first, frequency: frequency), forKey: .first)
      try container.encode(PeriodEntry(last, frequency: frequency), forKey: .last)
      try container.encode(change, forKey: .change)
      try container.encode(percentChange, forKey: .percentChange)
      try container.encode(growthRate, forKey: .growthRate)
      try container.encode(PeriodEntry(min, frequency: frequency), forKey: .min)
      try container.encode(PeriodEntry(max, frequency: frequency), forKey: .max)
      if frequency != .annual {
        try container.encode(periodGrowthRate, forKey: .periodGrowthRate)
      }
    }

    package enum CodingKeys: String, CodingKey {
      case first, last, change, percentChange, growthRate, min, max, periodGrowthRate
    }
  }

  package init(_ summaries: [SectionSummary], datasets: [DatasetInfo] = []) {
    let names = Set(summaries.map(\.info.dataset))
    self.datasets = datasets.filter { names.contains($0.name) }
    sections = summaries.map { summary in
      let info = summary.info
      return Summary(
        dataset: info.dataset, fields: info.fields, from: info.years?.lowerBound,
        to: info.years?.upperBound,
        rows: info.observationCount, latest: summary.latest,
        statistics: summary.statistics.map { Statistics($0, decimals: info.decimals) })
    }
  }
}

/// `dairy sections --format json`'s text: a ``SectionsDocument`` written by ``JSONOutput``.
///
/// ```swift
/// let datasets = try database.read { try $0.datasets() }
/// SectionsJSON.render(try database.summaries(matching: SectionFilter()), datasets: datasets)
/// ```
package enum SectionsJSON {
  /// - Parameter datasets: every dataset; those the summaries belong to are listed.
  package static func render(_ summaries: [SectionSummary], datasets: [DatasetInfo]) -> String {
    JSONOutput.string(SectionsDocument(summaries, datasets: datasets))
  }
}
