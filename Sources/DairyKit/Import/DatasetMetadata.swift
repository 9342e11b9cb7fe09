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

  public var title: String?
  public var source: String?
  public var series: [String: Series]

  public init(title: String? = nil, source: String? = nil, series: [String: Series] = [:]) {
    self.title = title
    self.source = source
    self.series = series
  }

  /// The metadata of the series keyed `key`, also when the key differs only by surrounding spaces.
  public func series(forKey key: String) -> Series? {
    if let exact = series[key] { return exact }
    let trimmed = key.trimmingCharacters(in: .whitespaces)
    return series.first { $0.key.trimmingCharacters(in: .whitespaces) == trimmed }?.value
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
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DairyError(.input, at: SourceLocation(file: name), "cannot read the metadata file")
    }
    let bytes = [UInt8](data)
    var hash = SHA256()
    hash.update(bytes)
    return (try read(bytes, file: name), hash.hexDigest)
  }
}
