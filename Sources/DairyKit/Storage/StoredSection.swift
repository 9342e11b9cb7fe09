/// A section as stored: which dataset, what it is called and measured in, and its place.
public struct StoredSection: Sendable, Hashable {
  public var id: Int64
  public var dataset: String
  public var position: Int
  /// The source's name for the series, exactly as written.
  public var key: String
  public var title: String
  public var unit: String?
  public var group: String?
  public var notes: String?
  /// The most decimals the source wrote for an amount of this series.
  public var decimals: Int

  public init(
    id: Int64, dataset: String, position: Int, key: String, title: String, unit: String? = nil,
    group: String? = nil, notes: String? = nil, decimals: Int = 0
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
