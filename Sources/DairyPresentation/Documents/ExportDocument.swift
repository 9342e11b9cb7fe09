import DairyImport
import DairyModel

/// `dairy export`'s JSON, a full backup: every dataset with all it stores, then every section,
/// in position order, with everything stored about it, every row, every missing cell and the
/// marks of the rows the file wrote as a marker (`-` that represents zero).
/// `dairy import` reads it back (``BackupReader``). docs/json.md lists the fields.
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
package struct ExportDocument: Encodable {
  /// Every dataset, written with every field of its ``DatasetInfo``.
  package var datasets: [DatasetInfo]
  package var sections: StreamedArray<Section>

  /// A cell that holds no value: its year, and the marker it held (`""` when empty); or, in
  /// `marks`, a row's year and the marker the file wrote for its value.
  package struct MissingRecord: Encodable {
    package var year: Int64
    package var marker: String

    package init(year: Int64, marker: String) {
      self.year = year
      self.marker = marker
    }
  }

  /// A section and all its rows: its dataset, every one of its fields (``SectionFields``), the
  /// decimals its amounts display with, its rows, its missing cells and its rows' marks.
  package struct Section: Encodable {
    package var dataset: String
    package var fields: SectionFields
    /// The decimals its amounts display with.
    package var decimals: Int
    package var rows: StreamedArray<Observation>
    package var missing: [MissingRecord]
    /// The rows the file wrote as a marker its legend gives a value (`-` that represents zero);
    /// left out of the document when there are none.
    package var marks: [MissingRecord]

    package init(
      _ info: SectionInfo, rows: StreamedArray<Observation>, missing: [MissingRecord],
      marks: [MissingRecord] = []
    ) {
      dataset = info.dataset
      fields = info.fields
      decimals = info.decimals
      self.rows = rows
      self.missing = missing
      self.marks = marks
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encode(dataset, forKey: "dataset")
      try container.encode(fields, SectionFields.alwaysWritten)
      try container.encodeIfPresent(fields, SectionFields.writtenWhenGiven)
      try container.encode(decimals, forKey: "decimals")
      let frequency = fields.frequency
      guard frequency != .annual else {
        try container.encode(rows, forKey: "rows")
        try container.encode(missing, forKey: "missing")
        // Written only when there are some: most sections have none, and a backup without
        // marks reads as it always did.
        if !marks.isEmpty { try container.encode(marks, forKey: "marks") }
        return
      }
      // Not annual: each row and cell names its period as text (`"period":"2020-03"`).
      let periodRows = StreamedArray<PeriodEntry<Double>> { write in
        try rows.elements { try write(PeriodEntry($0.year, frequency, "amount", $0.amount)) }
      }
      try container.encode(periodRows, forKey: "rows")
      try container.encode(
        missing.map { PeriodEntry($0.year, frequency, "marker", $0.marker) }, forKey: "missing")
      if !marks.isEmpty {
        try container.encode(
          marks.map { PeriodEntry($0.year, frequency, "marker", $0.marker) }, forKey: "marks")
      }
    }
  }

  package init(datasets: [DatasetInfo], sections: StreamedArray<Section>) {
    self.datasets = datasets
    self.sections = sections
  }
}

/// A JSON array whose elements are made as the encoder reaches it, one at a time, and not kept.
package struct StreamedArray<Element: Encodable>: Encodable {
  /// Calls its argument with each element, in order.
  package let elements: ((Element) throws -> Void) throws -> Void

  package init(_ elements: @escaping ((Element) throws -> Void) throws -> Void) {
    self.elements = elements
  }

  package func encode(to encoder: any Encoder) throws {
    var array = encoder.unkeyedContainer()
    try elements { try array.encode($0) }
  }
}
