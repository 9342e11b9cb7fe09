import DairyImport
import DairyModel

/// Why nothing is shown: no data, no section matching the search, no rows in the year range, or
/// a page past the end. `show`, `sections` and `browse` all tell it from here and word it here.
///
/// ```swift
/// let empty = EmptyState(page: page)  // .noRowsInRange(since: 2030, until: nil, sections: 3)
/// empty?.message(for: .show(ShowCommandLine(search: "cheese", since: 2030)))
/// // "No rows from 2030 on in the 3 matching sections."
/// ```
package enum EmptyState: Sendable, Hashable {
  /// No section at all: nothing was imported.
  case noData
  /// No section's title contains the search.
  case noMatch(search: String)
  /// No section is about the place asked for (and matches the search, when given).
  case noPlace(place: String, search: String?)
  /// Sections match the search, but none has a row in the year range.
  case noRowsInRange(since: PeriodBound?, until: PeriodBound?, sections: Int)
  /// `--by place`: sections match, but none is about a place.
  case noPlaces(sections: Int)
  /// `--page` asked for a page after the last: `total` rows make `pages` pages of `pageSize`.
  case pastTheEnd(page: Int, pages: Int, total: Int, pageSize: Int)
  /// `--after` named the last row.
  case nothingAfter(PageCursor)

  /// Where the message is shown: each says what a person can do next in its own way.
  package enum Surface: Sendable, Hashable {
    /// `dairy show`, whose commands the message can print.
    case show(ShowCommandLine)
    /// `dairy sections`.
    case sections
    /// The browse screen, with the search line open or not.
    case browse(searchLineOpen: Bool)
  }

  /// Why `page` shows no rows; nil when it shows some.
  package init?(page: Page) {
    guard page.parts.isEmpty else { return nil }
    let filter = page.request.filter
    if page.matchingSections == 0 {
      self.init(search: filter.search, place: filter.place)
    } else if page.total > 0, case .number(let number) = page.request.start {
      let size = page.request.pageSize
      self = .pastTheEnd(
        page: number, pages: page.total / size + (page.total % size == 0 ? 0 : 1),
        total: page.total, pageSize: size)
    } else if page.total > 0, case .after(let cursor) = page.request.start {
      self = .nothingAfter(cursor)
    } else {
      self = .noRowsInRange(
        since: filter.since, until: filter.until, sections: page.matchingSections)
    }
  }

  /// Why no section is listed for `search` about `place`: no place, no match, or no data.
  package init(search: String?, place: String? = nil) {
    if let place, !place.isEmpty {
      self = .noPlace(place: place, search: search.flatMap { $0.isEmpty ? nil : $0 })
    } else if let search, !search.isEmpty {
      self = .noMatch(search: search)
    } else {
      self = .noData
    }
  }

  /// The message, with the data in it (the search) escaped for a terminal, on one line.
  package func message(for surface: Surface) -> String {
    text(for: surface).description
  }

  /// The message, and the command that ends it where `show` offers one.
  package func text(for surface: Surface) -> CommandText {
    switch (self, surface) {
    case (.noData, .sections):
      return CommandText("No sections.")
    case (.noData, _):
      return CommandText("No data yet: import a CSV file with `dairy import FILE`.")
    case (.noMatch(let search), .browse(let searchLineOpen)):
      let hint = searchLineOpen ? "Esc clears it." : "/ changes it, Esc clears it."
      return CommandText("Nothing matches “\(TextEscaping.visible(search))”. \(hint)")
    case (.noMatch(let search), _):
      let statement = "No section matches \"\(TextEscaping.visible(search))\"."
      guard case .show = surface else { return CommandText(statement) }
      return CommandText(statement + " Try `dairy sections` to see every title.")
    case (.noPlace(let place, let search), _):
      let matching = search.map { " matches \"\(TextEscaping.visible($0))\" and" } ?? ""
      return CommandText(
        "No section\(matching) is about \"\(TextEscaping.visible(place))\": a place is named as "
          + "`dairy sections` lists it (Wisconsin, 55, a county as \"Dane, Wisconsin\").")
    case (.noRowsInRange(let since, let until, let sections), _):
      let counted = sections == 1 ? "the matching section" : "the \(sections) matching sections"
      return CommandText("No rows \(Self.range(since: since, until: until)) in \(counted).")
    case (.noPlaces(let sections), _):
      let counted =
        sections == 1 ? "The matching section is" : "None of the \(sections) matching sections is"
      return CommandText(
        "\(counted)\(sections == 1 ? " not" : "") about a place: --by place reads sections of one "
          + "title across places (a census file's States or counties).")
    case (.pastTheEnd(let page, let pages, let total, let size), _):
      let count = pages == 1 ? "1 page" : "\(pages) pages"
      let past =
        "Page \(page) is past the end: \(Grouping.digits(total)) rows make \(count) of \(size)."
      return CommandText(
        surface.showCommandLine == nil ? past : past + " The last:",
        surface.showCommandLine?.page(pages))
    case (.nothingAfter(let cursor), _):
      let statement = "No rows after \(cursor): it was the last."
      return CommandText(
        surface.showCommandLine == nil ? statement : statement + " The first page:",
        surface.showCommandLine?.page(1))
    }
  }

  private static func range(since: PeriodBound?, until: PeriodBound?) -> String {
    switch (since, until) {
    case (let since?, let until?) where since == until: "in \(since)"
    case (let since?, let until?): "between \(since) and \(until)"
    case (let since?, nil): "from \(since) on"
    case (nil, let until?): "up to \(until)"
    case (nil, nil): "at all"
    }
  }
}

extension EmptyState.Surface {
  fileprivate var showCommandLine: ShowCommandLine? {
    if case .show(let commandLine) = self { commandLine } else { nil }
  }
}
