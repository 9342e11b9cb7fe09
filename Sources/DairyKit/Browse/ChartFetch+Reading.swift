import DairyPresentation
import DairyStorage

extension ChartFetch {
  /// Reads the series the fetch asks for, in one snapshot.
  package func series(from database: DairyDatabase) throws -> [ChartSeries] {
    try ChartSelection.read(from: database) { sections in
      switch scope {
      case .section(let id): sections.filter { $0.id == id }
      case .matching(let filter): filter.select(sections)
      }
    }.series
  }
}
