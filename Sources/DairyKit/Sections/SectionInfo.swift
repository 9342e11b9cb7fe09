/// What a section is, without its rows: which dataset, what it is called and measured in, where it
/// stands, and how many observations it has over which years.
public struct SectionInfo: Sendable, Hashable {
  public var id: Int64
  public var dataset: String
  /// The section's place in its dataset, in source order.
  public var position: Int
  /// The source's name for the series, exactly as written.
  public var key: String
  public var title: String
  public var unit: String?
  public var group: String?
  public var notes: String?
  /// The decimals its amounts display with: the most the source wrote, at most what six
  /// significant digits of its typical amount need (decided at import).
  public var decimals: Int
  /// How many observations it has, over all years.
  public var observationCount: Int
  /// Its first and last year with a value; nil when it has none.
  public var years: ClosedRange<Int64>?

  public init(
    id: Int64, dataset: String, position: Int, key: String, title: String, unit: String? = nil,
    group: String? = nil, notes: String? = nil, decimals: Int = 0, observationCount: Int = 0,
    years: ClosedRange<Int64>? = nil
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
  }

  /// True when every year from the first to the last has a value, so that the n-th row's year is
  /// `first + n`.
  public var isDense: Bool {
    guard let years else { return true }
    return Int64(observationCount) == years.upperBound - years.lowerBound + 1
  }
}

/// One year of a section.
public struct Observation: Sendable, Hashable {
  public var year: Int64
  public var amount: Double

  public init(year: Int64, amount: Double) {
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
public struct Section: Sendable, Hashable {
  public var info: SectionInfo
  public var rows: [Observation]

  public init(info: SectionInfo, rows: [Observation]) {
    self.info = info
    self.rows = rows
  }
}
