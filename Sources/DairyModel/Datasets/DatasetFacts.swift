/// What a dataset says of itself: its title, source, source link, last update, contact, notes
/// and the legend of its missing markers.
///
/// This is the one declaration of a dataset's fields. An import learns them from a report's
/// title rows and notes block, a metadata sidecar, the command line or a backup; storage keeps
/// each text as the column of table `dataset` named by its ``Column`` (the legend in table
/// `legend`); the JSON documents and the backup reader write and read each under that same name.
/// A new field is a property and a case of ``Column`` here, and where its value comes from.
///
/// ```swift
/// var facts = DatasetFacts(title: "Milk production")
/// facts[.source] = "NASS"
/// DatasetFacts.Column.allCases.map(\.rawValue)
/// // ["title", "source", "link", "updated", "contact", "notes"]
/// ```
public struct DatasetFacts: FieldColumns, Sendable, Hashable {
  /// One entry of a legend: a missing marker and what it means (`(D)`: `withheld to avoid
  /// disclosing data for individual operations`).
  public struct LegendEntry: Sendable, Hashable, Encodable {
    public var marker: String
    public var meaning: String

    public init(marker: String, meaning: String) {
      self.marker = marker
      self.meaning = meaning
    }
  }

  public var title: String?
  public var source: String?
  /// Where it came from: its metadata's `link` (a URL), else the name of the file imported; nil
  /// when nothing said, as in a database or backup from before dairy kept links.
  public var link: String?
  /// The date the source was last updated, ISO 8601 (`2024-08-29`, or `2024-08` without a day).
  public var updated: String?
  public var contact: String?
  /// The dataset's own notes, one per line.
  public var notes: String?
  /// What each missing marker of the dataset means.
  public var legend: [LegendEntry] = []

  public init(
    title: String? = nil, source: String? = nil, link: String? = nil, updated: String? = nil,
    contact: String? = nil, notes: String? = nil, legend: [LegendEntry] = []
  ) {
    self.title = title
    self.source = source
    self.link = link
    self.updated = updated
    self.contact = contact
    self.notes = notes
    self.legend = legend
  }
}

// MARK: - The columns

extension DatasetFacts {
  /// A text field, by the name every layer gives it: its column in table `dataset`, its key in
  /// the JSON documents, in a backup and in a metadata sidecar. The order is the order they are
  /// written in (the legend, a list, comes after them).
  ///
  /// Each question below is a `switch`, so that a new field is decided on here, once.
  package enum Column: String, CaseIterable, Sendable {
    case title, source, link, updated, contact, notes

    /// Whether a metadata sidecar may give it, at its top level, in place of what the file says.
    package var isDescribedBySidecar: Bool {
      switch self {
      case .title, .source, .link: true
      case .updated, .contact, .notes: false
      }
    }
  }

  /// The text field `column` names.
  package subscript(column: Column) -> String? {
    get {
      switch column {
      case .title: title
      case .source: source
      case .link: link
      case .updated: updated
      case .contact: contact
      case .notes: notes
      }
    }
    set {
      switch column {
      case .title: title = newValue
      case .source: source = newValue
      case .link: link = newValue
      case .updated: updated = newValue
      case .contact: contact = newValue
      case .notes: notes = newValue
      }
    }
  }

  /// These facts with each text field that `other` gives in place of this one's: a file's facts
  /// under what its sidecar says.
  package func replacing(with other: DatasetFacts) -> DatasetFacts {
    var facts = self
    for column in Column.allCases {
      if let text = other[column] { facts[column] = text }
    }
    return facts
  }
}

// MARK: - A dataset

/// A dataset as storage holds it: its name (the file stem or `--dataset`) and its facts, read as
/// its own properties (`dataset.title`). A chart takes its title and source line from here.
///
/// ```swift
/// let usda = try database.read { try $0.datasets() }.first!
/// usda.title   // "Dairy products: per capita consumption, United States"
/// usda.displayTitle  // the title, or the name when the metadata gives none
/// ```
@dynamicMemberLookup
public struct DatasetInfo: Sendable, Hashable, Encodable {
  public var name: String
  public var facts: DatasetFacts

  public init(name: String, facts: DatasetFacts = DatasetFacts()) {
    self.name = name
    self.facts = facts
  }

  /// A field of ``facts``, as a property of its own (`dataset.title`, `dataset.legend`).
  @inlinable
  public subscript<Value>(dynamicMember field: WritableKeyPath<DatasetFacts, Value>) -> Value {
    get { facts[keyPath: field] }
    set { facts[keyPath: field] = newValue }
  }

  /// The title, or the name when there is no title.
  package var displayTitle: String {
    guard let title = facts.title, !title.isEmpty else { return name }
    return title
  }

  /// As the JSON documents write it: its name, each text field (`null` for none), its legend.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DocumentKey.self)
    try container.encode(name, forKey: "name")
    try container.encode(facts)
    try container.encode(facts.legend, forKey: "legend")
  }
}
