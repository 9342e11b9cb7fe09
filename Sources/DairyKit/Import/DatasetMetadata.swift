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
  /// - Throws: ``DairyError`` naming the file (and line and column where JSON says) when it cannot
  ///   be read or is not metadata.
  public static func load(path: String, displayName: String? = nil) throws -> (
    DatasetMetadata, String
  ) {
    let name = displayName ?? path
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DairyError(.input, at: SourceLocation(file: name), "cannot read the metadata file")
    }
    var hash = SHA256()
    hash.update([UInt8](data))
    let metadata: DatasetMetadata
    do {
      metadata = try JSONDecoder().decode(DatasetMetadata.self, from: data)
    } catch let error as DecodingError {
      throw DairyError(
        .input, at: location(of: error, in: name), "invalid metadata: \(describe(error))")
    } catch {
      throw DairyError(.input, at: SourceLocation(file: name), "invalid metadata: \(error)")
    }
    if let place = metadata.textWithNUL() {
      throw DairyError(
        .input, at: SourceLocation(file: name),
        "invalid metadata: \(place) holds a NUL character (\\u0000), which dairy cannot store; remove it"
      )
    }
    return (metadata, hash.hexDigest)
  }

  /// Where the first text holding NUL is, or nil. SQLite text, as GRDB binds and reads it, ends at
  /// the first NUL: such a text would be cut short without a word, so it is refused instead.
  func textWithNUL() -> String? {
    func hasNUL(_ text: String?) -> Bool { text?.utf8.contains(0) ?? false }
    if hasNUL(title) { return "\"title\"" }
    if hasNUL(source) { return "\"source\"" }
    for (key, series) in series.sorted(by: { $0.key < $1.key }) {
      let fields = [
        ("", key), ("title", series.title), ("unit", series.unit), ("group", series.group),
        ("notes", series.notes),
      ]
      if let field = fields.first(where: { hasNUL($0.1) })?.0 {
        let place = ["series", TextEscaping.visible(key)] + (field.isEmpty ? [] : [field])
        return "\"" + place.joined(separator: ".") + "\""
      }
    }
    return nil
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
      return "not valid JSON" + ((underlying as? String).map { " (\($0))" } ?? "")
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context.codingPath)) should be text (\(context.debugDescription))"
    @unknown default:
      return "\(error)"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.isEmpty
      ? "the top level"
      : "\"" + keys.map { TextEscaping.visible($0.stringValue) }.joined(separator: ".") + "\""
  }

  /// JSON parse errors say "around line L, column C"; keep that place when it is there.
  private static func location(of error: DecodingError, in file: String) -> SourceLocation {
    guard case .dataCorrupted(let context) = error,
      let text = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
        as? String,
      let range = text.range(of: #"line (\d+), column (\d+)"#, options: .regularExpression)
    else { return SourceLocation(file: file) }
    let numbers = text[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard numbers.count == 2 else { return SourceLocation(file: file) }
    return SourceLocation(file: file, line: numbers[0], column: numbers[1])
  }
}
