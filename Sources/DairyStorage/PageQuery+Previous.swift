import DairyModel
import GRDB

extension PageQuery {
  /// The section's last row before `year`, whatever the year range: the row a page's first row
  /// is compared with for its change from the previous year.
  package func row(of section: Int64, before year: Int64) throws -> Observation? {
    try Observation.fetchAll(
      db,
      sql: "SELECT year, amount FROM observation WHERE sectionId = ? AND year < ? "
        + "ORDER BY year DESC LIMIT 1",
      arguments: [section, year]
    ).first
  }
}
