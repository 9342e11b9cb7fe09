import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// A lossless dump of the database, for people and for tests, written from one consistent
/// snapshot as it is read: one section at a time, so memory stays flat whatever the size.
///
/// JSON is an ``ExportDocument``, a full backup that `dairy import` reads back: every dataset
/// and section with all it stores, every row and missing cell and the marks of rows (`-` that
/// represents zero), amounts as the shortest JSON
/// number that parses back to the exact stored double. CSV is the long format
/// `dataset,section,year,amount,unit,key,group,notes,link,marker` (``LongFormatCSV``): a row per
/// observation (its marker, if the file wrote one for it: `-` that represents zero) and per
/// missing cell (an empty amount, and its marker), which `dairy import` reads back to the same
/// sections (keys, titles, units, groups, notes), observations, missing cells and marks.
/// `datasette` is not the data but what it is: the `metadata.json` for
/// `datasette DATABASE --metadata metadata.json` (``DatasetteMetadata``), whose views show the
/// data.
///
/// ```swift
/// var out = ""
/// try ExportFormat.json.write(database, to: &out)
/// ```
package enum ExportFormat: String, Sendable, CaseIterable {
  case json
  case csv
  case datasette

  /// Writes the whole database to `output`, from one consistent snapshot; with `dataset`, that
  /// dataset alone (`--dataset`), a backup of it.
  ///
  /// - Throws: ``DairyError`` (usage) for a `dataset` no dataset is named, with the close names,
  ///   or a `dataset` with `datasette`.
  package func write(
    _ database: DairyDatabase, dataset: String? = nil, to output: inout some TextOutputStream
  ) throws {
    if self == .datasette, dataset != nil {
      throw DairyError(
        .usage,
        "--dataset does not go with --format datasette, which describes the whole database")
    }
    try database.read { snapshot in
      try snapshot.requireDataset(dataset)
      let sections = try snapshot.sections().filter { dataset == nil || $0.dataset == dataset }
      switch self {
      case .json: try Self.writeJSON(snapshot, sections, dataset: dataset, to: &output)
      case .csv: try Self.writeCSV(snapshot, sections, to: &output)
      case .datasette:
        try Self.writeDatasette(
          snapshot, name: DatasetteMetadata.databaseName(ofPath: database.path), to: &output)
      }
    }
  }

  private static func writeJSON(
    _ snapshot: DairyDatabase.Snapshot, _ sections: [SectionInfo], dataset: String?,
    to output: inout some TextOutputStream
  ) throws {
    let document = ExportDocument(
      datasets: try snapshot.datasets().filter { dataset == nil || $0.name == dataset },
      sections: StreamedArray { write in
        for info in sections {
          let rows = StreamedArray<Observation> { write in
            try snapshot.forEachObservation(of: info.id) { try write($0) }
          }
          var missing: [ExportDocument.MissingRecord] = []
          try snapshot.forEachMissingCell(of: info.id) {
            missing.append(ExportDocument.MissingRecord(year: $0, marker: $1))
          }
          let marks = try snapshot.marks(of: info.id).sorted { $0.key < $1.key }.map {
            ExportDocument.MissingRecord(year: $0.key, marker: $0.value)
          }
          try write(ExportDocument.Section(info, rows: rows, missing: missing, marks: marks))
        }
      })
    try JSONOutput.write(document, to: &output)
  }

  private static func writeCSV(
    _ snapshot: DairyDatabase.Snapshot, _ sections: [SectionInfo],
    to output: inout some TextOutputStream
  ) throws {
    let describing = LongFormatCSV.describedFields(of: sections)
    output.write(
      LongFormatCSV.header(
        for: Observation.self, describing: describing,
        periods: LongFormatCSV.writesPeriods(of: sections), marked: true))
    for section in sections {
      let writer = LongFormatCSV.SectionWriter(section, describing: describing)
      // Missing cells and marks are few beside the rows: held, and merged in by period.
      var missing: [(year: Int64, marker: String)] = []
      try snapshot.forEachMissingCell(of: section.id) { missing.append(($0, $1)) }
      let marks = try snapshot.marks(of: section.id)
      var next = missing.startIndex
      try snapshot.forEachObservation(of: section.id) { observation in
        while next < missing.endIndex && missing[next].year < observation.year {
          writer.write(
            MissingYear(year: missing[next].year), marker: missing[next].marker, to: &output)
          next += 1
        }
        writer.write(observation, marker: marks[observation.year] ?? "", to: &output)
      }
      for cell in missing[next...] {
        writer.write(MissingYear(year: cell.year), marker: cell.marker, to: &output)
      }
    }
  }

  private static func writeDatasette(
    _ snapshot: DairyDatabase.Snapshot, name: String, to output: inout some TextOutputStream
  ) throws {
    let tables = DairyDatabase.catalogue.map { entry in
      var table = DatasetteMetadata.Table(title: entry.title, description: entry.description)
      table.hidden = entry.isInternal
      for column in entry.columns { table.columns.append(column.name, column.description) }
      if entry.name == "observations" { table.facets = ["dataset", "unit"] }
      return (name: entry.name, table: table)
    }
    let metadata = DatasetteMetadata(
      databaseName: name, datasets: try snapshot.datasets(), sections: try snapshot.sections(),
      tables: tables, amounts: (table: "observations", column: "amount"))
    try JSONOutput.write(metadata, to: &output)
  }
}
