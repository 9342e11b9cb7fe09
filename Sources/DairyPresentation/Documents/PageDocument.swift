import DairyImport
import DairyModel

/// `dairy show --format json`: one page of rows under their sections, and the load-more footer;
/// or, to a file or a pipe, every row in range in the same shape (``init(every:footer:)``).
///
/// `sections` holds only this page's rows; a section's `notes` are there only when its last row
/// is on the page. Following `footer.next` until it is null visits every row once. docs/json.md
/// lists the fields. Sections and rows are written as they come (``StreamedArray``), so that a
/// document of every row never sits in memory.
///
/// ```swift
/// let page = try database.page(PageRequest(pageSize: 3))
/// let document = PageDocument(
///   parts: page.parts, state: .loadMore, loaded: page.loaded, total: page.total, next: page.next)
/// JSONOutput.string(document)  // {"sections":[\n{"dataset":…,"rows":[…]}\n],\n"footer":{…}}\n
/// ```
package struct PageDocument: Encodable {
  package var sections: StreamedArray<Section>
  package var footer: Footer

  /// A section's part of the page: its dataset, the fields a reader of its rows needs
  /// (``columns``), and its rows.
  package struct Section: Encodable {
    package var dataset: String
    /// Its fields; the notes only when the section's last row is on this page.
    package var fields: SectionFields
    package var rows: StreamedArray<PageRow>
    /// The section's marked missing cells (`(D)`, `NA`) and the markers the file wrote for some
    /// of its rows (`-` for zero), gathered as the rows are written; each written after the
    /// rows, only when there are some.
    package var marked = MarkedCells()

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
      if !marked.missing.isEmpty { try container.encode(marked.missing, forKey: "missing") }
      if !marked.marks.isEmpty { try container.encode(marked.marks, forKey: "marks") }
    }
  }

  /// The marked cells of a section's parts, in period order, as ``Section`` writes them: its
  /// parts on several pages are joined as the rows stream, so they are gathered then.
  package final class MarkedCells {
    package private(set) var missing: [PeriodEntry<String>] = []
    package private(set) var marks: [PeriodEntry<String>] = []

    package init() {}

    /// Adds the marked missing cells and the marks of `part`, which comes after those added.
    package func add(_ part: Page.Part) {
      let frequency = part.section.info.frequency
      missing += part.missingCells.map { PeriodEntry($0.key, frequency, "marker", $0.marker) }
      marks += part.marks.sorted { $0.key < $1.key }.map {
        PeriodEntry($0.key, frequency, "marker", $0.value)
      }
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
    let sections = parts.map { part in
      var fields = part.section.info.fields
      fields.notes = part.footerNotes
      let section = Section(
        dataset: part.section.info.dataset, fields: fields,
        rows: StreamedArray { write in
          for row in part.section.rows.indices { try write(PageRow(part, row: row)) }
        })
      section.marked.add(part)
      return section
    }
    self.sections = StreamedArray { write in
      for section in sections { try write(section) }
    }
    footer = Footer(state: state, loaded: loaded, total: total, next: next)
  }

  /// Every part `stream` holds, a section each (its parts on several pages joined, with its
  /// notes, as every row of it is written), then `footer`.
  package init(every stream: PageStream, footer: Footer) {
    sections = StreamedArray { write in
      while let part = try stream.nextPart() {
        let id = part.section.info.id
        let marked = MarkedCells()
        try write(
          Section(
            dataset: part.section.info.dataset, fields: part.section.info.fields,
            rows: StreamedArray { write in
              var part: Page.Part? = part
              while let current = part {
                for row in current.section.rows.indices {
                  try write(PageRow(current, row: row))
                }
                marked.add(current)
                part = try stream.continuation(of: id)
              }
            }, marked: marked))
      }
    }
    self.footer = footer
  }
}

extension PageDocument.Footer {
  /// The footer of a page in `state`: its counts and, for its state, the history or the error.
  package init(state: LoadMoreFooter.State, loaded: Int, total: Int, next: PageCursor?) {
    self.init(
      state: state.name, loaded: loaded, total: total, next: next?.description, history: nil,
      error: nil)
    switch state {
    case .completedWithHistory(let span):
      history = PageDocument.YearSpan(from: span.lowerBound, to: span.upperBound)
    case .retry(let failure):
      error = failure.message
    default:
      break
    }
  }
}
