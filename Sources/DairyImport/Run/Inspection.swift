import DairyFormats
import DairyModel

/// What `dairy inspect` tells of one file: how each of its tables is read (its sheet, dataset,
/// layout, blocks of rows, series, footnotes and warnings) and what its source warned of, or the
/// error that an import of it stops at.
/// It comes from an import run into a ``RecordingTarget``, so it never disagrees with `dairy
/// import`.
package struct Inspection: Sendable, Hashable {
  /// One series, as a line of the inspection.
  package struct Series: Sendable, Hashable {
    /// The 1-based column of a years-down series, or the line (a sheet's row) of a years-across
    /// one.
    package var column: Int?
    package var line: Int?
    package var key: String
    package var title: String
    package var group: String?
    package var unit: String?
    package var footnotes: [FootnoteMark]
    /// Its first and last period keys, under `frequency`.
    package var years: ClosedRange<Int64>?
    package var count: Int
    package var missing: Int
    package var notes: String?
    /// How often its rows come: its years are period keys of this frequency.
    package var frequency: Frequency = .annual
    /// The place it is about, when its file names one (a Quick Stats file's State).
    package var place: String?

    /// Its first and last periods as written (`2020-Q1–2021-Q4`, `1975–2022`, one period
    /// alone: `2022-12`), or nil.
    package var periods: String? {
      years.map {
        Period.span(
          from: Period(frequency: frequency, key: $0.lowerBound),
          to: Period(frequency: frequency, key: $0.upperBound))
      }
    }
  }

  /// One table of the file, and the dataset it goes to.
  package struct Dataset: Sendable, Hashable {
    /// The workbook sheet the table is, or nil for a file that is one table (CSV).
    package var sheet: String?
    package var name: String
    package var layout: String
    package var facts: DatasetFacts
    package var unit: String?
    package var blocks: [TableExplanation.Block]
    package var series: [Series]
    package var footnotes: [TableExplanation.Footnote]
    /// What each column of a long table read whole is (``LongColumns``); else empty.
    package var columns: [TableExplanation.ColumnPart] = []
    package var warnings: [String]
    /// The header captions over several columns, and how their spans were found.
    package var spans: [TableExplanation.Span] = []
    /// What the layout found in the whole table: a Quick Stats file's items, places, periods
    /// and markers, a NASS report's periods and places; else empty.
    package var findings: [TableExplanation.Finding] = []
    /// The cells of the data that are not numbers (the first hundred), and how many there are.
    package var invalidCells: [String]
    package var invalidCount: Int

    /// The frequencies of its series and the periods each spans, when one is not annual:
    /// `quarterly 2020-Q1–2021-Q4 · annual 2020–2021`; nil for a table of calendar years.
    package var periods: String? {
      guard series.contains(where: { $0.frequency != .annual }) else { return nil }
      var order: [Frequency] = []
      var spans: [Frequency: ClosedRange<Int64>] = [:]
      for item in series {
        guard let years = item.years else { continue }
        if let known = spans[item.frequency] {
          spans[item.frequency] =
            min(known.lowerBound, years.lowerBound)...max(known.upperBound, years.upperBound)
        } else {
          spans[item.frequency] = years
          order.append(item.frequency)
        }
      }
      return order.map { frequency in
        let span = spans[frequency]!
        return "\(frequency.text) "
          + Period.span(
            from: Period(frequency: frequency, key: span.lowerBound),
            to: Period(frequency: frequency, key: span.upperBound))
      }.joined(separator: " · ")
    }
  }

  /// A dataset of the database that an import of a backup would replace, and what it holds.
  package typealias Replaced = DatasetSize

  /// What an import of a backup would do to the database: its path, and the datasets of it that
  /// the backup replaces (the others stay as they are).
  package struct Replacement: Sendable, Hashable, Encodable {
    package var database: String
    package var datasets: [Replaced]

    package init(database: String, datasets: [Replaced]) {
      self.database = database
      self.datasets = datasets
    }
  }

  package var file: String
  package var datasets: [Dataset] = []
  /// Whether the file is a backup (`dairy export`'s JSON): its datasets replace the database's.
  package var isBackup = false
  /// For a backup, what it replaces in the database (filled in by ``InspectFlow``, which knows
  /// the database); nil for another file, or when the database could not be read.
  package var replacement: Replacement?
  /// What the file's source and its metadata noticed and read past, apart from its tables'
  /// warnings: a workbook's skipped sheets, its formulas without a cached value, a series the
  /// metadata sidecar describes and the file lacks.
  package var warnings: [String] = []
  package var error: DairyError?
}

