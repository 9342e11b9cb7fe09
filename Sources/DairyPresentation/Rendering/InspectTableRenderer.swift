import DairyImport
import DairyModel

/// `dairy inspect`'s table: per file and dataset (and the sheet it is, in a workbook), the facts
/// of the dataset, its blocks of rows, what its layout found (a Quick Stats file's places), one line per series (where it is, title, group, unit,
/// footnotes, years, rows, missing), then the footnotes and the warnings; after the file's
/// datasets, for a backup the datasets of the database it replaces, then the warnings of the file
/// itself (a skipped sheet); fitted to the width, data escaped.
///
/// ```swift
/// let lines = InspectTableRenderer.render([inspection], in: Viewport(width: 100))
/// ```
package enum InspectTableRenderer {
  package static func render(_ inspections: [Inspection], in viewport: Viewport) -> [String] {
    let style = TextStyle(enabled: viewport.color)
    var lines: [String] = []
    for inspection in inspections {
      // A file an import would refuse has its error on standard error; what is shown of it is
      // how the rest reads when only cells that are not numbers stop it (they are listed).
      for dataset in inspection.datasets {
        if !lines.isEmpty && lines.last != "" { lines.append("") }
        lines += heading(dataset, of: inspection, width: viewport.width).map(style.bold)
        lines += facts(dataset, width: viewport.width)
        lines += InspectSeriesTable.render(
          dataset.series, inSheet: dataset.sheet != nil, width: viewport.width, style: style)
        lines += extras(dataset, width: viewport.width)
      }
      if let replacement = inspection.replacement {
        if !lines.isEmpty && lines.last != "" { lines.append("") }
        lines += replaced(replacement, by: inspection, width: viewport.width, style: style)
      }
      if !inspection.warnings.isEmpty {
        if !lines.isEmpty && lines.last != "" { lines.append("") }
        lines.append(
          style.bold(
            DisplayWidth.truncate(TextEscaping.visible(inspection.file), to: viewport.width)))
        lines += warnings(inspection.warnings, width: viewport.width)
      }
    }
    return lines
  }

  /// `FILE: dataset NAME, LAYOUT`, or `FILE: sheet 'NAME', dataset NAME, LAYOUT` for a sheet.
  /// Too wide for `width`, it breaks before a part that does not fit (the dataset, the layout),
  /// the next line indented under it; a part wider than a line on its own is cut.
  package static func heading(_ dataset: Inspection.Dataset, of inspection: Inspection, width: Int)
    -> [String]
  {
    var parts = ["\(TextEscaping.visible(inspection.file)):"]
    if let sheet = dataset.sheet { parts.append("sheet '\(TextEscaping.visible(sheet))',") }
    parts += ["dataset \(TextEscaping.visible(dataset.name)),", dataset.layout]
    var lines = [parts[0]]
    for part in parts.dropFirst() {
      let joined = lines[lines.count - 1] + " " + part
      if DisplayWidth.of(joined) <= width {
        lines[lines.count - 1] = joined
      } else {
        lines.append("    " + part)
      }
    }
    return lines.map { DisplayWidth.truncate($0, to: width) }
  }

  /// `FILE: an import with --replace replaces 2 datasets of DATABASE` (without it, the import
  /// is refused), then each with its sections and observations.
  private static func replaced(
    _ replacement: Inspection.Replacement, by inspection: Inspection, width: Int,
    style: TextStyle
  ) -> [String] {
    let count = replacement.datasets.count
    let heading =
      "\(TextEscaping.visible(inspection.file)): an import "
      + (count == 0
        ? "replaces no dataset"
        : "with --replace replaces \(count == 1 ? "1 dataset" : "\(count) datasets")")
      + " of \(TextEscaping.visible(replacement.database))"
    // The names are labels as wide as the widest (up to half the width; a longer one stands on
    // its own line), so that no name runs into its counts.
    let names = replacement.datasets.map { TextEscaping.visible($0.name) }
    let fitting = names.map(DisplayWidth.of).filter { $0 + 2 <= width / 2 }
    let labelWidth = max(9, (fitting.max() ?? 0) + 2)
    return wrapped(heading, width: width).map(style.bold)
      + zip(names, replacement.datasets).flatMap { name, dataset in
        labelled(
          name,
          "\(Grouping.digits(dataset.sections)) section\(dataset.sections == 1 ? "" : "s"), "
            + "\(Grouping.digits(dataset.observations)) observation"
            + (dataset.observations == 1 ? "" : "s"), width: width, labelWidth: labelWidth)
      }
  }

  /// The dataset's facts, one a line, labelled; long ones wrapped under their label.
  private static func facts(_ dataset: Inspection.Dataset, width: Int) -> [String] {
    let facts = dataset.facts
    let blocks = dataset.blocks.map { block in
      let lines = block.lines
      return block.role.rawValue + " "
        + (lines.count == 1 ? "\(lines.lowerBound)" : "\(lines.lowerBound)–\(lines.upperBound)")
    }.joined(separator: " · ")
    let markers = facts.legend.map(\.marker).joined(separator: ", ")
    let rows: [(String, String?)] = [
      ("title", facts.title), ("unit", dataset.unit), ("source", facts.source),
      ("updated", facts.updated), ("contact", facts.contact), ("notes", facts.notes),
      // A backup has no blocks of rows: its sections are JSON objects.
      ("markers", markers.isEmpty ? nil : markers), ("rows", blocks.isEmpty ? nil : blocks),
    ]
    // A table of calendar years has no `periods` line: it reads as it always did; nor has a
    // table whose layout tells its periods among its findings (a Quick Stats download).
    let periods =
      dataset.findings.contains { $0.label == "periods" }
      ? [] : dataset.periods.map { [("periods", $0)] } ?? []
    return (rows + periods).flatMap { label, value in labelled(label, value ?? "–", width: width) }
      + dataset.findings.flatMap { labelled($0.label, $0.text, width: width) }
  }

  /// The footnotes, the warnings and the cells that are not numbers.
  private static func extras(_ dataset: Inspection.Dataset, width: Int) -> [String] {
    var lines = spans(dataset, width: width)
    if !dataset.columns.isEmpty {
      lines.append("  columns")
      let names = dataset.columns.map { TextEscaping.visible($0.name) }
      let labelWidth = min(max(9, (names.map(DisplayWidth.of).max() ?? 0) + 2), width / 2)
      for (name, column) in zip(names, dataset.columns) {
        lines += labelled(name, column.part, width: width, labelWidth: labelWidth, indent: 4)
      }
    }
    if !dataset.footnotes.isEmpty {
      lines.append("  footnotes")
      for footnote in dataset.footnotes {
        let text = footnote.text ?? "(no text in the file)"
        lines += labelled(footnote.mark.description, text, width: width, labelWidth: 3, indent: 4)
      }
    }
    let problems = dataset.warnings + dataset.invalidCells
    if !problems.isEmpty {
      lines += warnings(problems, width: width)
      let more = dataset.invalidCount - dataset.invalidCells.count
      if more > 0 {
        lines.append("    and \(Grouping.digits(more)) more cells that are not numbers")
      }
    }
    return lines
  }

  /// `  spans`, then each header caption over several columns: the columns it heads and
  /// how they were found (`guessed` unless a merge or centring across the selection says).
  private static func spans(_ dataset: Inspection.Dataset, width: Int) -> [String] {
    guard !dataset.spans.isEmpty else { return [] }
    let labels = dataset.spans.map { TextEscaping.visible($0.caption) }
    let labelWidth = min(26, (labels.map(DisplayWidth.of).max() ?? 0) + 2)
    var lines = ["  spans"]
    for (span, label) in zip(dataset.spans, labels) {
      let columns =
        dataset.sheet == nil
        ? "cols \(span.columns.lowerBound)–\(span.columns.upperBound)"
        : "columns \(CellReference.columnName(span.columns.lowerBound - 1))–"
          + CellReference.columnName(span.columns.upperBound - 1)
      let how =
        span.evidence.isRead
        ? span.evidence.rawValue
        : "guessed (\(span.evidence.rawValue))"
          + (span.undecided ? "; undecided: other columns fit as well" : "")
      lines += labelled(
        label, "\(span.kind) over \(columns), \(span.cell): \(how)", width: width,
        labelWidth: labelWidth, indent: 4)
    }
    return lines
  }

  /// `  warnings`, then each warning escaped and wrapped under it.
  private static func warnings(_ warnings: [String], width: Int) -> [String] {
    ["  warnings"]
      + warnings.flatMap { warning in
        wrapped(TextEscaping.visible(warning), width: width - 4).map { "    " + $0 }
      }
  }

  /// `  label    value`, the value escaped and wrapped to the width under itself, one line per
  /// line of it.
  static func labelled(
    _ label: String, _ value: String, width: Int, labelWidth: Int = 9, indent: Int = 2
  ) -> [String] {
    let margin = String(repeating: " ", count: indent)
    let indent = String(repeating: " ", count: indent + labelWidth)
    let room = max(8, width - indent.count)
    var lines: [String] = []
    // A label as wide as its column or wider stands on a line of its own, the value under it.
    if DisplayWidth.of(label) >= labelWidth { lines.append(margin + label) }
    for (index, part) in value.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      for line in WordWrap.lines(TextEscaping.visible(String(part)), width: room) {
        let prefix =
          lines.isEmpty && index == 0
          ? margin + DisplayWidth.padRight(label, to: labelWidth) : indent
        lines.append(prefix + line)
      }
    }
    return lines
  }

  static func wrapped(_ text: String, width: Int) -> [String] {
    WordWrap.lines(text, width: max(8, width))
  }
}
