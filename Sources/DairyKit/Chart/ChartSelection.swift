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

  /// Reads the sections `request` selects, in the order `dairy sections` lists them.
  package static func read(_ request: ChartRequest, from database: DairyDatabase) throws
    -> ChartSelection
  {
    let selection = try read(from: database) { request.selects(title: $0.title) }
    let titles = Set(selection.series.map { $0.title.lowercased() })
    let unknown = request.sections.filter { !titles.contains($0.lowercased()) }
    return ChartSelection(series: selection.series, unknownTitles: unknown)
  }

  /// Reads the sections `selects` picks, in the order `dairy sections` lists them.
  package static func read(from database: DairyDatabase, selecting selects: (SectionInfo) -> Bool)
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
}
