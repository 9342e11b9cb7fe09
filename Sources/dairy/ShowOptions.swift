import ArgumentParser
import DairyKit
import DairyPresentation

/// `dairy show`'s options for ArgumentParser, with the names and help of ``ShowOption``, parsed
/// into a `ShowCommandLine`: the same value the hand parser makes (`ShowQuickParsingTests`).
struct ShowOptions: ParsableArguments {
  /// The search, `--since` and `--until`, as `browse` takes them.
  @OptionGroup var filter: FilterOptions

  @Option(name: ShowOption.period.argumentName, help: ShowOption.period.argumentHelp)
  var period: PeriodBound?

  @Option(name: ShowOption.by.argumentName, help: ShowOption.by.argumentHelp)
  var by: String?

  @Flag(name: ShowOption.wide.argumentName, help: ShowOption.wide.argumentHelp)
  var wide = false

  @Option(name: ShowOption.pageSize.argumentName, help: ShowOption.pageSize.argumentHelp)
  var pageSize: Int?

  @Option(name: ShowOption.page.argumentName, help: ShowOption.page.argumentHelp)
  var page: Int?

  @Option(name: ShowOption.after.argumentName, help: ShowOption.after.argumentHelp)
  var after: String?

  @Option(name: ShowOption.format.argumentName, help: ShowOption.format.argumentHelp)
  var format: ShowRenderer.Format = .table

  @Option(name: ShowOption.decimals.argumentName, help: ShowOption.decimals.argumentHelp)
  var decimals: Int?

  @Flag(name: ShowOption.change.argumentName, help: ShowOption.change.argumentHelp)
  var change = false

  @Option(name: ShowOption.width.argumentName, help: ShowOption.width.argumentHelp)
  var width: Int?

  @Option(name: ShowOption.height.argumentName, help: ShowOption.height.argumentHelp)
  var height: Int?

  @Flag(name: ShowOption.noPager.argumentName, help: ShowOption.noPager.argumentHelp)
  var noPager = false

  @OptionGroup var database: DatabaseOptions

  /// The parsed values, as `ShowCommandLine(quickParsing:)` would give them.
  var commandLine: ShowCommandLine {
    var line = ShowCommandLine(
      search: filter.search, since: filter.since, until: filter.until, pageSize: pageSize,
      format: format,
      width: width, height: height, database: database.path)
    line.place = filter.place
    line.dataset = filter.dataset
    line.period = period
    line.by = by
    line.page = page
    line.decimals = decimals
    line.change = change
    line.wide = wide
    line.pager = !noPager
    line.after = after.flatMap(PageCursor.init)
    return line
  }

  func validate() throws {
    let unreadable = after.flatMap { PageCursor($0) == nil ? $0 : nil }
    if let problem = commandLine.problem(unreadableAfter: unreadable) {
      throw ValidationError(problem)
    }
  }
}

extension ShowOption {
  /// The option's name for ArgumentParser (`--page-size`).
  var argumentName: NameSpecification { .customLong(String(flag?.dropFirst(2) ?? "")) }

  /// The option's help for ArgumentParser.
  var argumentHelp: ArgumentHelp { ArgumentHelp(help, valueName: valueName) }
}

extension ShowRenderer.Format: ExpressibleByArgument {}
