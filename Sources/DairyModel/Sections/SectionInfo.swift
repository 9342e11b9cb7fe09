/// What a section is, without its rows: which dataset, where it stands, what it says of itself
/// (``SectionFields``, read as its own properties: `info.title`), and how many observations it
/// has over which years.
@dynamicMemberLookup
public struct SectionInfo: Sendable, Hashable {
  public var id: Int64
  public var dataset: String
  /// The section's place in its dataset, in source order.
  public var position: Int
  /// Its key, title, unit, group and notes.
  public var fields: SectionFields
  /// The decimals its amounts display with: the most the source wrote, at most what six
  /// significant digits of its typical amount need (decided at import).
  public var decimals: Int
  /// How many observations it has, over all years.
  public var observationCount: Int
  /// Its first and last year with a value; nil when it has none.
  public var years: ClosedRange<Int64>?
  /// Its dataset's version: the number of the import that wrote the dataset, which changes each
  /// time the dataset is imported again. Section ids are reused then; (id, version) is not.
  package var version: Int64

  package init(
    id: Int64, dataset: String, position: Int, fields: SectionFields, decimals: Int = 0,
    observationCount: Int = 0, years: ClosedRange<Int64>? = nil, version: Int64 = 0
  ) {
    self.id = id
    self.dataset = dataset
    self.position = position
    self.fields = fields
    self.decimals = decimals
    self.observationCount = observationCount
    self.years = years
    self.version = version
  }

  /// A field of ``fields``, as a property of its own (`info.title`, `info.unit`).
  @inlinable
  public subscript<Value>(dynamicMember field: WritableKeyPath<SectionFields, Value>) -> Value {
    get { fields[keyPath: field] }
    set { fields[keyPath: field] = newValue }
  }

  /// True when every period from the first to the last has a value, so that the n-th row's
  /// period is the first's n-th successor.
  package var isDense: Bool {
    guard let years else { return true }
    let span = period(years.upperBound).ordinal.subtractingSaturated(
      period(years.lowerBound).ordinal
    ).addingSaturated(1)
    return Int64(observationCount) == span
  }

  /// The period whose key under this section's frequency is `key`.
  public func period(_ key: Int64) -> Period {
    Period(frequency: fields.frequency, key: key)
  }
}

/// One year of a section.
public struct Observation: Sendable, Hashable, Encodable {
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

extension Observation {
  /// The largest year magnitude: every integer up to 2^53 is exact as a double, so a year
  /// read as a number keeps its value.
  package static let yearLimit: Int64 = 9_007_199_254_740_992
}
