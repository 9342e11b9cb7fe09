import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// `dairy chart`, the whole command: a request and the terminal's facts in; the chart on
/// `output`, notices and errors on `errors`, and the exit status out.
///
/// It opens the database (importing the bundled tables on the first run, which it says on
/// `errors`), reads every section the request selects in one snapshot, and draws them with
/// ``ChartRenderer``, ``ChartSVG`` or ``ChartJSON``. A request that matches no section is a
/// usage error (64) in every format, with the close titles suggested; a text chart's panels that
/// do not fit are named on `errors` (``ChartOverflow``). A database locked by another process is
/// reported with the advice to run the same command again, and the status is 75, as `show`'s
/// retry footer does.
///
/// ```swift
/// var chart = ""
/// var errors = ""
/// let status = ChartFlow.run(
///   ChartRequest(searches: ["butter"]), terminal: Terminal(width: 80),
///   output: &chart, errors: &errors)
/// ```
package enum ChartFlow {
  /// The size of a text chart off a terminal, without `--width` and `--height`.
  package static let defaultSize = (width: 80, height: 24)
  /// The size of an SVG chart without `--width` and `--height`, in pixels.
  package static let defaultImageSize = (width: 800, height: 480)

  /// What `dairy chart` says after a busy database's error.
  package static let retryAdvice =
    "dairy: nothing was charted; run the same command again "
    + "once the other process is done."

  /// Draws the chart on `output`; returns the exit status (errors on `errors`).
  ///
  /// - Parameter open: how the database is opened; nil for the one the request names.
  package static func run(
    _ request: ChartRequest, terminal: Terminal,
    output: inout some TextOutputStream, errors: inout some TextOutputStream,
    open: (() throws -> ReadingDatabase)? = nil
  ) -> Int32 {
    if let problem = request.problem() {
      return DairyError.report(DairyError(.usage, problem), to: &errors)
    }
    do {
      let reading = try open?() ?? ReadingDatabase.open(path: request.database)
      reading.writeNotice(to: &errors)
      let selection = try ChartSelection.read(request, from: reading.database)
      if let unknown = selection.unknownTitles.first {
        let message =
          "--section \"\(TextEscaping.visible(unknown))\" names no section"
          + suggestion([unknown], among: selection.titles) + "; `dairy sections` lists every title."
        return DairyError.report(DairyError(.usage, message), to: &errors)
      }
      if selection.series.isEmpty {
        let error = DairyError(.usage, noMatchMessage(request, titles: selection.titles))
        return DairyError.report(error, to: &errors)
      }
      for (frequency, count) in selection.leftOut.sorted(by: { $0.key.rawValue < $1.key.rawValue })
      {
        let first = selection.series.first?.time.frequency.text ?? "annual"
        errors.writeMessage(
          "dairy: left out \(count) \(frequency.text) section\(count == 1 ? "" : "s"): a chart "
            + "draws sections of one frequency (these are \(first)); name them with --section "
            + "or a search to chart them")
      }
      if request.format == .text {
        let (lines, overflow) = ChartRenderer.draw(
          selection.series, in: viewport(for: request, on: terminal),
          style: style(for: selection.series, request: request))
        // Before the chart, as the frequencies left out are: on a terminal it then stays above
        // the chart rather than among its lines.
        if let overflow { errors.writeMessage(overflow.notice) }
        output.write(lines.map { $0 + "\n" }.joined())
      } else {
        output.write(render(selection.series, request: request, terminal: terminal))
      }
      return 0
    } catch let error as DairyError where error.kind == .busy {
      let status = DairyError.report(error, to: &errors)
      errors.write(retryAdvice + "\n")
      return status
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }

  /// Why nothing is charted, as a usage error says it: no section matches the searches (the
  /// close titles suggested), none is about the place, or there is no data at all.
  ///
  /// ```swift
  /// ChartFlow.noMatchMessage(ChartRequest(searches: ["buter"]), titles: ["Butter"])
  /// // no section matches "buter" (did you mean Butter?); `dairy sections` lists every title
  /// ```
  package static func noMatchMessage(_ request: ChartRequest, titles: [String]) -> String {
    if let place = request.place, !place.isEmpty {
      let empty = EmptyState(search: request.searches.first, place: place)
      return empty.message(for: .sections)
    }
    guard !request.searches.isEmpty || !request.sections.isEmpty else {
      return "nothing to chart: the database has no sections; import a file with "
        + "`dairy import FILE`"
    }
    let searches = request.searches.map { "\"\(TextEscaping.visible($0))\"" }
    return "no section matches \(searches.joined(separator: " or "))"
      + suggestion(request.searches, among: titles) + "; `dairy sections` lists every title"
  }

  /// ` (did you mean A, B?)` with the titles close to `names`; empty when none is.
  private static func suggestion(_ names: [String], among titles: [String]) -> String {
    var close: [String] = []
    for name in names {
      for title in CloseTitles.to(name, among: titles) where !close.contains(title) {
        close.append(title)
      }
    }
    guard !close.isEmpty else { return "" }
    let shown = close.prefix(3).map { "\"\(TextEscaping.visible($0))\"" }
    return " (did you mean \(shown.joined(separator: ", "))?)"
  }

  /// How the series are drawn: the request's style within their years.
  private static func style(for series: [ChartSeries], request: ChartRequest) -> ChartStyle {
    request.style(within: ChartSeries.years(of: series), time: series.first?.time ?? ChartTime())
  }

  /// The chart as text, SVG or JSON, ending in a newline.
  package static func render(_ series: [ChartSeries], request: ChartRequest, terminal: Terminal)
    -> String
  {
    let style = style(for: series, request: request)
    switch request.format {
    case .json:
      return terminal.shown(ChartJSON.render(series, style: style) + "\n", as: .json)
    case .svg:
      let svg = ChartSVG.render(
        series, width: request.width ?? defaultImageSize.width,
        height: request.height ?? defaultImageSize.height, style: style)
      return terminal.shown(svg, as: .text)
    case .text:
      let lines = ChartRenderer.render(
        series, in: viewport(for: request, on: terminal), style: style)
      return lines.map { $0 + "\n" }.joined()
    }
  }

  /// Where a text chart goes: `--width`, else the terminal's; `--height`, else on a terminal its
  /// height less a line for the prompt, else 24; colour on a terminal that wants it.
  package static func viewport(for request: ChartRequest, on terminal: Terminal) -> Viewport {
    let screen = terminal.isTerminal ? terminal.height.map { $0 - 1 } : nil
    let height = request.height ?? screen ?? defaultSize.height
    return Viewport(
      width: request.width ?? terminal.width,
      height: max(ChartRequest.textHeights.lowerBound, height), color: terminal.wantsColor)
  }
}
