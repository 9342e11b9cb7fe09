@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The CSV source, which cuts a row wider than the header after its first field too many and
/// counts the rest leniently, against the reader, which reads every field strictly.
enum SourceCheck {
  /// The separator the import reads `path` with, which must not depend on the read size.
  static func separator(_ path: String, readSize: Int) -> CSVSeparator {
    let detected = try? CSVSource(path: path).separator
    let chunked = try? CSVSource(
      reader: try CSVReader(path: path, readSize: readSize), separator: nil
    ).separator
    require(
      detected == chunked,
      "the separator depends on the read size: \(String(describing: detected)), "
        + String(describing: chunked))
    return detected ?? .comma
  }

  static func run(
    _ path: String, reader whole: ReaderCheck, readSize: Int, separator: CSVSeparator
  ) {
    guard let header = whole.records.first else { return }
    let width = header.cells.count
    var rows: [TableRow] = []
    var error: DairyError?
    do {
      let source = try CSVSource(
        reader: try CSVReader(path: path, readSize: readSize), separator: separator)
      _ = try source.nextTable()
      var row = TableRow()
      while try source.nextRow(into: &row) { rows.append(row) }
    } catch let thrown as DairyError {
      error = thrown
    } catch {
      fatalError("the source threw something else than a DairyError: \(error)")
    }
    // The source parses what the reader parses, less the rest of a cut row: it stops where the
    // reader does, or reads on past a cut row the reader failed in.
    let readOn = rows.count > whole.records.count
    require(
      readOn || (rows.count == whole.records.count && error == whole.error),
      "the source stopped at \(String(describing: error)), the reader at \(whole)")
    for (index, row) in rows.enumerated() {
      guard index < whole.records.count else {
        require(whole.error != nil && index == whole.records.count, "the source read on")
        require(row.count == width + 1, "a row the reader refused was not cut: \(row.cells)")
        return
      }
      check(row, against: whole.records[index], width: width)
    }
  }

  private static func check(_ row: TableRow, against record: ReaderCheck.Record, width: Int) {
    let fields = record.cells.count
    if fields <= width {
      require(row.cells == record.cells && row.bytes == record.bytes, "a row changed")
    } else {
      require(
        row.count == width + 1
          && Array(row.cells.prefix(width)) == Array(record.cells.prefix(width))
          && row.cells[width].place.offset == record.cells[width].place.offset,
        "a wide row was not cut after its first field too many: \(row.cells)")
    }
    let message = row.defect?.message
    require(
      fields == width
        ? message == nil : message?.hasPrefix("this row has \(fields) fields") == true,
      "a row of \(fields) fields under \(width) says \(String(describing: message))")
  }
}
