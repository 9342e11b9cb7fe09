import ArgumentParser
import DairyKit

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every section and observation, losslessly, as JSON or CSV.",
    discussion: """
      JSON keeps everything (titles, units, groups, notes, exact amounts); CSV is the long format \
      dataset,section,year,amount,unit, which dairy import reads back.

      Examples:
        dairy export > dairy.json
        dairy export --format csv > dairy.csv
      """)

  @Option(help: "json or csv.")
  var format: ExportFormat = .json

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    try reportingErrors {
      let db = try database.openForReading()
      var out = StandardStream.output
      try format.write(db, to: &out)
      out.flush()
    }
  }
}

extension ExportFormat: ExpressibleByArgument {}
