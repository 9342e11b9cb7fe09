/// What a dataset is: its name (the file stem or `--dataset`) and, from its file or its
/// metadata, its title, source, last update, contact, notes and legend. A chart takes its title
/// and source line from here.
///
/// ```swift
/// let usda = try database.read { try $0.datasets() }.first!
/// usda.title   // "Dairy products: per capita consumption, United States"
/// usda.displayTitle  // the title, or the name when the metadata gives none
/// ```
public struct DatasetInfo: Sendable, Hashable {
  public var name: String
  public var title: String?
  public var source: String?
  /// The date the source was last updated, ISO 8601.
  public var updated: String?
  public var contact: String?
  /// The dataset's own notes, one per line.
  public var notes: String?
  /// What each missing marker of the dataset means.
  public var legend: [DatasetFacts.LegendEntry] = []

  public init(
    name: String, title: String? = nil, source: String? = nil, updated: String? = nil,
    contact: String? = nil, notes: String? = nil, legend: [DatasetFacts.LegendEntry] = []
  ) {
    self.name = name
    self.title = title
    self.source = source
    self.updated = updated
    self.contact = contact
    self.notes = notes
    self.legend = legend
  }

  /// The title, or the name when there is no title.
  public var displayTitle: String {
    guard let title, !title.isEmpty else { return name }
    return title
  }
}
