import ArgumentParser
import DairyKit

/// `[SEARCH] [--since Y] [--until Y]`, shared by `show` and `browse`.
struct FilterOptions: ParsableArguments {
  @Argument(help: "Show only sections whose title contains this text (any case).")
  var search: String?

  @Option(help: ArgumentHelp("The first year shown.", valueName: "year"))
  var since: Int64?

  @Option(help: ArgumentHelp("The last year shown.", valueName: "year"))
  var until: Int64?

  func validate() throws {
    if let problem = Self.problem(since: since, until: until) { throw ValidationError(problem) }
  }

  /// What is wrong with a year range, as the commands report it, or nil.
  static func problem(since: Int64?, until: Int64?) -> String? {
    guard let since, let until, since > until else { return nil }
    return "--since \(since) is after --until \(until)."
  }

  var filter: SectionFilter { SectionFilter(search: search, since: since, until: until) }
}
