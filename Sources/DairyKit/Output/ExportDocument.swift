/// `dairy export`'s JSON, a full backup: every dataset with all it stores, then every section,
/// in position order, with everything stored about it, every row and every missing cell.
/// `dairy import` reads it back (``BackupReader``). The README lists the fields ("JSON output").
///
/// The sections and their rows are not held: they are read as the encoder reaches them, so that
/// memory stays flat whatever the database's size.
///
/// ```swift
/// let document = ExportDocument(
///   datasets: datasets,
///   sections: StreamedArray { write in
///     for info in infos {
///       try write(ExportDocument.Section(info, rows: StreamedArray { _ in }, missing: []))
///     }
///   })
/// try JSONOutput.write(document, to: &output)
/// ```
struct ExportDocument: Encodable {
  /// Every dataset, written with every field of its ``DatasetInfo``.
  var datasets: [DatasetInfo]
  var sections: StreamedArray<Section>

  /// A cell that holds no value: its year, and the marker it held (`""` when empty).
  struct MissingRecord: Encodable {
    var year: Int64
    var marker: String
  }

  /// A section and all its rows.
  struct Section: Encodable {
    var dataset: String
    /// The source's name for the series, as written.
    var key: String
    var title: String
    var unit: String?
    var group: String?
    var notes: String?
    /// The decimals its amounts display with.
    var decimals: Int
    var rows: StreamedArray<ObservationRecord>
    var missing: [MissingRecord]

    init(
      _ info: SectionInfo, rows: StreamedArray<ObservationRecord>, missing: [MissingRecord]
    ) {
      dataset = info.dataset
      key = info.key
      title = info.title
      unit = info.unit
      group = info.group
      notes = info.notes
      decimals = info.decimals
      self.rows = rows
      self.missing = missing
    }
  }
}

/// A JSON array whose elements are made as the encoder reaches it, one at a time, and not kept.
struct StreamedArray<Element: Encodable>: Encodable {
  /// Calls its argument with each element, in order.
  let elements: ((Element) throws -> Void) throws -> Void

  init(_ elements: @escaping ((Element) throws -> Void) throws -> Void) {
    self.elements = elements
  }

  func encode(to encoder: any Encoder) throws {
    var array = encoder.unkeyedContainer()
    try elements { try array.encode($0) }
  }
}
