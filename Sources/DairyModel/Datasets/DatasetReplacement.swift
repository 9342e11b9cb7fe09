import Foundation

/// A dataset an import replaces, or would: what it holds, the import that wrote it, and what of
/// its description the new import does not give (``DatasetDescription/dropped(by:)``).
///
/// ```swift
/// let old = DatasetReplacement(name: "milk", sections: 13, files: ["milk.xlsx"])
/// old.line  // "milk: 13 sections from milk.xlsx"
/// ```
public struct DatasetReplacement: Sendable, Hashable {
  public var name: String
  public var sections: Int
  public var observations: Int
  /// The files of the import that wrote it, and when (ISO 8601), from the imports log.
  public var files: [String]
  public var importedAt: String?
  /// What it said of itself, to tell what the new import drops.
  public var held: DatasetDescription
  /// What it had that the import does not give (``DatasetDescription/dropped(by:)``), known once
  /// the import has written; empty before.
  public var dropped: [String] = []

  package init(
    name: String, sections: Int = 0, observations: Int = 0, files: [String] = [],
    importedAt: String? = nil, held: DatasetDescription = DatasetDescription()
  ) {
    self.name = name
    self.sections = sections
    self.observations = observations
    self.files = files
    self.importedAt = importedAt
    self.held = held
  }

  /// `milk: 13 sections from milk.xlsx, imported 2026-11-27 10:02 UTC`, escaped.
  public var line: String {
    var text = "\(TextEscaping.visible(name)): \(plural(sections, "section"))"
    if !files.isEmpty {
      text += " from " + files.map(TextEscaping.visible).joined(separator: ", ")
    }
    if let time = DatasetSummary.shortTime(importedAt) { text += ", imported \(time) UTC" }
    return text
  }

  /// `its title, source and the units of 13 sections`: what is dropped, as one phrase; nil when
  /// nothing is.
  public var droppedText: String? {
    guard !dropped.isEmpty else { return nil }
    if dropped.count == 1 { return "its " + dropped[0] }
    return "its " + dropped.dropLast().joined(separator: ", ") + " and " + dropped.last!
  }
}

/// What a dataset says of itself, field by field, to tell what an import that replaces it
/// drops: its facts, its legend, and how many of its sections have a unit, a group, notes.
public struct DatasetDescription: Sendable, Hashable {
  public var facts = DatasetFacts()
  /// Sections with a unit, a group, notes.
  public var units = 0
  public var groups = 0
  public var sectionNotes = 0

  public init() {}

  /// What this description has that `new` lacks, as a person names it: `title`, `source`,
  /// `contact`, `notes`, `legend`, `units of 13 sections` (sections that had one less those that
  /// have one), in that order. The link and the last update change with every file and are not
  /// counted.
  ///
  /// ```swift
  /// var old = DatasetDescription()
  /// old.facts.title = "Milk"
  /// old.units = 13
  /// old.dropped(by: DatasetDescription())  // ["title", "the units of 13 sections"]
  /// ```
  public func dropped(by new: DatasetDescription) -> [String] {
    var dropped: [String] = []
    for column in [DatasetFacts.Column.title, .source, .contact, .notes]
    where Self.has(facts[column]) && !Self.has(new.facts[column]) {
      dropped.append(column.rawValue)
    }
    if !facts.legend.isEmpty && new.facts.legend.isEmpty { dropped.append("legend") }
    for (name, old, now) in [
      ("units", units, new.units), ("groups", groups, new.groups),
      ("notes", sectionNotes, new.sectionNotes),
    ] where now < old {
      dropped.append("the \(name) of \(plural(old - now, "section"))")
    }
    return dropped
  }

  private static func has(_ text: String?) -> Bool {
    !(text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }
}
