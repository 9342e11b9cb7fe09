/// What a dataset is: its name (the file stem or `--dataset`) and, from its metadata, its title
/// and source. A chart takes its title and source line from here.
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

  public init(name: String, title: String? = nil, source: String? = nil) {
    self.name = name
    self.title = title
    self.source = source
  }

  /// The title, or the name when there is no title.
  public var displayTitle: String {
    guard let title, !title.isEmpty else { return name }
    return title
  }
}
