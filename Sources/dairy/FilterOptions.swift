import ArgumentParser
import DairyKit
import DairyPresentation

/// `[SEARCH] [--dataset NAME] [--since Y] [--until Y] [--place P]` for `show` and `browse`,
/// declared in ``ShowOption``.
struct FilterOptions: ParsableArguments {
  @Argument(help: ShowOption.search.argumentHelp)
  var search: String?

  @Option(name: ShowOption.dataset.argumentName, help: ShowOption.dataset.argumentHelp)
  var dataset: String?

  @Option(name: ShowOption.since.argumentName, help: ShowOption.since.argumentHelp)
  var since: PeriodBound?

  @Option(name: ShowOption.until.argumentName, help: ShowOption.until.argumentHelp)
  var until: PeriodBound?

  @Option(name: ShowOption.place.argumentName, help: ShowOption.place.argumentHelp)
  var place: String?

  func validate() throws {
    var line = ShowCommandLine(search: search, since: since, until: until)
    line.place = place
    line.dataset = dataset
    if let problem = line.problem() { throw ValidationError(problem) }
  }

  var filter: SectionFilter {
    SectionFilter(search: search, since: since, until: until, place: place, dataset: dataset)
  }
}
