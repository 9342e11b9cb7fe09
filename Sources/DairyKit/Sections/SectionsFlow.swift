import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// `dairy sections`, the whole command: every section at a glance, as a table fitted to the
/// width, as JSON or as CSV.
///
/// ```swift
/// var list = ""
/// var errors = ""
/// let status = SectionsFlow.run(
///   SectionsFlow.Request(search: "cheese"), terminal: Terminal(width: 80),
///   output: &list, errors: &errors)
/// ```
package enum SectionsFlow {
  package enum Format: String, Sendable, CaseIterable {
    case table, json, csv
  }

  /// What `dairy sections` was asked for.
  package struct Request: Sendable, Hashable {
    /// Only sections whose title or place contains this text, in any case (when none does:
    /// whose dataset's name does, ``SectionFilter/select(_:)``).
    package var search: String?
    /// `--place`: only sections about this place (``SectionFilter/matches(place:code:)``).
    package var place: String?
    /// `--dataset`: only the sections of this dataset.
    package var dataset: String?
    package var format: Format
    /// The table's width; nil for the terminal's.
    package var width: Int?
    /// `--db`; nil for the default location.
    package var database: String?
    /// `--stats`: the table of statistics (first, last, change, CAGR, min, max) instead of the
    /// overview.
    package var statistics = false

    package init(
      search: String? = nil, format: Format = .table, width: Int? = nil, database: String? = nil
    ) {
      self.search = search
      self.format = format
      self.width = width
      self.database = database
    }

    /// What is wrong with the request, as `dairy sections` reports it (exit 64), or nil:
    /// `--width` out of its range (``ShowOption/range``).
    package var problem: String? {
      ShowCommandLine(width: width).problem()
    }
  }

  /// Lists the sections on `output`; returns the exit status (errors on `errors`).
  ///
  /// - Parameter open: how the database is opened; nil for the one the request names.
  package static func run(
    _ request: Request, terminal: Terminal,
    output: inout some TextOutputStream, errors: inout some TextOutputStream,
    open: (() throws -> ReadingDatabase)? = nil
  ) -> Int32 {
    do {
      if let problem = request.problem { throw DairyError(.usage, problem) }
      // A table's width is known before the database is opened (and perhaps first imported).
      let width = request.format == .table ? try terminal.tableWidth(option: request.width) : 0
      let reading = try open?() ?? ReadingDatabase.open(path: request.database)
      reading.writeNotice(to: &errors)
      let summaries = try reading.database.summaries(
        matching: SectionFilter(
          search: request.search, place: request.place, dataset: request.dataset))
      let datasets = try reading.database.read { try $0.datasets() }
      switch request.format {
      case .json:
        output.write(terminal.shown(SectionsJSON.render(summaries, datasets: datasets), as: .json))
      case .csv:
        output.write(terminal.shown(SectionsCSV.render(summaries), as: .text))
      case .table:
        let viewport = Viewport(width: width, color: terminal.wantsColor)
        let lines =
          request.statistics
          ? SectionsStatisticsRenderer.render(summaries, datasets: datasets, in: viewport)
          : SectionsTableRenderer.render(summaries, datasets: datasets, in: viewport)
        if lines.isEmpty {
          output.write(
            SectionsTableRenderer.emptyMessage(search: request.search, place: request.place) + "\n")
        }
        for line in lines { output.write(line + "\n") }
      }
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }
}
