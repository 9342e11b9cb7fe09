import ArgumentParser
import DairyKit

/// `--db PATH`, shared by every subcommand.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (default: $DAIRY_DB, else $XDG_DATA_HOME/dairy/dairy.sqlite).",
      valueName: "path"))
  var path: String?

  /// Opens the database, creating the default location's folders on first use.
  func open() throws -> DairyDatabase {
    let location = try DatabaseLocation.resolve(flag: path)
    return try DairyDatabase.open(path: location.path, createFolder: location.isDefault)
  }

  /// Opens the database for a reading command: with no data yet, imports the bundled table first.
  func openForReading() throws -> DairyDatabase {
    try openDatabaseForReading(flag: path).database
  }
}

/// Opens the database a reading command names (`--db`, else the default location); with no data
/// yet, imports the bundled table first and says so on stderr. Returns the lines it wrote there.
func openDatabaseForReading(flag: String?) throws -> (database: DairyDatabase, notice: [String]) {
  let location = try DatabaseLocation.resolve(flag: flag)
  let (database, bundled) = try DairyDatabase.openForReading(
    path: location.path, createFolder: location.isDefault)
  guard let summary = bundled else { return (database, []) }
  let notice = [
    "dairy: no data yet in \(database.path); imported the bundled USDA table", summary.description,
  ]
  var err = StandardStream.error
  for line in notice { err.write(line + "\n") }
  err.flush()
  return (database, notice)
}

/// Runs a command body, turning a ``DairyError`` into one line on stderr and its exit code.
func reportingErrors(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch let error as DairyError {
    var err = StandardStream.error
    err.write("dairy: \(error)\n")
    err.flush()
    throw ExitCode(error.exitCode)
  }
}
