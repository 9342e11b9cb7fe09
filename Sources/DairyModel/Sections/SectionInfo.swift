/// What a section is, without its rows: which dataset, what it is called and measured in, where it
/// stands, and how many observations it has over which years.
package struct SectionInfo: Sendable, Hashable {
  package var id: Int64
  package var dataset: String
  /// The section's place in its dataset, in source order.
  package var position: Int
  /// The source's name for the series, exactly as written.
  package var key: String
  package var title: String
  package var unit: String?
  package var group: String?
  package var notes: String?
  /// The decimals its amounts display with: the most the source wrote, at most what six
  /// significant digits of its typical amount need (decided at import).
  package var decimals: Int
  /// How many observations it has, over all years.
  package var observationCount: Int
  /// Its first and last year with a value; nil when it has none.
  package var years: ClosedRange<Int64>?
  /// Its dataset's version: the number of the import that wrote the dataset, which changes each
  /// time the dataset is imported again. Section ids are reused then; (id, version) is not.
  package var version: Int64

  package init(
    id: Int64, dataset: String, position: Int, key: String, title: String, unit: String? = nil,
    group: String? = nil, notes: String? = nil, decimals: Int = 0, observationCount: Int = 0,
    years: ClosedRange<Int64>? = nil, version: Int64 = 0
  ) {
    self.id = id
    self.dataset = dataset
    self.position = position
    self.key = key
    self.title = title
    self.unit = unit
    self.group = group
    self.notes = notes
    self.decimals = decimals
    self.observationCount = observationCount
    self.years = years
    self.version = version
  }

  /// True when every year from the first to the last has a value, so that the n-th row's year is
  /// `first + n`.
  package var isDense: Bool {
    guard let years else { return true }
    let span = years.upperBound.subtractingSaturated(years.lowerBound).addingSaturated(1)
    return Int64(observationCount) == span
  }
}

/// One year of a section.
package struct Observation: Sendable, Hashable {
  package var year: Int64
  package var amount: Double

  package init(year: Int64, amount: Double) {
    self.year = year
    self.amount = amount
  }
}

/// A section and its rows: the unit a table view shows under one header.
///
/// ```swift
/// let butter = Section(info: info, rows: [Observation(year: 1975, amount: 4.7)])
/// butter.rows.count  // 1
/// ```
package struct Section: Sendable, Hashable {
  package var info: SectionInfo
  package var rows: [Observation]

  package init(info: SectionInfo, rows: [Observation]) {
    self.info = info
    self.rows = rows
  }
}

extension Observation {
  /// The largest year magnitude: every integer up to 2^53 is exact as a double, so a year
  /// read as a number keeps its value.
  package static let yearLimit: Int64 = 9_007_199_254_740_992
}
