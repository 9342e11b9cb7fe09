/// What a dataset is: its name (the file stem or `--dataset`) and, from its file or its
/// metadata, its title, source, last update, contact, notes and legend. A chart takes its title
/// and source line from here.
///
/// ```swift
/// let usda = try database.read { try $0.datasets() }.first!
/// usda.title   // "Dairy products: per capita consumption, United States"
/// usda.displayTitle  // the title, or the name when the metadata gives none
/// ```
package struct DatasetInfo: Sendable, Hashable, Encodable {
  package var name: String
  package var title: String?
  package var source: String?
  /// The date the source was last updated, ISO 8601.
  package var updated: String?
  package var contact: String?
  /// The dataset's own notes, one per line.
  package var notes: String?
  /// What each missing marker of the dataset means.
  package var legend: [DatasetFacts.LegendEntry] = []

  package init(
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
  package var displayTitle: String {
    guard let title, !title.isEmpty else { return name }
    return title
  }
}
