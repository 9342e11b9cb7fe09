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
package struct CrossSection: Sendable, Hashable {
  /// A place's cell for one period: a value, a marked missing cell, or nothing.
  package enum Cell: Sendable, Hashable {
    case value(Double)
    case missing(String)
    case none
  }

  /// One place: its name, its code, its section's decimals, and a cell per period.
  package struct Row: Sendable, Hashable {
    /// The section's place; nil for a section that names none.
    package var place: String?
    package var code: String?
    package var decimals: Int
    package var cells: [Cell]

    package init(place: String?, code: String? = nil, decimals: Int = 0, cells: [Cell]) {
      self.place = place
      self.code = code
      self.decimals = decimals
      self.cells = cells
    }
  }

  package var dataset: String
  package var title: String
  /// The sections' group (a Quick Stats domain category: `Sales: $50,000 or more`): sections of
  /// one title in different groups are different series, each a table of its own.
  package var group: String?
  package var unit: String?
  package var frequency: Frequency
  /// The periods' keys, ascending: every period in range any of the places has.
  package var periods: [Int64]
  package var rows: [Row]
  /// What the dataset's legend says each marker means.
  package var legend: [String: String]

  package init(
    dataset: String, title: String, group: String? = nil, unit: String?, frequency: Frequency,
    periods: [Int64], rows: [Row], legend: [String: String] = [:]
  ) {
    self.dataset = dataset
    self.title = title
    self.group = group
    self.unit = unit
    self.frequency = frequency
    self.periods = periods
    self.rows = rows
    self.legend = legend
  }
}
