import DairyImport
import DairyModel

/// `dairy show`'s command line as values: what a person typed, and what a footer prints for the
/// next page, the same page again, or the earlier years, so that a person can copy it.
///
/// Its options are declared once, in ``ShowOption``; ``description`` spells them from there.
///
/// ```swift
/// let line = ShowCommandLine(search: "butter", pageSize: 20)
/// line.next(after: PageCursor(section: 5, year: 1994, version: 2)).description
/// // "dairy show butter --page-size 20 --after 5:1994@v2"
/// ```
package struct ShowCommandLine: Sendable, Hashable {
  /// Rows per page without `--page-size`.
  package static let defaultPageSize = 50

  /// The words that run `dairy` in the printed commands, before the command's name: `dairy`,
  /// or `swift run dairy`, or a path, as the person ran it (`Invocation` in DairyKit).
  package var program = ["dairy"]
  /// The command's name in the printed commands.
  package var command = "show"
  package var search: String?
  package var since: PeriodBound?
  package var until: PeriodBound?
  /// `--place`: only sections about this place.
  package var place: String?
  /// `--dataset`: only sections of this dataset.
  package var dataset: String?
  /// `--period`: this period only (`--since` and `--until` at once).
  package var period: PeriodBound?
  /// `--by place`: sections of one title read across places (``CrossSection``).
  package var by: String?
  /// `--wide`: periods down, a column per section (``WideTable``).
  package var wide = false
  /// `--page-size N`; nil when not given: ``defaultPageSize`` rows a page, or every row where
  /// ``writesEveryRow(toTerminal:)``.
  package var pageSize: Int?
  package var format: ShowRenderer.Format
  /// `--decimals N`: the decimals amounts are shown with, instead of each section's own.
  package var decimals: Int?
  /// `--change`: rows show their change from the previous year with data.
  package var change = false
  package var width: Int?
  package var height: Int?
  /// False with `--no-pager`: a long page on a terminal is written directly, not through
  /// `$PAGER`.
  package var pager = true
  package var database: String?
  /// `--page N`, counting from 1.
  package var page: Int?
  /// `--after CURSOR`.
  package var after: PageCursor?

  package init(
    search: String? = nil, since: PeriodBound? = nil, until: PeriodBound? = nil,
    pageSize: Int? = nil, start: PageStart = .first,
    format: ShowRenderer.Format = .table, width: Int? = nil, height: Int? = nil,
    database: String? = nil
  ) {
    self.search = search
    self.since = since
    self.until = until
    self.pageSize = pageSize
    self.format = format
    self.width = width
    self.height = height
    self.database = database
    self.start = start
  }

  /// Which page the command line asks for: `--after`, else `--page`, else the first.
  package var start: PageStart {
    get { after.map(PageStart.after) ?? page.map(PageStart.number) ?? .first }
    set {
      switch newValue {
      case .first: (page, after) = (nil, nil)
      case .after(let cursor): (page, after) = (nil, cursor)
      case .number(let number): (page, after) = (number, nil)
      }
    }
  }

  /// The command for the page after `cursor`.
  package func next(after cursor: PageCursor) -> ShellCommand {
    var copy = self
    copy.start = .after(cursor)
    return copy.shellCommand
  }

  /// The command for page `number` (the first page without `--page`).
  package func page(_ number: Int) -> ShellCommand {
    var copy = self
    copy.start = number == 1 ? .first : .number(number)
    return copy.shellCommand
  }

  /// The command that shows the earlier years: the range widened back to `from`.
  package func widened(from year: Int64) -> ShellCommand {
    var copy = self
    copy.since = PeriodBound(year: year)
    copy.start = .first
    return copy.shellCommand
  }

  /// The command as a person runs it: ``program`` (`dairy`) and `show`, then each option that is
  /// set, in the order of ``ShowOption``, in forms both parsers read back: a value that starts
  /// with `-` as `--since=-5`, and a search that starts with `-` last, after `--`.
  package var shellCommand: ShellCommand {
    var arguments = program + [command]
    var dashedSearch: [String] = []
    for option in ShowOption.allCases {
      let words = option.arguments(in: self)
      if option == .search, let search = words.first, search.hasPrefix("-") {
        dashedSearch = ["--", search]
      } else {
        arguments += words
      }
    }
    return ShellCommand(arguments + dashedSearch)
  }

  /// Whether `show` writes every row in range, page after page, rather than one page: for CSV
  /// and JSON to a file or a pipe (paging is for people), unless `--page-size` or `--page` asks
  /// for pages. `--after` then starts after its cursor.
  ///
  /// ```swift
  /// ShowCommandLine(format: .csv).writesEveryRow(toTerminal: false)                // true
  /// ShowCommandLine(pageSize: 20, format: .csv).writesEveryRow(toTerminal: false)  // false
  /// ```
  package func writesEveryRow(toTerminal: Bool) -> Bool {
    format != .table && !toTerminal && pageSize == nil && page == nil && by == nil && !wide
  }

  /// The command as a shell reads it, on one line.
  package var description: String { shellCommand.description }
}
