import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// The sections a ``ChartRequest`` selects, read in one snapshot as chart series, with the
/// `--section` titles that named none.
///
/// ```swift
/// let selection = try ChartSelection.read(ChartRequest(searches: ["yogurt"]), from: database)
/// selection.series.map(\.title)  // ["Yogurt", "Frozen yogurt"]…
/// ```
package struct ChartSelection: Sendable, Hashable {
  package var series: [ChartSeries]
  /// The `--section` titles that no section has.
  package var unknownTitles: [String]
  /// Every section's title in the database, to suggest close ones when a name matches none.
  package var titles: [String] = []
  /// How many selected sections were left out for being of another frequency than the first
  /// (a chart's axis counts one kind of period), by frequency.
  package var leftOut: [Frequency: Int] = [:]

  /// Reads the sections `request` selects, in the order `dairy sections` lists them.
  package static func read(_ request: ChartRequest, from database: DairyDatabase) throws
    -> ChartSelection
  {
    var titles: Set<String> = []
    if let dataset = request.dataset {
      try database.read { try $0.requireDataset(dataset) }
    }
    var selection = try read(from: database) { sections in
      let chosen = request.select(sections)
      for info in chosen { titles.insert(info.title.lowercased()) }
      return chosen
    }
    selection.unknownTitles = request.sections.filter { !titles.contains($0.lowercased()) }
    return selection
  }

  /// Reads the sections `select` picks of every section (keeping their order: the order `dairy
  /// sections` lists them).
  package static func read(
    from database: DairyDatabase, selecting select: ([SectionInfo]) -> [SectionInfo]
  ) throws -> ChartSelection {
    try database.read { snapshot in
      let datasets = try snapshot.datasets()
      let all = try snapshot.sections()
      let infos = select(all)
      // One kind of period an axis: the first section's frequency.
      let frequency = infos.first?.frequency ?? .annual
      var leftOut: [Frequency: Int] = [:]
      for info in infos where info.frequency != frequency {
        leftOut[info.frequency, default: 0] += 1
      }
      let series = try infos.filter { $0.frequency == frequency }.map { info in
        let dataset = datasets.first { $0.name == info.dataset } ?? DatasetInfo(name: info.dataset)
        let section = Section(info: info, rows: try snapshot.observations(of: info.id))
        return ChartSeries(section: section, dataset: dataset)
      }
      return ChartSelection(
        series: series, unknownTitles: [], titles: all.map(\.title), leftOut: leftOut)
    }
  }
}
