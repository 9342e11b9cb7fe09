import Foundation

/// A dataset at a glance, as `dairy datasets` lists it: its name and facts, how much it holds,
/// the periods its sections span, and the import that wrote it (its files and when).
///
/// ```swift
/// let summary = try database.read { try $0.datasetSummaries() }.first!
/// summary.name  // "per_capita_consumption_1975-2022"
/// summary.periodsText  // "1975–2022"
/// summary.files  // ["per_capita_consumption_1975-2022.csv"]
/// ```
public struct DatasetSummary: Sendable, Hashable {
  /// Its name and what it says of itself.
  public var dataset: DatasetInfo
  public var sections: Int
  public var observations: Int
  /// Its cells that hold no value.
  public var missing: Int
  /// The first period of its sections with a value, and the last; nil when none has one.
  public var first: Period?
  public var last: Period?
  /// The files of the import that wrote it, as the imports log names them (no folder).
  public var files: [String]
  /// When that import ran, ISO 8601 in UTC (`2026-11-27T10:02:11Z`); nil when the log has no
  /// row of it.
  public var importedAt: String?

  package init(
    dataset: DatasetInfo, sections: Int = 0, observations: Int = 0, missing: Int = 0,
    first: Period? = nil, last: Period? = nil, files: [String] = [], importedAt: String? = nil
  ) {
    self.dataset = dataset
    self.sections = sections
    self.observations = observations
    self.missing = missing
    self.first = first
    self.last = last
    self.files = files
    self.importedAt = importedAt
  }

  public var name: String { dataset.name }

  /// The span of its periods as written (`1975–2022`, `2019-01–2020-12`); `–` for none.
  public var periodsText: String {
    guard let first, let last else { return "–" }
    return Period.span(from: first, to: last)
  }

  /// The span of periods of sections of several frequencies: the years, from the first
  /// period's to the last's. One frequency keeps its periods.
  package static func span(of sections: [SectionInfo]) -> (first: Period, last: Period)? {
    let spans = sections.compactMap { info in
      info.years.map { (info.period($0.lowerBound), info.period($0.upperBound)) }
    }
    guard let frequency = spans.first?.0.frequency else { return nil }
    if spans.allSatisfy({ $0.0.frequency == frequency }) {
      return (spans.min { $0.0.key < $1.0.key }!.0, spans.max { $0.1.key < $1.1.key }!.1)
    }
    let years = spans.map { ($0.0.year, $0.1.year) }
    return (.year(years.map(\.0).min()!), .year(years.map(\.1).max()!))
  }

  /// `importedAt` as a person reads it: `2026-11-27 10:02` (UTC), or `–`.
  public var importedText: String {
    Self.shortTime(importedAt) ?? "–"
  }

  /// An ISO 8601 time as `2026-11-27 10:02`; nil for nil.
  package static func shortTime(_ iso: String?) -> String? {
    guard let iso else { return nil }
    let text = iso.replacingOccurrences(of: "T", with: " ")
    return text.count >= 16 ? String(text.prefix(16)) : text
  }
}
