import DairyImport
import DairyModel

/// Every row of a request, from its start to the end, read a page at a time as it is taken:
/// `dairy show --format csv|json` to a file or a pipe writes every row in range so (paging is for
/// people), with one page in memory whatever the number of rows.
///
/// The pages follow each other's cursors (keyset paging), so `fetch` should read them from one
/// snapshot (``DairyDatabase/Snapshot/page(_:display:)``): then every row is written once, of
/// one version of the data.
///
/// ```swift
/// try database.read { snapshot in
///   let stream = try PageStream(PageRequest(filter: filter)) { try snapshot.page($0) }
///   try stream.writeCSV(matching: try snapshot.sections(matching: filter), to: &output)
/// }
/// ```
package final class PageStream {
  /// Rows read a page: enough that a page's queries cost little beside its rows, few enough to
  /// hold.
  package static let pageSize = 10_000

  /// The first page: its counts are those of the whole stream (rows in range, earlier years).
  package let first: Page
  private var pending: ArraySlice<Page.Part>
  private var next: PageCursor?
  private var request: PageRequest
  private let fetch: (PageRequest) throws -> Page

  /// Reads the first page of `request`, with `pageSize` rows a page whatever it asks.
  package init(
    _ request: PageRequest, pageSize: Int = PageStream.pageSize,
    fetch: @escaping (PageRequest) throws -> Page
  ) throws {
    var request = request
    request.pageSize = pageSize
    self.request = request
    self.fetch = fetch
    first = try fetch(request)
    pending = first.parts[...]
    next = first.next
  }

  /// The next part, reading the next page when this one is done; nil after the last.
  package func nextPart() throws -> Page.Part? {
    while pending.isEmpty {
      guard let cursor = next else { return nil }
      request.start = .after(cursor)
      let page = try fetch(request)
      pending = page.parts[...]
      next = page.next
    }
    return pending.popFirst()
  }

  /// The next part when it continues the section `id` (a section whose rows go on in the next
  /// page), taken; else nil, and it stays next.
  package func continuation(of id: Int64) throws -> Page.Part? {
    guard let part = try nextPart() else { return nil }
    guard part.section.info.id == id, !part.opensSection else {
      pending.insert(part, at: pending.startIndex)
      return nil
    }
    return part
  }

  /// The load-more footer's state once every row is written: completed (with the earlier years,
  /// when `--since` left some out), or hidden when nothing matches.
  package var state: LoadMoreFooter.State {
    var footer = LoadMoreFooter()
    footer.handle(.fetchStarted)
    footer.handle(.pageArrived(hasMore: false, total: first.total, history: first.history))
    return footer.state
  }

  /// The JSON footer of the whole stream: every row loaded, no `next`.
  package var footer: PageDocument.Footer {
    PageDocument.Footer(state: state, loaded: first.total, total: first.total, next: nil)
  }

  /// Writes `show`'s CSV of every row: the header for `matching` (the sections the filter
  /// matches: a place column when one of them has a place, `period` when one is not annual),
  /// then each part's rows, `--change`'s columns when `change`, and when `marked` (one of them
  /// has marked cells in range) their marked missing cells and a marker column
  /// (``ShowRenderer/writeCSV(_:describing:change:marked:to:)``).
  package func writeCSV(
    matching: [SectionInfo], change: Bool, marked: Bool = false,
    to output: inout some TextOutputStream
  ) throws {
    let describing = ShowRenderer.csvDescribing(matching)
    output.write(
      LongFormatCSV.header(
        for: PageRow.self, extra: change ? PageRow.changeColumns : [], describing: describing,
        periods: LongFormatCSV.writesPeriods(of: matching), marked: marked))
    while let part = try nextPart() {
      ShowRenderer.writeCSV(
        part, describing: describing, change: change, marked: marked, to: &output)
    }
  }

  /// Writes `show`'s JSON of every row: one ``PageDocument``, whose `sections` hold every row
  /// and whose footer is ``footer``.
  package func writeJSON(to output: inout some TextOutputStream) throws {
    try JSONOutput.write(PageDocument(every: self, footer: footer), to: &output)
  }
}
