/// `dairy inspect --format json`: one object per file, indented two spaces (the README documents
/// the schema).
///
/// ```json
/// {"files": [{"file": "milk.csv", "error": null, "datasets": [{"name": "milk",
///   "layout": "report (years down)", "title": "…", "unit": "…", "source": "…",
///   "updated": "2024-08-29", "contact": "…", "notes": "…",
///   "legend": [{"marker": "NA", "meaning": "not available"}],
///   "blocks": [{"role": "title", "first": 1, "last": 2}],
///   "series": [{"column": 2, "line": null, "key": "…", "title": "…", "group": null,
///     "unit": null, "footnotes": [1], "first": 1975, "last": 2023, "count": 49,
///     "missing": 0, "notes": null}],
///   "footnotes": [{"number": 1, "text": "…"}], "warnings": ["…"],
///   "invalid": {"count": 0, "cells": []}}]}]}
/// ```
enum InspectJSON {
  static func render(_ inspections: [Inspection]) -> String {
    JSONValue.object([("files", .array(inspections.map(file)))]).text(indent: "") + "\n"
  }

  private static func file(_ inspection: Inspection) -> JSONValue {
    .object([
      ("file", .string(inspection.file)),
      ("error", inspection.error.map { .string($0.description) } ?? .null),
      ("datasets", .array(inspection.datasets.map(dataset))),
    ])
  }

  private static func dataset(_ dataset: Inspection.Dataset) -> JSONValue {
    let facts = dataset.facts
    return .object([
      ("name", .string(dataset.name)), ("layout", .string(dataset.layout)),
      ("title", .optional(facts.title)), ("unit", .optional(dataset.unit)),
      ("source", .optional(facts.source)), ("updated", .optional(facts.updated)),
      ("contact", .optional(facts.contact)), ("notes", .optional(facts.notes)),
      (
        "legend",
        .array(
          facts.legend.map {
            .object([("marker", .string($0.marker)), ("meaning", .string($0.meaning))])
          })
      ),
      (
        "blocks",
        .array(
          dataset.blocks.map {
            .object([
              ("role", .string($0.role.rawValue)), ("first", .int($0.lines.lowerBound)),
              ("last", .int($0.lines.upperBound)),
            ])
          })
      ),
      ("series", .array(dataset.series.map(series))),
      (
        "footnotes",
        .array(
          dataset.footnotes.map {
            .object([("number", .int($0.number)), ("text", .optional($0.text))])
          })
      ),
      ("warnings", .array(dataset.warnings.map { .string($0) })),
      (
        "invalid",
        .object([
          ("count", .int(dataset.invalidCount)),
          ("cells", .array(dataset.invalidCells.map { .string($0) })),
        ])
      ),
    ])
  }

  private static func series(_ series: Inspection.Series) -> JSONValue {
    .object([
      ("column", series.column.map { .int($0) } ?? .null),
      ("line", series.line.map { .int($0) } ?? .null),
      ("key", .string(series.key)), ("title", .string(series.title)),
      ("group", .optional(series.group)), ("unit", .optional(series.unit)),
      ("footnotes", .array(series.footnotes.map { .int($0) })),
      ("first", series.years.map { .int(Int($0.lowerBound)) } ?? .null),
      ("last", series.years.map { .int(Int($0.upperBound)) } ?? .null),
      ("count", .int(series.count)), ("missing", .int(series.missing)),
      ("notes", .optional(series.notes)),
    ])
  }
}

/// A JSON value with its object keys in the order given, written with ``JSONText``.
enum JSONValue {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  case int(Int)
  case null

  static func optional(_ text: String?) -> JSONValue {
    text.map { .string($0) } ?? .null
  }

  /// A plain value, or an array of plain values.
  var isFlat: Bool {
    switch self {
    case .object: false
    case .array(let items):
      items.allSatisfy {
        if case .string = $0 { true } else if case .int = $0 { true } else { false }
      }
    default: true
    }
  }

  /// The value as text: an object or array of plain values on one line when that fits in 100
  /// columns, else one member or item a line, indented by two spaces a level.
  func text(indent: String) -> String {
    let inner = indent + "  "
    switch self {
    case .string(let text): return JSONText.string(text)
    case .int(let number): return String(number)
    case .null: return "null"
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      if members.allSatisfy({ $0.1.isFlat }) {
        let line =
          "{"
          + members.map { JSONText.string($0) + ": " + $1.text(indent: inner) }
          .joined(separator: ", ") + "}"
        if indent.count + line.count <= 100 { return line }
      }
      let lines = members.map { inner + JSONText.string($0) + ": " + $1.text(indent: inner) }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    case .array(let items):
      guard !items.isEmpty else { return "[]" }
      if items.allSatisfy(\.isFlat) {
        let line = "[" + items.map { $0.text(indent: inner) }.joined(separator: ", ") + "]"
        if indent.count + line.count <= 100 { return line }
      }
      let lines = items.map { inner + $0.text(indent: inner) }
      return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
    }
  }
}
