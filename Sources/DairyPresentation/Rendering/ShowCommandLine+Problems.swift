import DairyImport
import DairyModel

extension ShowCommandLine {
  /// What `dairy show` says of an `--after` value that is not a cursor.
  package static let unreadableCursor =
    "--after takes a cursor like 12:1999@v3, as the footer prints it."

  /// The decimals `--decimals` takes: as many as amounts are ever shown with.
  package static let decimalsRange = 0...12

  /// The first rule the command line breaks, as `dairy show` reports it, or nil.
  ///
  /// ```swift
  /// ShowCommandLine(width: 10).problem()  // "--width must be between 20 and 1000."
  /// ```
  ///
  /// - Parameter unreadableAfter: the `--after` text, when one was given that is not a cursor
  ///   (``after`` is then nil).
  package func problem(unreadableAfter: String? = nil) -> String? {
    // Each whole number within the range its option declares (ShowOption+Ranges).
    for option in ShowOption.allCases {
      if let value = option.number(in: self), let problem = option.problem(value) {
        return problem
      }
    }
    if period != nil && (since != nil || until != nil) {
      return "Use --period or --since and --until, not both."
    }
    if let by, by != Self.byPlace {
      return "--by takes \(Self.byPlace) (sections of one title read across places)."
    }
    if by != nil && (page != nil || after != nil || pageSize != nil) {
      return "--by place shows whole tables; --page-size, --page and --after page through rows."
    }
    if wide {
      if by != nil { return "Use --wide or --by place, not both." }
      if page != nil || after != nil || pageSize != nil {
        return "--wide shows whole tables; --page-size, --page and --after page through rows."
      }
      if change { return "--change adds columns to rows; --wide shows the amounts alone." }
    }
    if let problem = filter.rangeProblem { return problem }
    if page != nil && (after != nil || unreadableAfter != nil) {
      return "Use --page or --after, not both."
    }
    if unreadableAfter != nil { return Self.unreadableCursor }
    return nil
  }

  /// The sections and years the command line asks for.
  package var filter: SectionFilter {
    SectionFilter(
      search: search, since: period ?? since, until: period ?? until, place: place,
      dataset: dataset)
  }

  /// The one value `--by` takes.
  package static let byPlace = "place"

  /// The page the command line asks for.
  package var pageRequest: PageRequest {
    PageRequest(filter: filter, pageSize: pageSize ?? Self.defaultPageSize, start: start)
  }
}

extension SectionFilter {
  /// What is wrong with the year range, as the commands report it, or nil.
  ///
  /// ```swift
  /// SectionFilter(since: 2010, until: 2000).rangeProblem  // "--since 2010 is after --until 2000."
  /// ```
  package var rangeProblem: String? {
    guard isEmptyRange, let since, let until else { return nil }
    return "--since \(since) is after --until \(until)."
  }
}
