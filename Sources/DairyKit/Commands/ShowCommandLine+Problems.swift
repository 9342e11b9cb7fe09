extension ShowCommandLine {
  /// What `dairy show` says of an `--after` value that is not a cursor.
  public static let unreadableCursor =
    "--after takes a cursor like 12:1999, as the footer prints it."

  /// The decimals `--decimals` takes: as many as amounts are ever shown with.
  public static let decimalsRange = 0...12

  /// The first rule the command line breaks, as `dairy show` reports it, or nil.
  ///
  /// ```swift
  /// ShowCommandLine(width: 10).problem()  // "--width must be at least 20."
  /// ```
  ///
  /// - Parameter unreadableAfter: the `--after` text, when one was given that is not a cursor
  ///   (``after`` is then nil).
  public func problem(unreadableAfter: String? = nil) -> String? {
    if let problem = filter.rangeProblem { return problem }
    if page != nil && (after != nil || unreadableAfter != nil) {
      return "Use --page or --after, not both."
    }
    if let page, page < 1 { return "--page counts from 1." }
    if pageSize < 1 { return "--page-size must be at least 1." }
    if unreadableAfter != nil { return Self.unreadableCursor }
    if let width, width < 20 { return "--width must be at least 20." }
    if let decimals, !Self.decimalsRange.contains(decimals) {
      return "--decimals must be between \(Self.decimalsRange.lowerBound) and "
        + "\(Self.decimalsRange.upperBound)."
    }
    if let height, height < 1 { return "--height must be at least 1." }
    return nil
  }

  /// The sections and years the command line asks for.
  public var filter: SectionFilter { SectionFilter(search: search, since: since, until: until) }

  /// The page the command line asks for.
  public var pageRequest: PageRequest {
    PageRequest(filter: filter, pageSize: pageSize, start: start)
  }
}

extension SectionFilter {
  /// What is wrong with the year range, as the commands report it, or nil.
  ///
  /// ```swift
  /// SectionFilter(since: 2010, until: 2000).rangeProblem  // "--since 2010 is after --until 2000."
  /// ```
  public var rangeProblem: String? {
    guard let since, let until, since > until else { return nil }
    return "--since \(since) is after --until \(until)."
  }
}
