/// The datasets and sections an import has written so far, and what it has learned of each
/// section from its rows; it writes them through the ``ImportTarget``. Knows no file format.
struct SectionBook {
  /// What one section has shown so far.
  struct Section {
    var id: Int64
    var dataset: String
    var key: String
    /// The most decimals the source wrote for one of its amounts.
    var decimals = 0
    /// The orders of magnitude of its amounts, for the decimals it displays with.
    var precision = DisplayPrecision()
    var observations = 0
    var missing = 0
    var firstYear = Int64.max
    var lastYear = Int64.min
    var notes: [String] = []
    var unit: String?
    /// The unit a unit column gave first, and where, to refuse a second one.
    var unitFromColumn: (String, SourceLocation)?
  }

  var target: any ImportTarget
  /// The datasets in the order the import first wrote to them.
  private(set) var datasetOrder: [String] = []
  private var datasetIDs: [String: Int64] = [:]
  var sections: [Section] = []
  /// Per dataset, the index in `sections` of each section key.
  private var sectionIndex: [String: [String: Int]] = [:]
  /// Per dataset, what its files, metadata and the command line said of it.
  private(set) var datasetFacts: [String: DatasetFacts] = [:]

  init(target: any ImportTarget) {
    self.target = target
  }

  mutating func dataset(_ name: String, metadata: DatasetMetadata?) throws -> Int64 {
    if let id = datasetIDs[name] { return id }
    let id = try target.dataset(named: name, metadata: metadata)
    datasetIDs[name] = id
    datasetOrder.append(name)
    return id
  }

  /// The index in `sections` of the section keyed `key` in `dataset`, created on first use with
  /// its title, unit, group and notes from the metadata, else from the key and `unit`.
  mutating func section(
    key: String, dataset: String, metadata: DatasetMetadata?, underscores: Bool, unit: String?
  ) throws -> Int {
    let draft = SectionDraft(
      key: key, title: SectionDraft.title(fromKey: key, underscoresAsSpaces: underscores),
      unit: unit)
    return try section(draft, dataset: dataset, metadata: metadata)
  }

  /// The index in `sections` of the section `draft` describes, created on first use. The
  /// metadata's title, unit and group replace the draft's, and its notes follow the draft's.
  mutating func section(_ draft: SectionDraft, dataset: String, metadata: DatasetMetadata?)
    throws -> Int
  {
    if let index = sectionIndex[dataset]?[draft.key] { return index }
    let datasetID = try self.dataset(dataset, metadata: metadata)
    var draft = draft
    if let described = metadata?.series(forKey: draft.key) {
      draft.title = described.title.map(SectionDraft.collapsingWhitespace) ?? draft.title
      draft.unit = described.unit ?? draft.unit
      draft.group = described.group ?? draft.group
      let notes = [draft.notes, described.notes].compactMap { $0 }
      draft.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
    }
    let id = try target.section(draft, in: datasetID)
    var section = Section(id: id, dataset: dataset, key: draft.key)
    section.unit = draft.unit
    if let notes = draft.notes { section.notes = [notes] }
    sections.append(section)
    sectionIndex[dataset, default: [:]][draft.key] = sections.count - 1
    return sections.count - 1
  }

  /// Writes one observation of section `index` and counts it.
  @inline(__always)
  mutating func add(_ amount: Double, decimals: Int, year: Int64, section index: Int) throws {
    try target.addObservation(section: sections[index].id, year: year, amount: amount)
    if decimals > sections[index].decimals { sections[index].decimals = decimals }
    sections[index].precision.add(amount)
    sections[index].observations += 1
    if year < sections[index].firstYear { sections[index].firstYear = year }
    if year > sections[index].lastYear { sections[index].lastYear = year }
  }

  /// The index in `sections` of the section keyed `key` in `dataset`, if there is one.
  func index(of key: String, in dataset: String) -> Int? {
    sectionIndex[dataset]?[key]
  }

  /// Records a missing cell of section `index`, with its marker, and counts it.
  mutating func addMissing(marker: String, year: Int64, section index: Int) throws {
    try target.addMissing(section: sections[index].id, year: year, marker: marker)
    sections[index].missing += 1
  }

  /// Adds what a table said of its dataset to what earlier tables said: the first title,
  /// source, update and contact stay; notes and legend entries add up, each once.
  mutating func describe(dataset: String, _ facts: DatasetFacts) {
    var merged = datasetFacts[dataset] ?? DatasetFacts()
    merged.title = merged.title ?? facts.title
    merged.source = merged.source ?? facts.source
    merged.updated = merged.updated ?? facts.updated
    merged.contact = merged.contact ?? facts.contact
    var notes = merged.notes?.split(separator: "\n").map(String.init) ?? []
    for line in facts.notes?.split(separator: "\n") ?? [] where !notes.contains(String(line)) {
      notes.append(String(line))
    }
    merged.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
    for entry in facts.legend where !merged.legend.contains(entry) { merged.legend.append(entry) }
    datasetFacts[dataset] = merged
  }

  /// Writes what was learned about every section and dataset.
  mutating func finish() throws {
    for name in datasetOrder {
      if let facts = datasetFacts[name], let id = datasetIDs[name] {
        try target.finishDataset(id, facts)
      }
    }
    for section in sections {
      try target.finishSection(
        section.id,
        SectionFacts(
          notes: section.notes.isEmpty ? nil : section.notes.joined(separator: "\n"),
          unit: section.unit, decimals: section.precision.decimals(written: section.decimals),
          observations: section.observations,
          years: section.observations > 0 ? section.firstYear...section.lastYear : nil))
    }
  }

  /// The summary of each dataset, in order.
  var datasets: [ImportSummary.Dataset] {
    datasetOrder.map { name in
      let sections = sections.filter { $0.dataset == name }
      return ImportSummary.Dataset(
        name: name, sections: sections.count,
        observations: sections.reduce(0) { $0 + $1.observations },
        missing: sections.reduce(0) { $0 + $1.missing })
    }
  }
}
