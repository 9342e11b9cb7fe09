import DairyImport
import DairyModel

/// `dairy datasets`: every dataset at a glance, as a table fitted to the width, as CSV or as
/// JSON, from the same columns: name, title, source, sections, observations, missing cells,
/// periods, the files it was imported from and when.
///
/// ```swift
/// let summaries = try database.read { try $0.datasetSummaries() }
/// DatasetsRenderer.table(summaries, in: Viewport(width: 80))
/// // ["Name  Title  Source  Sections  Periods  Imported from  When", …]
/// ```
package enum DatasetsRenderer {
  /// What `dairy datasets` prints when the database has none.
  package static let emptyMessage = "No datasets: import a file with `dairy import FILE`."

  /// The table's columns, as its header names them.
  package static let header = [
    "Name", "Title", "Source", "Sections", "Periods", "Imported from", "When",
  ]

  /// The table: a line per dataset under the header, fitted to the width. As the width runs
  /// out, in turn: the source and the files are cut to 24 columns; the source goes, then the
  /// files, then the time, each unless the title can give the room and keep 20 columns (16 for
  /// the time); the title is cut to 8, and the name, which a person types, last, to 12.
  package static func table(_ summaries: [DatasetSummary], in viewport: Viewport) -> [String] {
    guard !summaries.isEmpty else { return [] }
    let style = TextStyle(enabled: viewport.color)
    var table = TextTable(
      columns: header.indices.map { column in
        TextTable.Column(header[column], alignment: column == 3 ? .right : .left)
      },
      rows: summaries.map { summary in
        [
          summary.name, summary.dataset.title ?? "", summary.dataset.source ?? "",
          Grouping.digits(summary.sections), summary.periodsText,
          summary.files.joined(separator: ", "), summary.importedText,
        ].map { TextEscaping.visible($0.replacingNewlines()) }
      })
    table.fitting = [
      .cap(2, at: 24), .cap(5, at: 24), .dropUnless(2, shrinking: 1, to: 20),
      .dropUnless(5, shrinking: 1, to: 20), .dropUnless(6, shrinking: 1, to: 16),
      .shrink(1, toAtLeast: 8), .shrink(0, toAtLeast: 12),
    ]
    let lines = table.lines(width: viewport.width)
    return [style.dim(lines.header)] + lines.rows
  }

  /// The CSV columns, as its header names them.
  package static let csvColumns = [
    "name", "title", "source", "sections", "observations", "missing", "first", "last", "files",
    "imported_at",
  ]

  /// The CSV: a header, then a row per dataset (RFC 4180, CRLF); periods as written, the files
  /// separated by `; `, the time as the imports log keeps it (ISO 8601, UTC).
  package static func csv(_ summaries: [DatasetSummary]) -> String {
    var text = csvColumns.joined(separator: ",") + "\r\n"
    for summary in summaries {
      let fields = [
        summary.name, summary.dataset.title ?? "", summary.dataset.source ?? "",
        String(summary.sections), String(summary.observations), String(summary.missing),
        summary.first?.text ?? "", summary.last?.text ?? "",
        summary.files.joined(separator: "; "), summary.importedAt ?? "",
      ]
      text += fields.map(LongFormatCSV.field).joined(separator: ",") + "\r\n"
    }
    return text
  }

  /// The JSON: `{"datasets": [...]}`, each dataset as the other documents write it (its name,
  /// facts and legend) with its sizes, periods and import.
  package static func json(_ summaries: [DatasetSummary]) -> String {
    JSONOutput.string(Document(datasets: summaries.map(Entry.init)))
  }

  private struct Document: Encodable {
    var datasets: [Entry]
  }

  private struct Entry: Encodable {
    var summary: DatasetSummary

    init(_ summary: DatasetSummary) {
      self.summary = summary
    }

    /// One object: the dataset as ``DatasetInfo`` writes it, then its size, periods and import.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(summary.name, forKey: "name")
      try container.encode(summary.dataset.facts)
      try container.encode(summary.dataset.legend, forKey: "legend")
      try container.encode(summary.sections, forKey: "sections")
      try container.encode(summary.observations, forKey: "observations")
      try container.encode(summary.missing, forKey: "missing")
      try container.encode(summary.first?.text, forKey: "first")
      try container.encode(summary.last?.text, forKey: "last")
      try container.encode(summary.files, forKey: "files")
      try container.encode(summary.importedAt, forKey: "importedAt")
    }
  }
}

extension String {
  /// The text on one line: each line break a space.
  fileprivate func replacingNewlines() -> String {
    split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
  }
}
