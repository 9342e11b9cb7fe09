import DairyImport
import DairyModel

/// `dairy show --format json`: one page of rows under their sections, and the load-more footer.
///
/// `sections` holds only this page's rows; a section's `notes` are there only when its last row
/// is on the page. Following `footer.next` until it is null visits every row once. docs/json.md
/// lists the fields.
///
/// ```swift
/// let page = try database.page(PageRequest(pageSize: 3))
/// let document = PageDocument(
///   parts: page.parts, state: .loadMore, loaded: page.loaded, total: page.total, next: page.next)
/// JSONOutput.string(document)  // {"sections":[\n{"dataset":…,"rows":[…]}\n],\n"footer":{…}}\n
/// ```
package struct PageDocument: Encodable {
  package var sections: [Section]
  package var footer: Footer

  /// A section's part of the page: its dataset, the fields a reader of its rows needs
  /// (``columns``), and its rows.
  package struct Section: Encodable {
    package var dataset: String
    /// Its fields; the notes only when the section's last row is on this page.
    package var fields: SectionFields
    package var rows: [PageRow]
    /// The section's marked missing cells on the page (`(D)`, `NA`), in period order; written
    /// only when there are some.
    package var missing: [PeriodEntry<String>] = []
    /// The markers the file wrote for some of the rows (`-` for zero), in period order;
    /// written only when there are some.
    package var marks: [PeriodEntry<String>] = []

    /// The fields a page writes: all but the key and the group, which name and file a section
    /// (`sections` and `export` write them).
    package static let columns = SectionFields.alwaysWritten.filter {
      $0 != .key && $0 != .group
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(dataset, forKey: "dataset")
      try container.encode(fields, Self.columns)
      try container.encodeIfPresent(fields, SectionFields.writtenWhenGiven)
      try container.encode(rows, forKey: "rows")
      if !missing.isEmpty { try container.encode(missing, forKey: "missing") }
      if !marks.isEmpty { try container.encode(marks, forKey: "marks") }
    }
  }

  /// The load-more footer: its state and what it counts.
  package struct Footer: Encodable {
    /// `loadMore`, `loading`, `retry`, `completed`, `completedWithHistory` or `hidden`.
    package var state: String
    /// Rows shown up to the end of this page.
    package var loaded: Int
    /// Rows in range, over all pages.
    package var total: Int
    /// The cursor for `--after`, while more rows follow.
    package var next: String?
    /// The earlier years outside the range, in `completedWithHistory`.
    package var history: YearSpan?
    /// Why the rows could not be read, in `retry`.
    package var error: String?
  }

  /// Years from `from` to `to`, both included.
  package struct YearSpan: Encodable {
    package var from: Int64
    package var to: Int64
  }

  package init(
    parts: [Page.Part], state: LoadMoreFooter.State, loaded: Int, total: Int, next: PageCursor?
  ) {
    sections = parts.map { part in
      var fields = part.section.info.fields
      fields.notes = part.footerNotes
      let frequency = fields.frequency
      return Section(
        dataset: part.section.info.dataset, fields: fields,
        rows: part.section.rows.indices.map { PageRow(part, row: $0) },
        missing: part.missingCells.map { PeriodEntry($0.key, frequency, "marker", $0.marker) },
        marks: part.marks.sorted { $0.key < $1.key }.map {
          PeriodEntry($0.key, frequency, "marker", $0.value)
        })
    }
    footer = Footer(
      state: state.name, loaded: loaded, total: total, next: next?.description, history: nil,
      error: nil)
    switch state {
    case .completedWithHistory(let span):
      footer.history = YearSpan(from: span.lowerBound, to: span.upperBound)
    case .retry(let failure):
      footer.error = failure.message
    default:
      break
    }
  }
}
