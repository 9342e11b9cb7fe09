/// Sections of one title at many places, read across: a row a place, a column a period — how a
/// census county table reads (`dairy show "milk sales" --by place --period 2017`), rather than
/// thousands of one-row sections.
///
/// ```swift
/// let table = CrossSection(
///   dataset: "census", title: "Milk sales", unit: "dollars", frequency: .annual,
///   periods: [2017], rows: [CrossSection.Row(place: "Alabama", code: "01", cells: [.value(1)])])
/// table.rows[0].cells[0]  // .value(1.0)
/// ```
public struct CrossSection: Sendable, Hashable {
  /// A place's cell for one period: a value, a marked missing cell, or nothing.
  public enum Cell: Sendable, Hashable {
    case value(Double)
    case missing(String)
    case none
  }

  /// One place: its name, its code, its section's decimals, and a cell per period.
  public struct Row: Sendable, Hashable {
    public var place: String
    public var code: String?
    public var decimals: Int
    public var cells: [Cell]

    public init(place: String, code: String? = nil, decimals: Int = 0, cells: [Cell]) {
      self.place = place
      self.code = code
      self.decimals = decimals
      self.cells = cells
    }
  }

  public var dataset: String
  public var title: String
  public var unit: String?
  public var frequency: Frequency
  /// The periods' keys, ascending: every period in range any of the places has.
  public var periods: [Int64]
  public var rows: [Row]
  /// What the dataset's legend says each marker means.
  public var legend: [String: String]

  public init(
    dataset: String, title: String, unit: String?, frequency: Frequency, periods: [Int64],
    rows: [Row], legend: [String: String] = [:]
  ) {
    self.dataset = dataset
    self.title = title
    self.unit = unit
    self.frequency = frequency
    self.periods = periods
    self.rows = rows
    self.legend = legend
  }
}
