import Foundation

/// A metadata sidecar: what a dataset is (its title and source: ``DatasetFacts``) and, per
/// series, its title, unit, group and notes (``SectionFields``), for a CSV file.
///
/// It sits next to the CSV as `STEM.metadata.json` (picked up automatically) or is named with
/// `--metadata`. Series are keyed by the CSV's own names, exactly as in the header (or as the
/// section columns' values join, for long files):
///
/// ```json
/// {"title": "Dairy products", "series": {
///   "Frozen_Yougurt": {"title": "Frozen yogurt", "unit": "lb per person",
///                      "group": "Frozen products", "notes": "Begins in 1989."}}}
/// ```
package struct DatasetMetadata: Encodable, Sendable, Hashable {
  /// What the sidecar says of one series: the fields it gives (``SectionFields/Column``, those
  /// ``SectionFields/Column/isDescribedBySidecar``), under the same names.
  package struct Series: FieldColumns, Encodable, Sendable, Hashable {
    package typealias Column = SectionFields.Column

    package var fields: [SectionFields.Column: String]

    package init(_ fields: [SectionFields.Column: String] = [:]) {
      self.fields = fields
    }

    package subscript(column: SectionFields.Column) -> String? {
      get { fields[column] }
      set { fields[column] = newValue }
    }

    /// As a sidecar writes it: each field it gives, by name.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: DocumentKey.self)
      try container.encodeIfPresent(self)
    }
  }

  /// The most series a sidecar describes: real ones describe dozens, and one read takes some
  /// 600 bytes a series while the import runs.
  package static let maxSeries = 50_000
  /// The largest sidecar read: it is read whole, as a tree of its values (some 20 bytes of
  /// memory a byte of JSON at worst), and 50,000 series of long titles and notes fit in it.
  package static let maxBytes = 16 << 20

  /// What the sidecar says of the dataset: the fields of ``DatasetFacts`` it gives (those
  /// ``DatasetFacts/Column/isDescribedBySidecar``), which replace what the file says.
  package var facts: DatasetFacts
  package var series: [String: Series] {
    // In place: a `didSet` that does not read the old value lets `series[key] = …` modify it.
    didSet { trimmedKeys = nil }
  }
  /// Each key of `series` trimmed of surrounding spaces, and the key it is: the first in
  /// sorted order when several trim alike. Built with the metadata; nil once `series` changes.
  private var trimmedKeys: [String: String]?

  package init(facts: DatasetFacts = DatasetFacts(), series: [String: Series] = [:]) {
    self.facts = facts
    self.series = series
    self.trimmedKeys = Self.trimmedKeys(of: series)
  }

  /// As a sidecar writes it: each text field it gives of the dataset, then its series.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DocumentKey.self)
    try container.encodeIfPresent(facts)
    try container.encode(series, forKey: "series")
  }

  /// The metadata of the series keyed `key`, also when the key differs only by surrounding
  /// spaces (the first such key in sorted order). A hash lookup, unless `series` was changed
  /// since the metadata was made.
  package func series(forKey key: String) -> Series? {
    if let exact = series[key] { return exact }
    let trimmed = key.trimmingCharacters(in: .whitespaces)
    if let trimmedKeys { return trimmedKeys[trimmed].flatMap { series[$0] } }
    return series.filter { $0.key.trimmingCharacters(in: .whitespaces) == trimmed }
      .min { $0.key < $1.key }?.value
  }

  private static func trimmedKeys(of series: [String: Series]) -> [String: String] {
    var keys: [String: String] = [:]
    for key in series.keys {
      let trimmed = key.trimmingCharacters(in: .whitespaces)
      if let other = keys[trimmed], other < key { continue }
      keys[trimmed] = key
    }
    return keys
  }

  package static func == (left: DatasetMetadata, right: DatasetMetadata) -> Bool {
    (left.facts, left.series) == (right.facts, right.series)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(facts)
    hasher.combine(series)
  }

  /// The sidecar that goes with `csvPath`: `STEM.metadata.json` in the same folder.
  package static func sidecarPath(for csvPath: String) -> String {
    let url = URL(fileURLWithPath: csvPath)
    return url.deletingPathExtension().path + ".metadata.json"
  }
}
