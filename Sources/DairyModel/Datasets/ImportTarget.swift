import Foundation

/// Where an import writes: the storage layer implements it inside one write transaction.
///
/// Keeping this a protocol lets the import run, which writes through it, stay free of SQLite.
package protocol ImportTarget {
  /// The dataset named `name`, emptied of what an earlier import put in it the first time this
  /// import asks for it.
  mutating func dataset(named name: String, metadata: DatasetMetadata?) throws -> Int64

  /// Adds a section at the end of `dataset`, with the fields an import first gives it, or returns
  /// the one with the same key.
  mutating func section(_ draft: SectionFields, in dataset: Int64) throws -> Int64

  /// Adds one observation. A target may buffer them; a (section, year) that is already there
  /// throws ``DuplicateObservation``, here or at the next ``flush()``.
  mutating func addObservation(section: Int64, year: Int64, amount: Double) throws

  /// Records a cell of `section` for `year` that holds no value, with its marker as the import
  /// spells it (`""` for an empty cell, `NA`, `(D)`). It is not an observation. A target may
  /// buffer them; the first marker of a (section, year) given twice is kept.
  mutating func addMissing(section: Int64, year: Int64, marker: String) throws

  /// Notes `marker` on the observation of `section` for `year` that this import adds (or has
  /// added): a value the file wrote as a marker whose legend gives it one (`-` that represents
  /// zero is the number 0). Marked values are rare; a target may buffer them.
  mutating func addMark(section: Int64, year: Int64, marker: String) throws

  /// Writes what is buffered.
  mutating func flush() throws

  /// Starts writing what is buffered, without waiting until it is written: the run asks before
  /// it waits for something else (a file's digest), so that the two go on at once. A target
  /// that buffers nothing, or writes on the caller's thread, has nothing to do (the default).
  mutating func startWriting() throws

  /// After ``flush()``: throws ``DuplicateObservation`` for a (section, year) of this import
  /// both missing and given a value, a year given twice. A target that refuses it as each cell
  /// comes has nothing left to do (the default). The run asks only when its tables could hold
  /// such a pair (not one wide table, whose rows are one year each).
  mutating func refuseYearsBothMissingAndGiven() throws

  /// Starts a table whose writes may be undone: a workbook's sheet, skipped with a warning when
  /// it cannot be read. What the target holds is kept by ``keepTable()`` or undone by
  /// ``undoTable()``; tables are not nested.
  mutating func beginTable() throws

  /// Keeps what the table begun last wrote. Throws what writing it throws (a year given twice,
  /// ``DuplicateObservation``), and then the table is still to be kept or undone.
  mutating func keepTable() throws

  /// Undoes every write since ``beginTable()``: the target is as it was then (a dataset the
  /// table replaced holds again what it held).
  mutating func undoTable() throws

  /// Records what was learned about a section while reading its rows.
  mutating func finishSection(_ section: Int64, _ facts: SectionFacts) throws

  /// Records what was learned about a dataset: what its file said of itself (a report's title,
  /// source, last update, contact, notes and the legend of its missing markers).
  mutating func finishDataset(_ dataset: Int64, _ facts: DatasetFacts) throws
}

extension ImportTarget {
  package mutating func refuseYearsBothMissingAndGiven() throws {}
  package mutating func startWriting() throws {}
}

/// What an import learned about a section by reading all its rows.
package struct SectionFacts: Sendable, Hashable {
  /// Its fields as they are stored: the title distinct from the other titles of its dataset
  /// (``SectionTitles``), the notes of all its rows.
  package var fields: SectionFields
  /// The decimals its amounts display with: the most the source wrote, at most what six
  /// significant digits of its typical amount need (``DisplayPrecision``).
  package var decimals: Int
  /// How many observations it has.
  package var observations: Int
  /// Its first and last year with a value, or nil when it has none.
  package var years: ClosedRange<Int64>?

  package init(
    fields: SectionFields, decimals: Int, observations: Int, years: ClosedRange<Int64>? = nil
  ) {
    self.fields = fields
    self.decimals = decimals
    self.observations = observations
    self.years = years
  }
}

/// Thrown by an ``ImportTarget`` when a section gets the same year twice.
package struct DuplicateObservation: Error, Hashable, Sendable {
  package var section: Int64
  package var year: Int64

  package init(section: Int64, year: Int64) {
    self.section = section
    self.year = year
  }
}
