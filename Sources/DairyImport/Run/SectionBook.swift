import DairyFormats
import DairyModel
import Foundation

/// The datasets and sections an import has written so far, and what it has learned of each
/// section from its rows; it writes them through the ``ImportTarget``. Knows no file format.
///
/// Every lookup is a hash: finding or creating a section, merging a dataset's notes and legend,
/// finishing and summing up cost time linear in the sections, datasets and note lines, and an
/// import holds at most ``maxDatasets`` datasets and ``maxSections`` sections.
package struct SectionBook {
  /// The most datasets one import writes: far more than the files of a real import name, and
  /// few enough to keep what the book holds of them small.
  package static let maxDatasets = 10_000
  /// The most sections one import writes: a NASS county file gives a few thousand, and a
  /// section takes a few hundred bytes until the import finishes.
  package static let maxSections = 100_000
  /// The longest text stored: a title, unit, group or notes of a section, what a dataset says of
  /// itself. A CSV field and a backup's string hold at most as much, so that whatever an import
  /// stores, a backup (``ExportFormat/json``) of it imports again; notes joined from many lines
  /// or footnotes, and a sidecar's texts, are held to it here.
  package static let maxTextBytes = 1 << 20
  /// The most text one import stores in all: the keys, titles, units, groups and notes of its
  /// sections and what its datasets say of themselves. A caption or footnote is stored with each
  /// series it applies to, and a sidecar's title with each dataset, so a short file could
  /// otherwise fill gigabytes; real imports store a few MiB at most.
  package static let maxStoredTextBytes = 64 << 20

  /// The text stored so far (``maxStoredTextBytes``).
  private var storedTextBytes = 0

  /// What one section has shown so far.
  package struct Section {
    package var id: Int64
    package var dataset: String
    /// Its fields: its title before ``SectionTitles`` makes the dataset's titles distinct, and
    /// no notes (they are gathered in `notes` until the import finishes).
    package var fields: SectionFields
    /// The most decimals the source wrote for one of its amounts.
    package var decimals = 0
    /// The orders of magnitude of its amounts, for the decimals it displays with.
    package var precision = DisplayPrecision()
    /// The decimals it displays with, when the import is told them (a backup) rather than
    /// working them out from its amounts.
    package var fixedDecimals: Int?
    package var observations = 0
    package var missing = 0
    /// The NASS markers (``NASSMarker``) its missing cells held, for the meaning of each that no
    /// legend gives (``explainNASSMarkers()``).
    package var nassMarkers: Set<NASSMarker> = []
    package var firstYear = Int64.max
    package var lastYear = Int64.min
    package var notes: [String] = []
    /// Its notes, to add each once.
    package var noteSet: Set<String> = []
    /// Where a workbook names it: its link, unless it has one of its own, is its dataset's
    /// with this place (`book.xlsx#Sheet1!B4`).
    package var place: SourceLocation?
  }

  package var target: any ImportTarget
  /// The datasets in the order the import first wrote to them.
  package private(set) var datasetOrder: [String] = []
  /// Where each dataset was first named, for a problem found when the import finishes.
  private var datasetPlaces: [ExactText: SourceLocation] = [:]
  /// What each dataset said of itself as it was first written: its sidecar's facts, and where
  /// it came from (its sidecar's link, else its file).
  private var datasetsAsWritten: [ExactText: DatasetFacts] = [:]
  // Names and keys are told apart byte for byte, as storage does (``ExactText``).
  private var datasetIDs: [ExactText: Int64] = [:]
  package var sections: [Section] = []
  /// Per index in `sections`, the unit a unit column gave first, and where, to refuse a second
  /// one (beside the sections, which a long table's rows alone give units).
  package private(set) var unitsFromColumn: [Int: (String, SourceLocation)] = [:]
  /// Per dataset, the index in `sections` of each section key.
  private var sectionIndex: [ExactText: [ExactText: Int]] = [:]
  /// Per dataset, what its files, metadata and the command line said of it.
  private var described: [ExactText: Described] = [:]

  /// What the tables said of one dataset: its facts, and its notes' lines and legend's entries,
  /// each once. The lines are joined when the import finishes, not once per table.
  private struct Described {
    /// The facts; their notes are nil but for a backup's, kept as written until a table adds
    /// to them.
    var facts = DatasetFacts()
    var notes: [String] = []
    var noteSet: Set<String> = []
    var legendSet: Set<DatasetFacts.LegendEntry> = []
  }

  /// What the book held when the table being read began (``beginTable()``), to undo what the
  /// table wrote when it is skipped; nil outside such a table.
  private var mark: Mark?
  /// The sections before the mark: a section the table finds among them is kept as it was
  /// (``Mark/touched``) before it is written to. Zero without a mark.
  private var markedSections = 0

  /// The book as a table began: counts of what only grows, and the older sections and datasets'
  /// descriptions as they were before the table first changed them. Undoing costs what the
  /// table wrote, not what the book holds.
  private struct Mark {
    var sections: Int
    var datasets: Int
    var storedTextBytes: Int
    var touched: [Int: Section] = [:]
    var described: [ExactText: Described?] = [:]
    var units: [Int] = []
  }

  package init(target: any ImportTarget) {
    self.target = target
  }

  // MARK: - A table that may be undone

  /// Starts a table whose writes ``undoTable()`` may undo, here and in the target.
  package mutating func beginTable() throws {
    try target.beginTable()
    mark = Mark(
      sections: sections.count, datasets: datasetOrder.count, storedTextBytes: storedTextBytes)
    markedSections = sections.count
  }

  /// Keeps what the table begun last wrote; throws what the target throws as it writes it.
  package mutating func keepTable() throws {
    try target.keepTable()
    mark = nil
    markedSections = 0
  }

  /// Undoes what the table begun last wrote: the book and its target are as they were.
  package mutating func undoTable() throws {
    guard let mark else { return }
    try target.undoTable()
    for section in sections[mark.sections...] {
      sectionIndex[ExactText(section.dataset)]?[ExactText(section.fields.key)] = nil
    }
    sections.removeSubrange(mark.sections...)
    for (index, section) in mark.touched { sections[index] = section }
    for name in datasetOrder[mark.datasets...] {
      let exact = ExactText(name)
      datasetIDs[exact] = nil
      datasetPlaces[exact] = nil
      datasetsAsWritten[exact] = nil
      sectionIndex[exact] = nil
    }
    datasetOrder.removeSubrange(mark.datasets...)
    for (name, facts) in mark.described { described[name] = facts }
    for index in mark.units { unitsFromColumn[index] = nil }
    storedTextBytes = mark.storedTextBytes
    self.mark = nil
    markedSections = 0
  }

  /// Keeps section `index` as it is, when it is older than the table being read and the table
  /// has not written to it yet.
  private mutating func touch(_ index: Int) {
    guard index < markedSections, mark?.touched[index] == nil else { return }
    mark?.touched[index] = sections[index]
  }

  /// Sets the unit a unit column gives section `index`, found at `place`.
  package mutating func setUnitFromColumn(_ unit: String, at place: SourceLocation, section: Int) {
    touch(section)
    if unitsFromColumn[section] == nil { mark?.units.append(section) }
    unitsFromColumn[section] = (unit, place)
  }

  /// The id of the dataset named `name`, written on first use.
  ///
  /// - Throws: ``DairyError`` at `place` (else nowhere) for one more than ``maxDatasets``.
  package mutating func dataset(
    _ name: String, metadata: DatasetMetadata?, at place: () -> SourceLocation? = { nil }
  ) throws -> Int64 {
    if let id = datasetIDs[ExactText(name)] { return id }
    guard datasetOrder.count < Self.maxDatasets else {
      throw DairyError(
        .input, at: place(),
        "more than \(Grouping.digits(Self.maxDatasets)) datasets, the limit for one import")
    }
    // Found once a dataset (a CSV cell's column is counted by reading its line again).
    let here = place()
    // What a sidecar says of its dataset is stored with each dataset a table names, and where
    // it came from: the sidecar's link, else the file's name.
    var described = metadata ?? DatasetMetadata()
    described.facts.link =
      described.facts.link ?? here.map { URL(fileURLWithPath: $0.file).lastPathComponent }
    try store([name] + DatasetFacts.Column.allCases.map { described.facts[$0] }, at: here)
    let id = try target.dataset(named: name, metadata: described)
    datasetsAsWritten[ExactText(name)] = described.facts
    datasetIDs[ExactText(name)] = id
    datasetOrder.append(name)
    if let here { datasetPlaces[ExactText(name)] = here }
    return id
  }

  /// The index in `sections` of the section `draft` describes, created on first use. The
  /// metadata's fields replace the draft's, but for its notes, which follow the draft's. Titles,
  /// units and groups have their white space collapsed, and an empty one counts as none (an
  /// empty title falls back to the key): so they read back the same from a CSV export
  /// (``SectionFields/Column/collapsesWhitespace``).
  ///
  /// - Throws: ``DairyError`` at `place` (else nowhere) for one more than ``maxSections``, or
  ///   a dataset more than ``maxDatasets``.
  package mutating func section(
    _ draft: SectionFields, dataset: String, metadata: DatasetMetadata?,
    at place: () -> SourceLocation? = { nil }
  ) throws -> Int {
    if let index = sectionIndex[ExactText(dataset)]?[ExactText(draft.key)] {
      touch(index)
      return index
    }
    guard sections.count < Self.maxSections else {
      throw DairyError(
        .input, at: place(),
        "more than \(Grouping.digits(Self.maxSections)) series, the limit for one import")
    }
    let datasetID = try self.dataset(dataset, metadata: metadata, at: place)
    var draft = draft
    for (column, text) in metadata?.series(forKey: draft.key)?.fields ?? [:] {
      if column == .notes {
        draft.notes = [draft.notes, text].compactMap { $0 }.joined(separator: "\n")
      } else {
        draft[column] = text
      }
    }
    for column in SectionFields.Column.allCases where column.collapsesWhitespace {
      draft[column] = Self.text(draft[column])
    }
    if draft.title.isEmpty { draft.title = SectionTitles.fallback(forKey: draft.key) }
    try store(SectionFields.Column.allCases.map { draft[$0] }, at: place())
    let id = try target.section(draft, in: datasetID)
    var section = Section(id: id, dataset: dataset, fields: draft)
    if let notes = draft.notes {
      section.notes = [notes]
      section.noteSet = [notes]
    }
    section.fields.notes = nil
    sections.append(section)
    sectionIndex[ExactText(dataset), default: [:]][ExactText(draft.key)] = sections.count - 1
    return sections.count - 1
  }

  /// `text` with its white space collapsed, or nil when that leaves nothing.
  package static func text(_ text: String?) -> String? {
    guard let text else { return nil }
    let collapsed = SectionFields.collapsingWhitespace(text)
    return collapsed.isEmpty ? nil : collapsed
  }

  /// Writes one observation of section `index` and counts it.
  @inline(__always)
  package mutating func add(_ amount: Double, decimals: Int, year: Int64, section index: Int) throws
  {
    try target.addObservation(section: sections[index].id, year: year, amount: amount)
    if decimals > sections[index].decimals { sections[index].decimals = decimals }
    sections[index].precision.add(amount)
    sections[index].observations += 1
    if year < sections[index].firstYear { sections[index].firstYear = year }
    if year > sections[index].lastYear { sections[index].lastYear = year }
  }

  /// The index in `sections` of the section keyed `key` in `dataset`, if there is one.
  package func index(of key: String, in dataset: String) -> Int? {
    sectionIndex[ExactText(dataset)]?[ExactText(key)]
  }

  /// Adds `note` to the notes of section `index`, unless it has it already.
  package mutating func addNote(_ note: String, section index: Int, at place: SourceLocation? = nil)
    throws
  {
    guard sections[index].noteSet.insert(note).inserted else { return }
    let here = place ?? datasetPlaces[ExactText(sections[index].dataset)]
    try store([note], at: here)
    sections[index].notes.append(note)
  }

  /// Counts `texts` against ``maxStoredTextBytes``.
  ///
  /// - Throws: ``DairyError`` at `place` once the import's texts pass it.
  private mutating func store(
    _ texts: [String?], at place: @autoclosure () -> SourceLocation?
  ) throws {
    for case let text? in texts { storedTextBytes += text.utf8.count }
    guard storedTextBytes <= Self.maxStoredTextBytes else {
      throw DairyError(
        .input, at: place(),
        "the keys, titles, units, groups and notes of this import's series and datasets add "
          + "up to more than \(Self.maxStoredTextBytes >> 20) MiB, the limit for one import")
    }
  }

  /// Records a missing cell of section `index`, with its marker, and counts it.
  package mutating func addMissing(marker: String, year: Int64, section index: Int) throws {
    try target.addMissing(section: sections[index].id, year: year, marker: marker)
    sections[index].missing += 1
    // Most missing cells are empty or `NA`: only a marker in parentheses is looked up.
    if marker.utf8.first == 0x28, let nass = NASSMarker(rawValue: marker) {
      sections[index].nassMarkers.insert(nass)
    }
  }

  /// Notes the marker the file wrote for the observation of section `index` for `year` (`-`
  /// where the legend says it represents zero): the observation is added as any other.
  package mutating func addMark(marker: String, year: Int64, section index: Int) throws {
    try target.addMark(section: sections[index].id, year: year, marker: marker)
  }

  /// Gives each dataset whose cells hold a NASS marker (`(D)`, `(Z)`, `(NA)` …) that none of its
  /// legends defines the meaning NASS gives it (``NASSMarker/meaning``): a Quick Stats download
  /// has no legend, and `show` then still says what its gaps mean. A legend the file gives wins.
  private mutating func explainNASSMarkers() throws {
    var seen: [ExactText: Set<NASSMarker>] = [:]
    for section in sections where !section.nassMarkers.isEmpty {
      seen[ExactText(section.dataset), default: []].formUnion(section.nassMarkers)
    }
    for name in datasetOrder {
      guard let markers = seen[ExactText(name)] else { continue }
      let defined = Set(described[ExactText(name)]?.facts.legend.map(\.marker) ?? [])
      // A dataset no table described (a long table's `dataset` column named it) keeps what it
      // said of itself as it was written, its sidecar's title and source.
      var facts =
        described[ExactText(name)] == nil
        ? datasetsAsWritten[ExactText(name)] ?? DatasetFacts() : DatasetFacts()
      facts.legend = NASSMarker.allCases.filter {
        markers.contains($0) && !defined.contains($0.rawValue)
      }.map { DatasetFacts.LegendEntry(marker: $0.rawValue, meaning: $0.meaning) }
      if !facts.legend.isEmpty { try describe(dataset: name, facts) }
    }
  }

  /// Adds what a table said of its dataset to what earlier tables said: the first of each text
  /// field (title, source, link, update, contact) stays; notes and legend entries add up, each
  /// once. A table that does not say where it came from came from its file.
  ///
  /// - Throws: ``DairyError`` where the dataset was first named, once the import's texts pass
  ///   ``maxStoredTextBytes``.
  package mutating func describe(dataset: String, _ facts: DatasetFacts) throws {
    if mark != nil, mark?.described.keys.contains(ExactText(dataset)) == false {
      mark?.described[ExactText(dataset)] = .some(described[ExactText(dataset)])
    }
    var merged = described.removeValue(forKey: ExactText(dataset)) ?? Described()
    let place = datasetPlaces[ExactText(dataset)]
    var facts = facts
    facts.link = facts.link ?? datasetsAsWritten[ExactText(dataset)]?.link
    let firsts = DatasetFacts.Column.allCases.filter { $0 != .notes && merged.facts[$0] == nil }
    try store(firsts.map { facts[$0] }, at: place)
    for column in firsts { merged.facts[column] = facts[column] }
    if let written = merged.facts.notes {
      // A backup's notes, as written, now get a table's added: line by line, as any.
      merged.notes = written.split(separator: "\n").map(String.init)
      merged.noteSet = Set(merged.notes)
      merged.facts.notes = nil
    }
    for line in facts.notes?.split(separator: "\n") ?? []
    where merged.noteSet.insert(String(line)).inserted {
      try store([String(line)], at: place)
      merged.notes.append(String(line))
    }
    for entry in facts.legend where merged.legendSet.insert(entry).inserted {
      try store([entry.marker, entry.meaning], at: place)
      merged.facts.legend.append(entry)
    }
    described[ExactText(dataset)] = merged
  }

  /// Sets what `dataset` says of itself, as a backup gives it, in place of what tables said.
  package mutating func replaceFacts(of dataset: String, with facts: DatasetFacts) {
    described[ExactText(dataset)] = Described(facts: facts, legendSet: Set(facts.legend))
  }

  /// What finishing the book works out before it writes (``finishing()``): each dataset's
  /// facts, and each section's title (made distinct) and decimals. The sections' facts are
  /// made as they are written, one at a time: thousands of them held at once were megabytes
  /// beside the observations being written.
  package struct Finish {
    var datasets: [(id: Int64, facts: DatasetFacts)] = []
    var titles: [String] = []
    var decimals: [Int] = []
  }

  /// Writes what was learned about every section and dataset, each dataset's titles made
  /// distinct (``SectionTitles``).
  package mutating func finish() throws {
    try finish(finishing())
  }

  /// Writes what ``finishing()`` worked out, and each section's facts.
  package mutating func finish(_ finish: Finish) throws {
    for (id, facts) in finish.datasets { try target.finishDataset(id, facts) }
    for (index, section) in sections.enumerated() {
      var fields = section.fields
      fields.title = finish.titles[index]
      let place = datasetPlaces[ExactText(section.dataset)]
      // Where it came from, unless it says: where its dataset came from (as described, a
      // backup's as written; else as first written, a dataset a column routes rows to).
      let datasetLink =
        described[ExactText(section.dataset)].map(\.facts.link)
        ?? datasetsAsWritten[ExactText(section.dataset)]?.link
      if fields.link == nil, let link = datasetLink {
        fields.link = link + (section.place.flatMap(Self.anchor) ?? "")
        try store([fields.link], at: place)
      }
      fields.notes = section.notes.isEmpty ? nil : section.notes.joined(separator: "\n")
      try Self.refuseLongTexts(
        SectionFields.Column.allCases.map { ($0.rawValue, fields[$0]) },
        of: "\"\(TextEscaping.visible(section.fields.key))\"", at: place)
      try target.finishSection(
        section.id,
        SectionFacts(
          fields: fields, decimals: finish.decimals[index], observations: section.observations,
          years: section.observations > 0 ? section.firstYear...section.lastYear : nil))
    }
  }

  /// Works out the datasets' facts and the sections' titles and decimals without writing
  /// anything: the run does it while the target is still writing the last observations (on a
  /// thread of its own), then writes (``finish(_:)``).
  package mutating func finishing() throws -> Finish {
    var finish = Finish()
    try explainNASSMarkers()
    for name in datasetOrder {
      if let merged = described[ExactText(name)], let id = datasetIDs[ExactText(name)] {
        var facts = merged.facts
        if facts.notes == nil && !merged.notes.isEmpty {
          facts.notes = merged.notes.joined(separator: "\n")
        }
        try Self.refuseLongTexts(
          DatasetFacts.Column.allCases.map { ($0.rawValue, facts[$0]) }
            + facts.legend.flatMap {
              [("legend marker", $0.marker), ("legend meaning", $0.meaning)]
            },
          of: "dataset \"\(TextEscaping.visible(name))\"", at: datasetPlaces[ExactText(name)])
        finish.datasets.append((id, facts))
      }
    }
    var titles: [String] = sections.map(\.fields.title)
    for members in membersByDataset() {
      let fields = members.map { sections[$0].fields }
      let distinct = SectionTitles.distinct(
        SectionTitles.apartByFrequency(fields), groups: fields.map(\.group),
        scopes: fields.map(SectionTitles.scope))
      for (member, title) in zip(members, distinct) { titles[member] = title }
    }
    // Sections of one title at many places (a census file's counties, a report's States) are
    // read side by side (`show --by place`, `sections`, a chart's legend): they show one number
    // of decimals, the family's as a series' are decided (the most any of them wrote, but no
    // more than six significant digits of the family's typical amount), so that a value reads
    // the same in every view. A backup's sections keep the decimals it gives.
    func family(_ index: Int) -> [String] {
      let fields = sections[index].fields
      return [
        sections[index].dataset, titles[index], fields.group ?? "", fields.unit ?? "",
        fields.frequency.rawValue,
      ]
    }
    var families: [[String]: (written: Int, precision: DisplayPrecision)] = [:]
    for (index, section) in sections.enumerated()
    where section.fixedDecimals == nil && section.fields.place != nil {
      var member = families[family(index)] ?? (0, DisplayPrecision())
      member.written = max(member.written, section.decimals)
      member.precision.add(section.precision)
      families[family(index)] = member
    }
    let familyDecimals = families.mapValues { $0.precision.decimals(written: $0.written) }
    finish.decimals = sections.indices.map { index in
      let section = sections[index]
      return section.fixedDecimals
        ?? (section.fields.place == nil ? nil : familyDecimals[family(index)])
        ?? section.precision.decimals(written: section.decimals)
    }
    finish.titles = titles
    return finish
  }

  /// A place in a workbook as a link's fragment, as spreadsheets write it: the cell that names a
  /// section (`#Sheet1!B4`), else its row (`#Sheet1!7:7`, a report's series across the years),
  /// else the sheet (`#Sheet1!A1`); the sheet's name quoted when it is more than letters, digits
  /// and underscores (`#'Milk cows'!B4`).
  private static func anchor(_ place: SourceLocation) -> String? {
    guard let sheet = place.sheet else { return nil }
    let cell = place.cell.map(String.init(describing:)) ?? place.line.map { "\($0):\($0)" } ?? "A1"
    let plain =
      sheet.first.map { $0.isLetter || $0 == "_" } == true
      && sheet.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    let name = plain ? sheet : "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'"
    return "#\(name)!\(cell)"
  }

  /// The indices in `sections` of each dataset's sections, in order, the datasets in
  /// `datasetOrder`.
  private func membersByDataset() -> [[Int]] {
    var position: [ExactText: Int] = [:]
    for (offset, name) in datasetOrder.enumerated() { position[ExactText(name)] = offset }
    var members = Array(repeating: [Int](), count: datasetOrder.count)
    for (index, section) in sections.enumerated() {
      members[position[ExactText(section.dataset)]!].append(index)
    }
    return members
  }

  /// The summary of each dataset, in order.
  package var datasets: [ImportSummary.Dataset] {
    zip(datasetOrder, membersByDataset()).map { name, members in
      ImportSummary.Dataset(
        name: name, sections: members.count,
        observations: members.reduce(0) { $0 + sections[$1].observations },
        missing: members.reduce(0) { $0 + sections[$1].missing })
    }
  }

  /// Refuses a text longer than ``maxTextBytes`` (notes gathered from many lines, a sidecar's
  /// title), naming what it is of.
  private static func refuseLongTexts(
    _ texts: [(String, String?)], of owner: String, at place: SourceLocation?
  ) throws {
    for case let (name, text?) in texts where text.utf8.count > maxTextBytes {
      throw DairyError(
        .input, at: place,
        "the \(name) of \(owner) \(name == "notes" ? "are" : "is") longer than 1 MiB (\(Grouping.digits(text.utf8.count)) "
          + "bytes), the most a field may hold")
    }
  }
}
