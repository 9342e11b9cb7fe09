/// `dairy inspect --format json`: an ``InspectDocument`` (the README documents its schema).
enum InspectJSON {
  /// The document as text, written by the one JSON encoder, ``JSONOutput``.
  static func render(_ inspections: [Inspection]) -> String {
    JSONOutput.string(InspectDocument(inspections))
  }
}

/// What `dairy inspect --format json` writes: per file, its error or its datasets, each with
/// its sheet (null for a CSV file), facts, blocks of rows, series, footnotes, warnings and the
/// cells that are not numbers, then the warnings of the file itself (a workbook's skipped sheet).
///
/// ```json
/// {"files": [{"file": "milk.xlsx", "error": null, "datasets": [{"sheet": "milk", "name": "milk",
///   "layout": "report (years down)", "title": "…", "unit": "…", "source": "…",
///   "updated": "2024-08-29", "contact": "…", "notes": "…",
///   "legend": [{"marker": "NA", "meaning": "not available"}],
///   "blocks": [{"role": "title", "first": 1, "last": 2}],
///   "series": [{"column": 2, "line": null, "key": "…", "title": "…", "group": null,
///     "unit": null, "footnotes": [1], "first": 1975, "last": 2023, "count": 49,
///     "missing": 0, "notes": null}],
///   "footnotes": [{"number": 1, "text": "…"}], "warnings": ["…"],
///   "invalid": {"count": 0, "cells": []}}],
///   "warnings": ["milk.xlsx: sheet 'Contents': skipped: no data block (no cell holds a number)"]}]}
/// ```
///
/// A backup's datasets have the layout `backup` and a series per section (its `line`); its file
/// also has `"replaces": {"database": PATH, "datasets": [{"name": …, "sections": 3,
/// "observations": 120}]}`, the datasets of the database that an import of it replaces.
struct InspectDocument: Encodable {
  struct File: Encodable {
    var file: String
    var error: String?
    var datasets: [Dataset]
    /// What the file's source warned of, apart from its datasets' warnings.
    var warnings: [String]
    /// For a backup only: the database and its datasets that an import of it replaces.
    var replaces: Replaces?

    enum CodingKeys: String, CodingKey {
      case file, error, datasets, warnings, replaces
    }

    // `replaces` is written for a backup alone: the files of other formats keep their fields.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file, forKey: .file)
      try container.encode(error, forKey: .error)
      try container.encode(datasets, forKey: .datasets)
      try container.encode(warnings, forKey: .warnings)
      if let replaces { try container.encode(replaces, forKey: .replaces) }
    }
  }

  /// `{"database": PATH, "datasets": [{"name": …, "sections": 3, "observations": 120}]}`.
  struct Replaces: Encodable {
    struct Dataset: Encodable {
      var name: String
      var sections: Int
      var observations: Int
    }

    var database: String
    var datasets: [Dataset]
  }

  struct Dataset: Encodable {
    /// The workbook sheet, or nil for a file that is one table.
    var sheet: String?
    var name: String
    var layout: String
    var title: String?
    var unit: String?
    var source: String?
    var updated: String?
    var contact: String?
    var notes: String?
    var legend: [DatasetFacts.LegendEntry]
    var blocks: [Block]
    var series: [Series]
    var footnotes: [Footnote]
    var warnings: [String]
    var invalid: Invalid
  }

  struct Block: Encodable {
    var role: String
    var first: Int
    var last: Int
  }

  struct Series: Encodable {
    var column: Int?
    var line: Int?
    var key: String
    var title: String
    var group: String?
    var unit: String?
    var footnotes: [Int]
    var first: Int64?
    var last: Int64?
    var count: Int
    var missing: Int
    var notes: String?
  }

  struct Footnote: Encodable {
    var number: Int
    var text: String?
  }

  struct Invalid: Encodable {
    var count: Int
    var cells: [String]
  }

  var files: [File]

  init(_ inspections: [Inspection]) {
    files = inspections.map { inspection in
      File(
        file: inspection.file, error: inspection.error?.description,
        datasets: inspection.datasets.map(Self.dataset), warnings: inspection.warnings,
        replaces: inspection.replacement.map { replacement in
          Replaces(
            database: replacement.database,
            datasets: replacement.datasets.map {
              Replaces.Dataset(name: $0.name, sections: $0.sections, observations: $0.observations)
            })
        })
    }
  }

  private static func dataset(_ dataset: Inspection.Dataset) -> Dataset {
    let facts = dataset.facts
    return Dataset(
      sheet: dataset.sheet, name: dataset.name, layout: dataset.layout, title: facts.title,
      unit: dataset.unit,
      source: facts.source, updated: facts.updated, contact: facts.contact, notes: facts.notes,
      legend: facts.legend,
      blocks: dataset.blocks.map {
        Block(role: $0.role.rawValue, first: $0.lines.lowerBound, last: $0.lines.upperBound)
      },
      series: dataset.series.map {
        Series(
          column: $0.column, line: $0.line, key: $0.key, title: $0.title, group: $0.group,
          unit: $0.unit, footnotes: $0.footnotes, first: $0.years?.lowerBound,
          last: $0.years?.upperBound, count: $0.count, missing: $0.missing, notes: $0.notes)
      },
      footnotes: dataset.footnotes.map { Footnote(number: $0.number, text: $0.text) },
      warnings: dataset.warnings,
      invalid: Invalid(count: dataset.invalidCount, cells: dataset.invalidCells))
  }
}
