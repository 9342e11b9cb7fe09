/// `dairy export`'s JSON: every section, in position order, with everything stored about it and
/// every row. The README lists the fields ("JSON output").
///
/// The sections and their rows are not held: they are read as the encoder reaches them, so that
/// memory stays flat whatever the database's size.
///
/// ```swift
/// let document = ExportDocument(sections: StreamedArray { write in
///   for info in infos { try write(ExportDocument.Section(info, rows: StreamedArray { _ in })) }
/// })
/// try JSONOutput.write(document, to: &output)
/// ```
struct ExportDocument: Encodable {
  var sections: StreamedArray<Section>

  /// A section and all its rows.
  struct Section: Encodable {
    var dataset: String
    /// The source's name for the series, as written.
    var key: String
    var title: String
    var unit: String?
    var group: String?
    var notes: String?
    /// The most decimals the source wrote for an amount of this series.
    var decimals: Int
    var rows: StreamedArray<ObservationRecord>

    init(_ info: SectionInfo, rows: StreamedArray<ObservationRecord>) {
      dataset = info.dataset
      key = info.key
      title = info.title
      unit = info.unit
      group = info.group
      notes = info.notes
      decimals = info.decimals
      self.rows = rows
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
