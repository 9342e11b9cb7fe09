import ArgumentParser
import DairyKit
import DairyPresentation

/// `[SEARCH] [--since Y] [--until Y]` for `show` and `browse`, declared in ``ShowOption``.
struct FilterOptions: ParsableArguments {
  @Argument(help: ShowOption.search.argumentHelp)
  var search: String?

  @Option(name: ShowOption.since.argumentName, help: ShowOption.since.argumentHelp)
  var since: PeriodBound?

  @Option(name: ShowOption.until.argumentName, help: ShowOption.until.argumentHelp)
  var until: PeriodBound?

  func validate() throws {
    let line = ShowCommandLine(search: search, since: since, until: until)
    if let problem = line.problem() { throw ValidationError(problem) }
  }

  var filter: SectionFilter { SectionFilter(search: search, since: since, until: until) }
}
