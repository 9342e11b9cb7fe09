/// Which sections and periods a page shows: a search in the titles and places (else dataset names), a
/// dataset, a place, and a range of periods whose ends each section reads in its own frequency
/// (``PeriodBound``).
///
/// ```swift
/// let filter = SectionFilter(search: "cheese", since: 2000)
/// filter.matches(title: "American cheese")  // true
/// filter.keys(for: .monthly)  // 200001...Int64.max
/// ```
public struct SectionFilter: Sendable, Hashable {
  /// Text the title or the place must contain, ignoring case — or, when none has it, the
  /// dataset's name (``select(_:)``); nil or empty for every section.
  public var search: String?
  /// The first period shown, if any.
  public var since: PeriodBound?
  /// The last period shown, if any.
  public var until: PeriodBound?
  /// The place a section must be about (``matches(place:code:)``: its name or code, or the
  /// State its county is in, ignoring case); nil or empty for every section.
  public var place: String?
  /// The dataset a section must be of, by its exact name (`--dataset`); nil for every dataset.
  /// A name no dataset has is refused by the reading, not matched by nothing
  /// (`DairyDatabase.Snapshot.requireDataset(_:)`).
  public var dataset: String?

  public init(
    search: String? = nil, since: PeriodBound? = nil, until: PeriodBound? = nil,
    place: String? = nil, dataset: String? = nil
  ) {
    self.search = search
    self.since = since
    self.until = until
    self.place = place
    self.dataset = dataset
  }

  /// The sections of `sections` the filter selects, in their order: those of the dataset and
  /// the place asked for whose title or place has the search; or, when none has it, those whose
  /// dataset's name has it — so that `dairy sections wisconsin` lists the sections titled so and
  /// those about Wisconsin, `dairy sections per_capita` that dataset's sections, while `dairy
  /// show milk` stays the sections titled so, not every section of `fluidmilk`.
  ///
  /// ```swift
  /// // Sections titled Butter and Cheese, of dataset per_capita_consumption_1975-2022:
  /// SectionFilter(search: "per_capita").select(sections).count  // 2: the dataset's name
  /// SectionFilter(search: "butter").select(sections).count  // 1
  /// ```
  public func select(_ sections: [SectionInfo]) -> [SectionInfo] {
    let scoped = sections.filter(isInScope)
    let titled = scoped.filter { matches(title: $0.title) || matches(title: $0.place ?? "") }
    guard titled.isEmpty, let search, !search.isEmpty else { return titled }
    return scoped.filter { matches(datasetName: $0.dataset) }
  }

  /// Whether a section is of the dataset and the place asked for (the search aside).
  public func isInScope(_ info: SectionInfo) -> Bool {
    (dataset == nil || dataset == info.dataset)
      && matches(place: info.place, code: info.placeCode)
  }

  /// Whether a place matches ``place``, ignoring case: its name (`Wisconsin`), its code (`55`),
  /// or the State a county is in (`Dane, Wisconsin` for `Wisconsin`), so that `--place
  /// Wisconsin` gives the State and its counties. No place asked for matches every section.
  ///
  /// ```swift
  /// SectionFilter(place: "wisconsin").matches(place: "Dane, Wisconsin", code: "55025")  // true
  /// SectionFilter(place: "virginia").matches(place: "West Virginia", code: "54")  // false
  /// ```
  public func matches(place name: String?, code: String?) -> Bool {
    guard let place, !place.isEmpty else { return true }
    let asked = place.lowercased()
    // A county's code is its State's and its own (`55025`): a State's code asks for both.
    if let code, code.lowercased() == asked || (asked.count == 2 && code.hasPrefix(asked)) {
      return true
    }
    guard let name = name?.lowercased() else { return false }
    return name == asked || name.hasSuffix(", " + asked)
  }

  /// Whether a title matches the search, case-insensitively and literally (no wildcards).
  public func matches(title: String) -> Bool {
    guard let search, !search.isEmpty else { return true }
    return title.lowercased().contains(search.lowercased())
  }

  /// Whether a dataset's name matches the search, as a title does (``matches(title:)``): when no
  /// title does, so that `dairy sections per_capita` lists that dataset's sections
  /// (``select(_:)``).
  public func matches(datasetName name: String) -> Bool {
    matches(title: name)
  }

  /// The year range asked for, its open ends closed at `years` (the data's own first and last
  /// years), so that what is drawn or said names real years; nil when neither end is given.
  ///
  /// ```swift
  /// SectionFilter(since: 1990).closedYears(within: 1975...2022)  // 1990...2022
  /// ```
  package func closedYears(within years: ClosedRange<Int64>?) -> ClosedRange<Int64>? {
    guard let end = since?.year ?? until?.last.year else { return nil }
    let low = since?.year ?? years?.lowerBound ?? end
    let high = until?.last.year ?? years?.upperBound ?? low
    return low...max(low, high)
  }

  /// The period keys in range for a section of `frequency`: open ends filled with the extremes.
  /// An empty range (``isEmptyRange``) gives a range of one key, as a closed range cannot be
  /// empty: the queries check ``isEmptyRange`` first.
  package func keys(for frequency: Frequency) -> ClosedRange<Int64> {
    let low = since?.lowerKey(for: frequency) ?? .min
    return low...max(low, until?.upperKey(for: frequency) ?? .max)
  }

  /// The years in range of an annual section (``keys(for:)``).
  package var years: ClosedRange<Int64> { keys(for: .annual) }

  /// True when the range is empty (`since` after `until`).
  package var isEmptyRange: Bool {
    if let since, let until { return since.first > until.last }
    return false
  }
}
