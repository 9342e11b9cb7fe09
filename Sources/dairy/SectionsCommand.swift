import ArgumentParser
import DairyKit

struct SectionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sections",
    abstract: "List every section: dataset, title, unit, years, rows, latest value and trend.",
    discussion: """
      Examples:
        dairy sections
        dairy sections cheese
        dairy sections --format json
      """)

  @Argument(help: "List only sections whose title contains this text (any case).")
  var search: String?

  @Option(help: "table or json.")
  var format: SectionsFormat = .table

  @Option(
    help: ArgumentHelp(
      "The width in columns (default: the terminal's, else $COLUMNS, else 80).", valueName: "w"))
  var width: Int?

  @OptionGroup var database: DatabaseOptions

  enum SectionsFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
  }

  func run() throws {
    try reportingErrors {
      let db = try database.openForReading()
      let summaries = try db.summaries(matching: SectionFilter(search: search))
      var out = StandardStream.output
      switch format {
      case .json:
        out.write(SectionsJSON.render(summaries))
      case .table:
        let terminal = Terminal.current()
        let viewport = Viewport(width: width ?? terminal.width, color: terminal.wantsColor)
        let lines = SectionsTableRenderer.render(summaries, in: viewport)
        if lines.isEmpty {
          out.write(SectionsTableRenderer.emptyMessage(search: search) + "\n")
        }
        for line in lines { out.write(line + "\n") }
      }
      out.flush()
    }
  }
}
