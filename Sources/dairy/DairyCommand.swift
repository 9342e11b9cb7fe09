import ArgumentParser
import DairyKit

struct DairyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dairy",
    abstract:
      "Import USDA dairy statistics from CSV into SQLite and browse them as table sections.",
    discussion: """
      On first use, reading commands make the database and import the bundled USDA tables: \
      per-capita consumption of 21 dairy products (1975-2022), fluid milk sales, milk \
      production and the factors affecting supply, and milk cows and production by State.

      The database is --db PATH, else $DAIRY_DB, else $XDG_DATA_HOME/dairy/dairy.sqlite \
      (~/.local/share/dairy/dairy.sqlite). Only the default location is made on first use; \
      make another with dairy init --db PATH or dairy import FILE --db PATH.

      Examples:
        dairy show                      the first page of sections
        dairy show cheese --since 2000  cheese sections from 2000 on
        dairy browse                    scroll the sections full-screen
        dairy sections                  every section at a glance
        dairy datasets                  every dataset: title, source, where from, when
        dairy chart yogurt              a line chart of the yogurt sections
        dairy import milk.csv           import a file: CSV, workbook (.xlsx) or backup
        dairy inspect milk.csv          how a file will be read, without importing it
        dairy export --format csv       every observation, losslessly
      """,
    version: Dairy.version,
    subcommands: [
      ShowCommand.self, BrowseCommand.self, SectionsCommand.self, ChartCommand.self,
      DatasetsCommand.self, ImportCommand.self,
      InspectCommand.self, ExportCommand.self, InitCommand.self,
    ]
  )
}
