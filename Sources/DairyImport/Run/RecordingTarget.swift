import DairyFormats
import DairyModel

/// An ``ImportTarget`` that writes nothing and remembers what an import would write: datasets,
/// sections, what was learned of them, and how many observations and missing cells each has.
/// `dairy inspect` runs the import into one, so that it shows exactly what `dairy import` would
/// do, refusing what it would refuse (a year given twice included).
///
/// ```swift
/// var target = RecordingTarget()
/// _ = try ImportRun.importFiles([path], options: ImportOptions(), into: &target)
/// target.sections[0].draft.title  // "Fluid beverage milk"
/// ```
package struct RecordingTarget: ImportTarget {
  package struct Dataset {
    package var name: String
    package var metadata: DatasetMetadata?
    package var facts = DatasetFacts()
  }

  package struct Section {
    package var dataset: Int64
    /// Its fields as the import first gave them, then as it finished them.
    package var draft: SectionFields
    package var facts: SectionFacts?
    /// The years it has an observation for, and those it has a missing cell for, to refuse a
    /// year given twice as storage does (a missing cell repeated is not refused).
    package var years: Set<Int64> = []
    package var missingYears: Set<Int64> = []
    /// How many of its missing cells hold each marker (`""` for empty ones).
    package var markers: [String: Int] = [:]
    /// How many of its values the file wrote as each marker (`-` that represents zero).
    package var valueMarks: [String: Int] = [:]
  }

  package private(set) var datasets: [Dataset] = []
  package private(set) var sections: [Section] = []
  private var sectionIndex: [Int64: [ExactText: Int]] = [:]
  private var datasetIndex: [ExactText: Int] = [:]
  /// What a table begun (``beginTable()``) found, to undo it: how many datasets and sections
  /// there were, and each older section as it was before the table first wrote to it.
  private var table: (datasets: Int, sections: Int, touched: [Int: Section])?

  package init() {}

  package mutating func beginTable() throws {
    table = (datasets.count, sections.count, [:])
  }

  package mutating func keepTable() throws {
    table = nil
  }

  package mutating func undoTable() throws {
    guard let table else { return }
    for section in sections[table.sections...] {
      sectionIndex[section.dataset]?[ExactText(section.draft.key)] = nil
    }
    sections.removeSubrange(table.sections...)
    for (index, section) in table.touched { sections[index] = section }
    for dataset in datasets[table.datasets...] {
      datasetIndex[ExactText(dataset.name)] = nil
    }
    datasets.removeSubrange(table.datasets...)
    self.table = nil
  }

  /// Keeps section `index` as it was before the table being read first wrote to it.
  private mutating func touch(_ index: Int) {
    guard let table, index < table.sections, table.touched[index] == nil else { return }
    self.table?.touched[index] = sections[index]
  }

  /// Ids are positions, from 1.
  package mutating func dataset(named name: String, metadata: DatasetMetadata?) throws -> Int64 {
    if let index = datasetIndex[ExactText(name)] { return Int64(index + 1) }
    datasetIndex[ExactText(name)] = datasets.count
    datasets.append(Dataset(name: name, metadata: metadata))
    return Int64(datasets.count)
  }

  package mutating func section(_ draft: SectionFields, in dataset: Int64) throws -> Int64 {
    if let index = sectionIndex[dataset]?[ExactText(draft.key)] { return Int64(index + 1) }
    sections.append(Section(dataset: dataset, draft: draft))
    sectionIndex[dataset, default: [:]][ExactText(draft.key)] = sections.count - 1
    return Int64(sections.count)
  }

  package mutating func addObservation(section: Int64, year: Int64, amount: Double) throws {
    let index = Int(section - 1)
    touch(index)
    guard !sections[index].missingYears.contains(year),
      sections[index].years.insert(year).inserted
    else {
      throw DuplicateObservation(section: section, year: year)
    }
  }

  package mutating func addMissing(section: Int64, year: Int64, marker: String) throws {
    let index = Int(section - 1)
    touch(index)
    guard !sections[index].years.contains(year) else {
      throw DuplicateObservation(section: section, year: year)
    }
    sections[index].missingYears.insert(year)
    sections[index].markers[marker, default: 0] += 1
  }

  package mutating func addMark(section: Int64, year: Int64, marker: String) throws {
    let index = Int(section - 1)
    touch(index)
    sections[index].valueMarks[marker, default: 0] += 1
  }

  package mutating func flush() throws {}

  package mutating func finishSection(_ section: Int64, _ facts: SectionFacts) throws {
    sections[Int(section - 1)].facts = facts
    sections[Int(section - 1)].draft = facts.fields
  }

  package mutating func finishDataset(_ dataset: Int64, _ facts: DatasetFacts) throws {
    datasets[Int(dataset - 1)].facts = facts
  }
}
