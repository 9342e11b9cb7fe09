import ArgumentParser
import DairyKit
import DairyPresentation

/// `--db PATH`, shared by every subcommand (declared with `show`'s options, in ``ShowOption``).
struct DatabaseOptions: ParsableArguments {
  @Option(name: ShowOption.database.argumentName, help: ShowOption.database.argumentHelp)
  var path: String?
}
