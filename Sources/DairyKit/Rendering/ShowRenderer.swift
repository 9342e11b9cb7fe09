/// What `dairy show` prints for one page, in each output format: a pure function of the page, the
/// footer's state, the command line that made it, and the viewport.
///
/// ```swift
/// let output = ShowRenderer.render(
///   page: page, state: .completed, commandLine: ShowCommandLine(), format: .table,
///   viewport: Viewport(width: 80))
/// ```
public enum ShowRenderer {
  public enum Format: String, Sendable, CaseIterable {
    case table, json, csv
  }

  /// The text for standard output, and a line for standard error (CSV has no room for the footer).
  public struct Output: Sendable, Hashable {
    public var text: String
    public var note: String?
  }

  /// - Parameter page: the page, or nil when the fetch failed before one arrived.
  public static func render(
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
      return Output(
        text: PageJSON.render(
          parts: parts, state: state, loaded: footer.loaded, total: footer.total, next: page?.next),
        note: nil)
    case .csv:
      var text = CSVText.longHeader
      for part in parts {
        CSVText.writeRows(of: part.section.info, part.section.rows, to: &text)
      }
      let note =
        footer.text.isEmpty ? emptyMessage(page: page, commandLine: commandLine) : footer.text
      return Output(text: text, note: note)
    }
  }

  /// The footer view for a page in a state, with the commands that fit it.
  public static func footerView(
    page: Page?, state: LoadMoreFooter.State, commandLine: ShowCommandLine
  )
    -> LoadMoreFooterView
  {
    var footer = LoadMoreFooterView(
      state: state, loaded: page?.loaded ?? 0, total: page?.total ?? 0)
    footer.nextCommand = page?.next.map { commandLine.next(after: $0) }
    footer.retryCommand = commandLine.description
    if case .completedWithHistory(let span) = state {
      footer.historyCommand = commandLine.widened(from: span.lowerBound)
    }
    footer.since = commandLine.since
    return footer
  }

  /// The empty state: what a person sees when nothing is shown.
  static func emptyMessage(page: Page?, commandLine: ShowCommandLine) -> String {
    guard let page else { return "" }
    if page.matchingSections == 0 {
      if let search = commandLine.search, !search.isEmpty {
        let shown = TextEscaping.visible(search)
        return "No section matches \"\(shown)\". Try `dairy sections` to see every title."
      }
      return "No data yet: import a CSV file with `dairy import FILE`."
    }
    if page.total > 0 {
      switch page.request.start {
      case .number(let number):
        let size = page.request.pageSize
        let pages = (page.total + size - 1) / size
        let count = pages == 1 ? "1 page" : "\(pages) pages"
        return
          "Page \(number) is past the end: \(Grouping.digits(page.total)) rows make \(count) of "
          + "\(size). The last: \(commandLine.page(pages))"
      case .after(let cursor):
        return "No rows after \(cursor): it was the last. The first page: \(commandLine.page(1))"
      case .first:
        break
      }
    }
    let range: String
    switch (commandLine.since, commandLine.until) {
    case (let since?, let until?): range = "between \(since) and \(until)"
    case (let since?, nil): range = "from \(since) on"
    case (nil, let until?): range = "up to \(until)"
    case (nil, nil): range = "at all"
    }
    let sections =
      page.matchingSections == 1
      ? "the matching section" : "the \(page.matchingSections) matching sections"
    return "No rows \(range) in \(sections)."
  }
}
