import Foundation

/// A metadata sidecar: per-series title, unit, group and notes for a CSV file.
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
  package struct Series: Encodable, Sendable, Hashable {
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
      var container = encoder.container(keyedBy: SidecarKey.self)
      for column in SectionFields.Column.allCases {
        if let text = fields[column] {
          try container.encode(text, forKey: SidecarKey(column.rawValue))
        }
      }
    }
  }

  /// The most series a sidecar describes: real ones describe dozens, and one read takes some
  /// 600 bytes a series while the import runs.
  package static let maxSeries = 50_000
  /// The largest sidecar read: it is read whole, as a tree of its values (some 20 bytes of
  /// memory a byte of JSON at worst), and 50,000 series of long titles and notes fit in it.
  package static let maxBytes = 16 << 20

  package var title: String?
  package var source: String?
  package var series: [String: Series] {
    // In place: a `didSet` that does not read the old value lets `series[key] = …` modify it.
    didSet { trimmedKeys = nil }
  }
  /// Each key of `series` trimmed of surrounding spaces, and the key it is: the first in
  /// sorted order when several trim alike. Built with the metadata; nil once `series` changes.
  private var trimmedKeys: [String: String]?

  private enum CodingKeys: String, CodingKey {
    case title, source, series
  }

  /// A sidecar's key named at run time.
  private struct SidecarKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  package init(title: String? = nil, source: String? = nil, series: [String: Series] = [:]) {
    self.title = title
    self.source = source
    self.series = series
    self.trimmedKeys = Self.trimmedKeys(of: series)
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
    (left.title, left.source, left.series) == (right.title, right.source, right.series)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(source)
    hasher.combine(series)
  }

  /// The sidecar that goes with `csvPath`: `STEM.metadata.json` in the same folder.
  package static func sidecarPath(for csvPath: String) -> String {
    let url = URL(fileURLWithPath: csvPath)
    return url.deletingPathExtension().path + ".metadata.json"
  }
}
