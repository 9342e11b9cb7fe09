import DairyImport
import DairyModel

/// The options of `dairy show`, each declared once: its name, its value's name and its help (as
/// `dairy show --help` prints them), and where its value goes in a ``ShowCommandLine``.
///
/// The rest is derived from this table: the hand parser that reads plain `show` lines without
/// ArgumentParser (``ShowCommandLine/init(quickParsing:)``), the commands a footer prints
/// (``ShowCommandLine/description``), and the names and help of the ArgumentParser command.
/// The cases are in the order the printed commands spell them.
///
/// ```swift
/// ShowOption.pageSize.flag       // "--page-size"
/// ShowOption.pageSize.valueName  // "n"
/// ```
package enum ShowOption: CaseIterable, Sendable {
  case search, dataset, since, until, period, place, by, wide, pageSize, format, decimals, change,
    width, height, noPager,
    database,
    page,
    after

  /// What an option's value is, and where it goes in a ``ShowCommandLine``: how to read it
  /// (`get`) and set it (`set`). Plain closures, not key paths: a key path is built at run time
  /// from its mangled type names, which cost `dairy show` 4% of its start-up.
  package enum Value {
    /// Text, printed quoted for the shell.
    case text(get: (ShowCommandLine) -> String?, set: (inout ShowCommandLine, String) -> Void)
    /// An end of a range of periods: a year, a quarter, a month or a day.
    case period(
      get: (ShowCommandLine) -> PeriodBound?, set: (inout ShowCommandLine, PeriodBound) -> Void)
    /// A whole number.
    case number(get: (ShowCommandLine) -> Int?, set: (inout ShowCommandLine, Int) -> Void)
    /// An output format; the default (table) is left out of the printed commands.
    case format(
      get: (ShowCommandLine) -> ShowRenderer.Format,
      set: (inout ShowCommandLine, ShowRenderer.Format) -> Void)
    /// A flag without a value, left out of the printed commands when off.
    case flag(get: (ShowCommandLine) -> Bool, set: (inout ShowCommandLine, Bool) -> Void)
    /// A page cursor, `SECTION:YEAR`.
    case cursor(
      get: (ShowCommandLine) -> PageCursor?, set: (inout ShowCommandLine, PageCursor) -> Void)
  }

  /// The option as typed (`--page-size`); nil for the search, which is positional.
  package var flag: String? {
    switch self {
    case .search: nil
    case .since: "--since"
    case .until: "--until"
    case .place: "--place"
    case .dataset: "--dataset"
    case .period: "--period"
    case .by: "--by"
    case .wide: "--wide"
    case .pageSize: "--page-size"
    case .format: "--format"
    case .decimals: "--decimals"
    case .change: "--change"
    case .width: "--width"
    case .height: "--height"
    case .noPager: "--no-pager"
    case .database: "--db"
    case .page: "--page"
    case .after: "--after"
    }
  }

  /// The name of the value in the help (`--page-size <n>`); nil to let the help use the name.
  package var valueName: String? {
    switch self {
    case .search, .format, .change, .wide, .noPager: nil
    case .since, .until, .period: "period"
    case .place: "place"
    case .dataset: "name"
    case .by: "what"
    case .pageSize, .page, .decimals: "n"
    case .width: "w"
    case .height: "h"
    case .database: "path"
    case .after: "cursor"
    }
  }

  /// One line of help.
  package var help: String {
    switch self {
    case .search:
      "Show only sections whose title or place contains this text, any case (else whose "
        + "dataset's name does)."
    case .since: "The first period shown: a year (2020), a quarter (2020-Q1), a month (2020-03)."
    case .until: "The last period shown: a year, a quarter (2020-Q4) or a month (2020-12)."
    case .period: "Show this period only: --since and --until at once (2017, 2020-03)."
    case .by:
      "place: read sections of one title across places, a row a place and a column a period."
    case .dataset:
      "Show only sections of this dataset (its name, as dairy datasets lists it)."
    case .place:
      "Show only sections about this place: a name (Wisconsin), a code (55), or a State's "
        + "counties with it."
    case .wide:
      "Periods down, a column per section (a table per frequency), for a spreadsheet: "
        + "best with --format csv."
    case .pageSize:
      "Rows per page (default 50; CSV and JSON to a file or a pipe: every row, unless given)."
    case .format: "table, json or csv."
    case .decimals:
      "Show amounts with this many decimals, 0 to 12 "
        + "(default: as the source wrote them, at most 6 significant digits)."
    case .change:
      "Add the change from the previous year with data, and in percent "
        + "(\"vs 1997\" across missing years)."
    case .noPager:
      "Write to the terminal directly, never through $PAGER (default: less -R when the output "
        + "is longer than the screen)."
    case .width: "The width in columns (default: the terminal's, else $COLUMNS, else 80)."
    case .height:
      "Fill this many lines, with the footer on the last "
        + "(default: the terminal's height when on a terminal)."
    case .database:
      "The database file (default: $DAIRY_DB, else $XDG_DATA_HOME/dairy/dairy.sqlite)."
    case .page: "The page to show, counting from 1."
    case .after: "Show the page after this cursor (from a footer or JSON's next)."
    }
  }

  package var value: Value {
    switch self {
    case .search: .text(get: { $0.search }, set: { $0.search = $1 })
    case .since: .period(get: { $0.since }, set: { $0.since = $1 })
    case .until: .period(get: { $0.until }, set: { $0.until = $1 })
    case .place: .text(get: { $0.place }, set: { $0.place = $1 })
    case .dataset: .text(get: { $0.dataset }, set: { $0.dataset = $1 })
    case .period: .period(get: { $0.period }, set: { $0.period = $1 })
    case .by: .text(get: { $0.by }, set: { $0.by = $1 })
    case .wide: .flag(get: { $0.wide }, set: { $0.wide = $1 })
    case .pageSize: .number(get: { $0.pageSize }, set: { $0.pageSize = $1 })
    case .format: .format(get: { $0.format }, set: { $0.format = $1 })
    case .decimals: .number(get: { $0.decimals }, set: { $0.decimals = $1 })
    case .change: .flag(get: { $0.change }, set: { $0.change = $1 })
    case .noPager: .flag(get: { !$0.pager }, set: { $0.pager = !$1 })
    case .width: .number(get: { $0.width }, set: { $0.width = $1 })
    case .height: .number(get: { $0.height }, set: { $0.height = $1 })
    case .database: .text(get: { $0.database }, set: { $0.database = $1 })
    case .page: .number(get: { $0.page }, set: { $0.page = $1 })
    case .after: .cursor(get: { $0.after }, set: { $0.after = $1 })
    }
  }

  /// The arguments that give this option its value in `line`, as a footer prints them (before
  /// quoting): none when it is unset or at its default. A value that starts with `-` is joined
  /// to its flag (`--since=-5`), as a parser would take it for an option.
  package func arguments(in line: ShowCommandLine) -> [String] {
    let text: String?
    switch value {
    case .text(let get, _):
      // An empty search is no search; an empty --db is kept, as it was typed.
      text = get(line).flatMap { $0.isEmpty && flag == nil ? nil : $0 }
    case .period(let get, _): text = get(line)?.description
    case .number(let get, _): text = get(line).map { String($0) }
    case .format(let get, _): text = get(line) == .table ? nil : get(line).rawValue
    case .cursor(let get, _): text = get(line)?.description
    case .flag(let get, _): return get(line) ? [flag ?? ""] : []
    }
    guard let text else { return [] }
    guard let flag else { return [text] }
    return text.hasPrefix("-") ? [flag + "=" + text] : [flag, text]
  }
}
