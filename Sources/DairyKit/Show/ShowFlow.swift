import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// `dairy show`, the whole command: a command line and the terminal's facts in; the page on
/// `output`, notices and errors on `errors`, and the exit status out.
///
/// It opens the database (importing the bundled tables on the first run, which it says on
/// `errors`), fetches the page, runs the load-more footer's state machine, fits the page to the
/// viewport and renders it. A database locked by another process is not an error here: the page
/// is the `retry` footer with the command to try again, and the status is 75.
///
/// CSV and JSON to a file or a pipe are every row in range, not a page
/// (``ShowCommandLine/writesEveryRow(toTerminal:)``); `--wide` is tables of sections side by
/// side. On a terminal, output longer than the screen goes through the pager
/// (``Terminal/pager``) unless `--no-pager`.
///
/// ```swift
/// var page = ""
/// var errors = ""
/// let status = ShowFlow.run(
///   ShowCommandLine(search: "butter"), terminal: Terminal(width: 80),
///   output: &page, errors: &errors)
/// ```
package enum ShowFlow {
  /// Turns a page into text: ``ShowRenderer/render(page:state:commandLine:format:viewport:)``,
  /// or another way to print a page's rows for a command of its own.
  package typealias Render = (
    _ page: Page?, _ state: LoadMoreFooter.State, _ commandLine: ShowCommandLine,
    _ format: ShowRenderer.Format, _ viewport: Viewport
  ) -> ShowRenderer.Output

  /// - Parameters:
  ///   - render: how the page becomes text (the default is `show`'s).
  ///   - open: how the database is opened; nil for the one `--db` names (the binary's way).
  ///     Tests pass a database they made, or one that fails.
  ///   - pager: how a pager is run (``Pager/run(_:text:)``); tests pass one that records.
  package static func run(
    _ line: ShowCommandLine, terminal: Terminal,
    output: inout some TextOutputStream, errors: inout some TextOutputStream,
    render: Render = ShowRenderer.render, open: (() throws -> ReadingDatabase)? = nil,
    pager: @escaping Pager.Run = Pager.run
  ) -> Int32 {
    var viewport: Viewport
    do {
      viewport = try self.viewport(for: line, on: terminal)
    } catch {
      return DairyError.report(error, to: &errors)
    }
    if line.by != nil {
      return crossSections(line, viewport: viewport, output: &output, errors: &errors, open: open)
    }
    if line.wide {
      let screen = Screen(line: line, terminal: terminal, viewport: viewport, pager: pager)
      return wide(line, on: screen, output: &output, errors: &errors, open: open)
    }
    if line.writesEveryRow(toTerminal: terminal.isTerminal) {
      return everyRow(line, viewport: viewport, output: &output, errors: &errors, open: open)
    }
    var footer = LoadMoreFooter()
    footer.handle(.fetchStarted)
    var page: Page?
    do {
      let reading = try open?() ?? ReadingDatabase.open(path: line.database)
      reading.writeNotice(to: &errors)
      if line.height == nil, let filled = viewport.height, terminal.errorIsTerminal {
        // The first run's notice is on the same screen: fill only what is left of it, so that
        // the notice does not scroll away.
        viewport.height = max(1, filled - Terminal.lines(reading.notice, width: terminal.width))
      }
      // An unknown --dataset is its own error, not a cursor's to start again from.
      if let dataset = line.dataset {
        try reading.database.read { try $0.requireDataset(dataset) }
      }
      let fetched = try fetch(line, from: reading.database)
      footer.handle(
        .pageArrived(hasMore: fetched.hasMore, total: fetched.total, history: fetched.history))
      page = line.decimals.map { fetched.showing(decimals: $0) } ?? fetched
      page?.showsChange(line.change)
    } catch let error as DairyError where error.kind == .busy {
      footer.handle(.fetchFailed(error))
    } catch {
      return DairyError.report(error, to: &errors)
    }
    let rendered = render(page, footer.state, line, line.format, viewport)
    let text =
      switch line.format {
      case .table: rendered.text
      case .csv: terminal.shown(rendered.text, as: .text)
      case .json: terminal.shown(rendered.text, as: .json)
      }
    Screen(line: line, terminal: terminal, viewport: viewport, pager: pager)
      .show(text, output: &output, errors: &errors)
    if let note = rendered.note { errors.writeMessage("dairy: \(note)") }
    if case .retry(let failure) = footer.state { return failure.exitCode }
    return 0
  }

  /// `--by place`: the matching sections read across places, as tables, CSV or JSON.
  private static func crossSections(
    _ line: ShowCommandLine, viewport: Viewport,
    output: inout some TextOutputStream, errors: inout some TextOutputStream,
    open: (() throws -> ReadingDatabase)?
  ) -> Int32 {
    do {
      let reading = try open?() ?? ReadingDatabase.open(path: line.database)
      reading.writeNotice(to: &errors)
      let found = try reading.database.crossSections(matching: line.filter)
      guard !found.isEmpty else {
        output.write(
          EmptyState(search: line.search, place: line.place).message(for: .sections) + "\n")
        return 0
      }
      // A title whose sections name no place is not read across places; a table with no
      // period in range has nothing to show.
      let sections = found.reduce(0) { $0 + $1.rows.count }
      let placed = found.filter { $0.rows.contains { $0.place != nil } }
      let tables = placed.filter { !$0.periods.isEmpty }
      guard !tables.isEmpty else {
        let empty =
          placed.isEmpty
          ? EmptyState.noPlaces(sections: sections)
          : .noRowsInRange(
            since: line.filter.since, until: line.filter.until,
            sections: placed.reduce(0) { $0 + $1.rows.count })
        output.write(empty.message(for: .show(line)) + "\n")
        return 0
      }
      switch line.format {
      case .table:
        output.write(CrossSectionRenderer.render(tables, in: viewport).map { $0 + "\n" }.joined())
      case .csv: output.write(CrossSectionRenderer.csv(tables))
      case .json: output.write(CrossSectionRenderer.json(tables))
      }
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }

  /// The page `line` asks for. A cursor the data changed under (or that the search does not
  /// match) is refused with the command that starts again from the first page.
  package static func fetch(_ line: ShowCommandLine, from database: DairyDatabase) throws -> Page {
    do {
      return try database.page(line.pageRequest)
    } catch let error as DairyError where error.kind == .stale || error.kind == .usage {
      throw DairyError(
        error.kind, error.message + "; start again from the first page: " + line.page(1).description
      )
    }
  }

  /// Where the page goes: `--width`, else the terminal's; `--height`, else on a terminal its
  /// height less a line for the prompt (tables only); colour on a terminal that wants it.
  ///
  /// - Throws: a usage error for an option out of its range, or a table on a terminal (or a
  ///   `$COLUMNS`) narrower than `--width` may be.
  package static func viewport(for line: ShowCommandLine, on terminal: Terminal) throws -> Viewport
  {
    if let problem = line.problem() { throw DairyError(.usage, problem) }
    let table = line.format == .table
    let screen = terminal.isTerminal && table ? terminal.height.map { $0 - 1 } : nil
    return Viewport(
      width: table ? try terminal.tableWidth(option: line.width) : line.width ?? terminal.width,
      height: line.height ?? screen, color: terminal.wantsColor && table)
  }
}

extension Page {
  /// The page with every section's amounts shown with `decimals` decimals (`--decimals`), so
  /// that every renderer shows them so without knowing the option.
  package func showing(decimals: Int) -> Page {
    var page = self
    for index in page.parts.indices { page.parts[index].section.info.decimals = decimals }
    return page
  }

  /// Turns the change columns on or off in every part.
  package mutating func showsChange(_ shows: Bool) {
    for index in parts.indices { parts[index].showsChange = shows }
  }
}