// MARK: - JSON

// `dairy inspect --format json` writes the inspections as they are (``InspectJSON`` documents
// the schema): each type below says which of its fields it writes, under which key.

extension Inspection: Encodable {
  private enum CodingKeys: String, CodingKey {
    case file, error, datasets, warnings, replaces
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(error?.description, forKey: .error)
    try container.encode(datasets, forKey: .datasets)
    try container.encode(warnings, forKey: .warnings)
    // `replaces` is written for a backup alone: the files of other formats keep their fields.
    if let replacement { try container.encode(replacement, forKey: .replaces) }
  }
}

extension Inspection.Dataset: Encodable {
  private enum CodingKeys: String, CodingKey {
    case sheet, name, layout, title, unit, source, updated, contact, notes, legend, blocks, series
    case spans, footnotes, columns, found, warnings, invalid
  }

  private enum InvalidKeys: String, CodingKey {
    case count, cells
  }

  /// The facts are written among the dataset's own fields (the unit after the title), and the
  /// cells that are not numbers as `"invalid": {"count": 120, "cells": […]}`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sheet, forKey: .sheet)
    try container.encode(name, forKey: .name)
    try container.encode(layout, forKey: .layout)
    try container.encode(facts.title, forKey: .title)
    try container.encode(unit, forKey: .unit)
    try container.encode(facts.source, forKey: .source)
    try container.encode(facts.updated, forKey: .updated)
    try container.encode(facts.contact, forKey: .contact)
    try container.encode(facts.notes, forKey: .notes)
    try container.encode(facts.legend, forKey: .legend)
    try container.encode(blocks, forKey: .blocks)
    try container.encode(series, forKey: .series)
    try container.encode(spans, forKey: .spans)
    try container.encode(footnotes, forKey: .footnotes)
    // Only a long table read whole has them: every other dataset keeps its fields.
    if !columns.isEmpty { try container.encode(columns, forKey: .columns) }
    if !findings.isEmpty { try container.encode(findings, forKey: .found) }
    try container.encode(warnings, forKey: .warnings)
    var invalid = container.nestedContainer(keyedBy: InvalidKeys.self, forKey: .invalid)
    try invalid.encode(invalidCount, forKey: .count)
    try invalid.encode(invalidCells, forKey: .cells)
  }
}

extension Inspection.Series: Encodable {
  private enum CodingKeys: String, CodingKey {
    case column, line, key, title, group, unit, footnotes, first, last, count, missing, notes
    case frequency, place
  }

  /// The years as `"first"` and `"last"` (null without data): period keys of its
  /// `"frequency"`, written when not annual, as its `"place"` is when it has one.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(column, forKey: .column)
    try container.encode(line, forKey: .line)
    try container.encode(key, forKey: .key)
    try container.encode(title, forKey: .title)
    try container.encode(group, forKey: .group)
    try container.encode(unit, forKey: .unit)
    try container.encode(footnotes, forKey: .footnotes)
    try container.encode(years?.lowerBound, forKey: .first)
    try container.encode(years?.upperBound, forKey: .last)
    try container.encode(count, forKey: .count)
    try container.encode(missing, forKey: .missing)
    try container.encode(notes, forKey: .notes)
    // Written only when given: the series of an annual table without places keep their fields.
    if frequency != .annual { try container.encode(frequency.rawValue, forKey: .frequency) }
    if let place { try container.encode(place, forKey: .place) }
  }
}
