import DairyImport
import DairyModel

/// What `dairy show` prints for one page, in each output format: a pure function of the page, the
/// footer's state, the command line that made it, and the viewport.
///
/// ```swift
/// let output = ShowRenderer.render(
///   page: page, state: .completed, commandLine: ShowCommandLine(), format: .table,
///   viewport: Viewport(width: 80))
/// ```
package enum ShowRenderer {
  package enum Format: String, Sendable, CaseIterable {
    case table, json, csv
  }

  /// The text for standard output, and a line for standard error (CSV has no room for the footer).
  package struct Output: Sendable, Hashable {
    package var text: String
    package var note: String?
  }

  /// - Parameter page: the page, or nil when the fetch failed before one arrived.
  package static func render(
    page: Page?, state: LoadMoreFooter.State, commandLine: ShowCommandLine, format: Format,
    viewport: Viewport
  ) -> Output {
    let footer = footerView(page: page, state: state, commandLine: commandLine)
    let parts = page?.parts ?? []
    switch format {
    case .table:
      let content = PageRenderer.Content(
        parts: parts, footer: footer,
        emptyMessage: emptyMessage(page: page, commandLine: commandLine))
      let lines = PageRenderer.render(content, in: viewport)
      return Output(text: lines.map { $0 + "\n" }.joined(), note: nil)
    case .json:
      let document = PageDocument(
        parts: parts, state: state, loaded: footer.loaded, total: footer.total, next: page?.next)
      return Output(text: JSONOutput.string(document), note: nil)
    case .csv:
      let infos = parts.map(\.section.info)
      let describing = csvDescribing(infos)
      let marked = parts.contains { !$0.gaps.isEmpty || !$0.marks.isEmpty }
      var text = LongFormatCSV.header(
        for: PageRow.self, extra: commandLine.change ? PageRow.changeColumns : [],
        describing: describing, periods: LongFormatCSV.writesPeriods(of: infos), marked: marked)
      for part in parts {
        writeCSV(
          part, describing: describing, change: commandLine.change, marked: marked, to: &text)
      }
      let note =
        footer.text.isEmpty
        ? emptyMessage(page: page, commandLine: commandLine).description : footer.text
      // No footer and no empty state (sections of marked cells only): no note.
      return Output(text: text, note: note.isEmpty ? nil : note)
    }
  }

  /// The fields `show`'s CSV writes after the unit for rows of `sections`: a section's place and
  /// its code, when one has them, so that rows of one title at fifty places are told apart (the
  /// period column says the frequency).
  package static func csvDescribing(_ sections: [SectionInfo]) -> [SectionFields.Column] {
    LongFormatCSV.describedFields(of: sections).filter { $0 == .place || $0 == .placeCode }
  }

  /// Writes a part's lines of `show`'s CSV: its rows and, when `marked`, its marked missing
  /// cells (`(D)`) as lines of their own with an empty amount, in period order among the rows,
  /// each line ending in the marker column (empty, `-` for a row the file wrote as zero, or the
  /// cell's marker), as `dairy export` writes them.
  package static func writeCSV(
    _ part: Page.Part, describing: [SectionFields.Column], change: Bool, marked: Bool,
    to output: inout some TextOutputStream
  ) {
    let writer = LongFormatCSV.SectionWriter(part.section.info, describing: describing)
    guard marked else {
      for index in part.section.rows.indices {
        writer.write(PageRow(part, row: index), to: &output)
      }
      return
    }
    let missingRow = { (key: Int64) in
      MissingYear(year: key, extraColumns: change ? PageRow.changeColumns.count : 0)
    }
    var missing = part.missingCells[...]
    for index in part.section.rows.indices {
      let row = PageRow(part, row: index)
      while let cell = missing.first, cell.key < row.year {
        writer.write(missingRow(cell.key), marker: cell.marker, to: &output)
        missing.removeFirst()
      }
      writer.write(row, marker: part.marks[row.year] ?? "", to: &output)
    }
    for cell in missing {
      writer.write(missingRow(cell.key), marker: cell.marker, to: &output)
    }
  }

  /// The footer view for a page in a state, with the commands that fit it.
  package static func footerView(
    page: Page?, state: LoadMoreFooter.State, commandLine: ShowCommandLine
  )
    -> LoadMoreFooterView
  {
    var footer = LoadMoreFooterView(
      state: state, loaded: page?.loaded ?? 0, total: page?.total ?? 0)
    footer.nextCommand = page?.next.map { commandLine.next(after: $0) }
    footer.retryCommand = commandLine.shellCommand
    if case .completedWithHistory(let span) = state {
      footer.historyCommand = commandLine.widened(from: span.lowerBound)
    }
    footer.since = commandLine.since
    return footer
  }

  /// The empty state: what a person sees when nothing is shown ("" when rows are).
  package static func emptyMessage(page: Page?, commandLine: ShowCommandLine) -> CommandText {
    page.flatMap(EmptyState.init(page:))?.text(for: .show(commandLine)) ?? ""
  }
}
