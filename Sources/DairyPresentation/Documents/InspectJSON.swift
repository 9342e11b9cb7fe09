import DairyImport
import DairyModel

/// `dairy inspect --format json`: an ``InspectDocument`` (the README documents its schema).
package enum InspectJSON {
  /// The document as text, written by the one JSON encoder, ``JSONOutput``.
  package static func render(_ inspections: [Inspection]) -> String {
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
package struct InspectDocument: Encodable {
  package struct File: Encodable {
    package var file: String
    package var error: String?
    package var datasets: [Dataset]
    /// What the file's source warned of, apart from its datasets' warnings.
    package var warnings: [String]
    /// For a backup only: the database and its datasets that an import of it replaces.
    package var replaces: Replaces?

    package enum CodingKeys: String, CodingKey {
      case file, error, datasets, warnings, replaces
    }

    // `replaces` is written for a backup alone: the files of other formats keep their fields.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file, forKey: .file)
      try container.encode(error, forKey: .error)
      try container.encode(datasets, forKey: .datasets)
      try container.encode(warnings, forKey: .warnings)
      if let replaces { try container.encode(replaces, forKey: .replaces) }
    }
  }

  /// `{"database": PATH, "datasets": [{"name": …, "sections": 3, "observations": 120}]}`.
  package struct Replaces: Encodable {
    package struct Dataset: Encodable {
      package var name: String
      package var sections: Int
      package var observations: Int
    }

    package var database: String
    package var datasets: [Dataset]
  }

  package struct Dataset: Encodable {
    /// The workbook sheet, or nil for a file that is one table.
    package var sheet: String?
    package var name: String
    package var layout: String
    package var title: String?
    package var unit: String?
    package var source: String?
    package var updated: String?
    package var contact: String?
    package var notes: String?
    package var legend: [DatasetFacts.LegendEntry]
    package var blocks: [Block]
    package var series: [Series]
    package var footnotes: [Footnote]
    package var warnings: [String]
    package var invalid: Invalid
  }

  package struct Block: Encodable {
    package var role: String
    package var first: Int
    package var last: Int
  }

  package struct Series: Encodable {
    package var column: Int?
    package var line: Int?
    package var key: String
    package var title: String
    package var group: String?
    package var unit: String?
    package var footnotes: [Int]
    package var first: Int64?
    package var last: Int64?
    package var count: Int
    package var missing: Int
    package var notes: String?
  }

  package struct Footnote: Encodable {
    package var number: Int
    package var text: String?
  }

  package struct Invalid: Encodable {
    package var count: Int
    package var cells: [String]
  }

  package var files: [File]

  package init(_ inspections: [Inspection]) {
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
