import DairyPresentation
import DairyStorage

extension ChartFetch {
  /// Reads the series the fetch asks for, in one snapshot.
  package func series(from database: DairyDatabase) throws -> [ChartSeries] {
    try ChartSelection.read(from: database) { info in
      switch scope {
      case .section(let id): info.id == id
      case .matching(let filter): filter.matches(info)
      }
    }.series
  }
}
