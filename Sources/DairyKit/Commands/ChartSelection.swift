/// The sections a ``ChartRequest`` selects, read in one snapshot as chart series, with the
/// `--section` titles that named none.
///
/// ```swift
/// let selection = try ChartSelection.read(ChartRequest(searches: ["yogurt"]), from: database)
/// selection.series.map(\.title)  // ["Yogurt", "Frozen yogurt"]…
/// ```
public struct ChartSelection: Sendable, Hashable {
  public var series: [ChartSeries]
  /// The `--section` titles that no section has.
  public var unknownTitles: [String]

  /// Reads the sections `request` selects, in the order `dairy sections` lists them.
  public static func read(_ request: ChartRequest, from database: DairyDatabase) throws
    -> ChartSelection
  {
    let selection = try read(from: database) { request.selects(title: $0.title) }
    let titles = Set(selection.series.map { $0.title.lowercased() })
    let unknown = request.sections.filter { !titles.contains($0.lowercased()) }
    return ChartSelection(series: selection.series, unknownTitles: unknown)
  }

  /// Reads the sections `selects` picks, in the order `dairy sections` lists them.
  static func read(from database: DairyDatabase, selecting selects: (SectionInfo) -> Bool)
    throws -> ChartSelection
  {
    try database.read { snapshot in
      let datasets = try snapshot.datasets()
      let infos = try snapshot.sections().filter(selects)
      let series = try infos.map { info in
        let dataset = datasets.first { $0.name == info.dataset } ?? DatasetInfo(name: info.dataset)
        let section = Section(info: info, rows: try snapshot.observations(of: info.id))
        return ChartSeries(section: section, dataset: dataset)
      }
      return ChartSelection(series: series, unknownTitles: [])
    }
  }

  /// The years from the earliest point of any series to the latest; nil without points.
  static func years(of series: [ChartSeries]) -> ClosedRange<Int64>? {
    let firsts = series.compactMap { $0.points.first?.year }
    let lasts = series.compactMap { $0.points.last?.year }
    guard let low = firsts.min(), let high = lasts.max() else { return nil }
    return low...high
  }
}
