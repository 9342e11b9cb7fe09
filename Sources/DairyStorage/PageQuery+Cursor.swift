import DairyModel
import GRDB

extension PageQuery {
  /// The index among `matching` of the section `cursor` ends in, when the cursor was made from
  /// the data as it is now.
  ///
  /// - Throws: ``DairyError`` `.stale` when the cursor's dataset was imported again since (its
  ///   version differs, or its section is gone) or the cursor has no version; `.usage` when its
  ///   section is there, unchanged, but the search does not match it.
  package func index(of cursor: PageCursor, in matching: [SectionInfo]) throws -> Int {
    guard let version = cursor.version else {
      throw DairyError(
        .stale,
        "the cursor \(cursor) does not say which import it was made from (an older dairy printed "
          + "it)")
    }
    if let found = matching.firstIndex(where: { $0.id == cursor.section }),
      matching[found].version == version
    {
      return found
    }
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT dataset.name, dataset.version FROM section
        JOIN dataset ON dataset.id = section.datasetId WHERE section.id = ?
        """,
      arguments: [cursor.section])
    guard let row else {
      throw DairyError(
        .stale, "the cursor \(cursor) is in a section that is gone: its data was imported again")
    }
    let (dataset, now): (String, Int64) = (row[0], row[1])
    guard now == version else {
      throw DairyError(
        .stale,
        "the cursor \(cursor) was made from another version of \(dataset), which is now v\(now) "
          + "(imported again since)")
    }
    throw DairyError(.usage, "the cursor \(cursor) is in a section the search does not match")
  }
}
