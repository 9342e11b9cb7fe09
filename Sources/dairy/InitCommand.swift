import ArgumentParser
import DairyKit
import DairyTerminal

struct InitCommand: ParsableCommand, PrintingCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Make a new database holding the bundled USDA tables (or nothing, with --empty).",
    discussion: """
      Reading commands make and fill only the default location, on first use; a --db path or \
      $DAIRY_DB must name a database that exists. dairy init makes one there (or dairy import \
      FILE --db PATH, holding your file). It refuses a path where something exists.

      Exit codes: 0 made; 73 the path exists; 74 the database cannot be made there.

      Examples:
        dairy init --db work.sqlite
        dairy init --db mine.sqlite --empty
      """)

  static let printed = "the message"

  @Flag(help: "Make it empty, without the bundled tables (no reading command fills it later).")
  var empty = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    var output = StandardStream.output
    var errors = StandardStream.error
    try finish(
      InitFlow.run(database: database.path, empty: empty, output: &output, errors: &errors))
  }
}
