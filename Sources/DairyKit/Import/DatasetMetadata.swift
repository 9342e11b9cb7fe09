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
public struct DatasetMetadata: Codable, Sendable, Hashable {
  /// What one series is called and measured in.
  public struct Series: Codable, Sendable, Hashable {
    public var title: String?
    public var unit: String?
    public var group: String?
    public var notes: String?

    public init(
      title: String? = nil, unit: String? = nil, group: String? = nil, notes: String? = nil
    ) {
      self.title = title
      self.unit = unit
      self.group = group
      self.notes = notes
    }
  }

  /// The most series a sidecar describes: real ones describe dozens, and one read takes some
  /// 600 bytes a series while the import runs.
  public static let maxSeries = 50_000
  /// The largest sidecar read: it is read whole, as a tree of its values (some 20 bytes of
  /// memory a byte of JSON at worst), and 50,000 series of long titles and notes fit in it.
  public static let maxBytes = 16 << 20

  public var title: String?
  public var source: String?
  public var series: [String: Series] {
    // In place: a `didSet` that does not read the old value lets `series[key] = …` modify it.
    didSet { trimmedKeys = nil }
  }
  /// Each key of `series` trimmed of surrounding spaces, and the key it is: the first in
  /// sorted order when several trim alike. Built with the metadata; nil once `series` changes.
  private var trimmedKeys: [String: String]?

  private enum CodingKeys: String, CodingKey {
    case title, source, series
  }

  public init(title: String? = nil, source: String? = nil, series: [String: Series] = [:]) {
    self.title = title
    self.source = source
    self.series = series
    self.trimmedKeys = Self.trimmedKeys(of: series)
  }

  /// The metadata of the series keyed `key`, also when the key differs only by surrounding
  /// spaces (the first such key in sorted order). A hash lookup, unless `series` was changed
  /// since the metadata was made.
  public func series(forKey key: String) -> Series? {
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

  public static func == (left: DatasetMetadata, right: DatasetMetadata) -> Bool {
    (left.title, left.source, left.series) == (right.title, right.source, right.series)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(source)
    hasher.combine(series)
  }

  /// The sidecar that goes with `csvPath`: `STEM.metadata.json` in the same folder.
  public static func sidecarPath(for csvPath: String) -> String {
    let url = URL(fileURLWithPath: csvPath)
    return url.deletingPathExtension().path + ".metadata.json"
  }

  /// Reads a sidecar. Returns the metadata and the SHA-256 of its bytes.
  ///
  /// - Throws: ``DairyError`` naming the file, and the line and column of the first problem with
  ///   what was expected there, when it cannot be read or is not metadata
  ///   (``read(_:file:)``).
  public static func load(path: String, displayName: String? = nil) throws -> (
    DatasetMetadata, String
  ) {
    let name = displayName ?? path
    // Read up to one byte past the limit, so that a larger file (or a device that never ends)
    // is refused without being read whole.
    let cannotRead = DairyError(
      .input, at: SourceLocation(file: name), "cannot read the metadata file")
    guard let handle = FileHandle(forReadingAtPath: path) else { throw cannotRead }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: maxBytes + 1) ?? Data() else { throw cannotRead }
    guard data.count <= maxBytes else {
      throw DairyError(
        .input, at: SourceLocation(file: name),
        "the metadata file is larger than \(maxBytes >> 20) MiB, the limit for a metadata file")
    }
    let bytes = [UInt8](data)
    var hash = SHA256()
    hash.update(bytes)
    return (try read(bytes, file: name), hash.hexDigest)
  }
}
