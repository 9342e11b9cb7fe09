/// A lossless dump of the database, for people and for tests.
///
/// JSON: `{"sections":[{"dataset":…,"key":…,"title":…,"unit":…,"group":…,"notes":…,
/// "rows":[{"year":1975,"amount":247.0},…]},…]}` in position order, amounts as the shortest JSON
/// number that parses back to the exact stored double. CSV: the long format
/// `dataset,section,year,amount,unit`, RFC 4180 quoted, which `dairy import` reads back to the same
/// observations.
///
/// ```swift
/// var out = ""
/// try ExportFormat.json.write(database, to: &out)
/// ```
public enum ExportFormat: String, Sendable, CaseIterable {
  case json
  case csv

  /// Writes the whole database to `output`, from one consistent snapshot.
  public func write(_ database: DairyDatabase, to output: inout some TextOutputStream) throws {
    try database.read { snapshot in
      switch self {
      case .json: try Self.writeJSON(snapshot, to: &output)
      case .csv: try Self.writeCSV(snapshot, to: &output)
      }
    }
  }

  private static func writeJSON(
    _ snapshot: DairyDatabase.Snapshot, to output: inout some TextOutputStream
  ) throws {
    output.write("{\"sections\":[")
    for (index, section) in try snapshot.sections().enumerated() {
      output.write(index == 0 ? "\n" : ",\n")
      output.write("{\"dataset\":\(JSONText.string(section.dataset)),")
      output.write("\"key\":\(JSONText.string(section.key)),")
      output.write("\"title\":\(JSONText.string(section.title)),")
      output.write("\"unit\":\(JSONText.optional(section.unit)),")
      output.write("\"group\":\(JSONText.optional(section.group)),")
      output.write("\"notes\":\(JSONText.optional(section.notes)),")
      output.write("\"decimals\":\(section.decimals),")
      output.write("\"rows\":[")
      var first = true
      try snapshot.forEachObservation(of: section.id) { observation in
        output.write(first ? "" : ",")
        first = false
        output.write(JSONText.row(observation))
      }
      output.write("]}")
    }
    output.write("\n]}\n")
  }

  private static func writeCSV(
    _ snapshot: DairyDatabase.Snapshot, to output: inout some TextOutputStream
  ) throws {
    output.write(CSVText.longHeader)
    for section in try snapshot.sections() {
      // One section at a time, streamed: memory stays flat whatever the database's size.
      var batch: [Observation] = []
      try snapshot.forEachObservation(of: section.id) { observation in
        batch.append(observation)
        if batch.count == 4096 {
          CSVText.writeRows(of: section, batch, to: &output)
          batch.removeAll(keepingCapacity: true)
        }
      }
      CSVText.writeRows(of: section, batch, to: &output)
    }
  }
}
