import DairyImport
import DairyModel

/// `dairy inspect --format json` (docs/commands/inspect.md documents its schema): per file, its error or its
/// datasets, each with its sheet (null for a CSV file), facts, blocks of rows, series, footnotes,
/// warnings and the cells that are not numbers, then the warnings of the file itself (a
/// workbook's skipped sheet).
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
/// A footnote marked by a raised letter (`ᵃ`) is `{"letter": "a", "text": "…"}`, and named in a
/// series' `footnotes` as `"a"`. A long table read whole (docs/formats.md, "Long files") also has
/// `"columns": [{"column": 1, "name": "ItemId", "part": "ID of \"Item\": in the key"}]`. A NASS
/// report table has `"columns"` too (each data column: a period, a change) and `"found"`: its
/// `[{"label": "periods", "text": "…"}, {"label": "places", "text": "…"}]`; a series at a place
/// has its `"place"`, and one that is not annual its `"frequency"` (its `first` and `last` are
/// then period keys: `202011`).
///
/// A backup's datasets have the layout `backup` and a series per section (its `line`); its file
/// also has `"replaces": {"database": PATH, "datasets": [{"name": …, "sections": 3,
/// "observations": 120}]}`, the datasets of the database that an import of it replaces.
///
/// Each file is an ``Inspection`` as it encodes itself, written by the one JSON encoder,
/// ``JSONOutput``.
package enum InspectJSON {
  /// The document as text.
  package static func render(_ inspections: [Inspection]) -> String {
    JSONOutput.string(Document(files: inspections))
  }

  private struct Document: Encodable {
    var files: [Inspection]
  }
}
