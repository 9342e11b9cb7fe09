/// Reads a backup, `dairy export`'s JSON (an ``ExportDocument``), a dataset or a section at a
/// time: each is handed over as soon as it is read, so memory holds one section's rows at most.
/// Every field the export writes is read back; a field it does not write, a value of the wrong
/// type or a JSON error is refused with its line and column.
///
/// ```swift
/// let reader = BackupReader(try JSONScanner(path: "backup.json"))
/// try reader.read(dataset: { print($0.name) }, section: { print($0.title) })
/// ```
struct BackupReader {
  /// A dataset of the backup: its name and what it says of itself.
  struct Dataset {
    var name: String
    var facts = DatasetFacts()
    var place: SourceLocation
  }

  /// A section of the backup, with every field and row.
  struct Section {
    var dataset: String?
    var draft = SectionDraft(key: "", title: "")
    var hasKey = false
    var hasTitle = false
    var decimals: Int?
    var years: [Int64] = []
    var amounts: [Double] = []
    var missing: [(year: Int64, marker: String)] = []
    var place: SourceLocation
  }

  let json: JSONScanner

  init(_ json: JSONScanner) {
    self.json = json
  }

  /// Whether a file's first bytes are a backup's: a JSON object (`{` after an optional UTF-8
  /// byte-order mark and white space).
  static func recognises(head: [UInt8]) -> Bool {
    let bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
    return bytes.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "{")
  }

  /// Reads the whole document, calling `dataset` and `section` with each, in file order.
  func read(dataset: (Dataset) throws -> Void, section: (Section) throws -> Void) throws {
    if try json.peekByte() == 0xEF { try json.skipByteOrderMark() }
    var fields: Set<String> = []
    try json.object { key, place in
      guard fields.insert(key).inserted else {
        throw json.failure("\"\(TextEscaping.visible(key))\" is given twice", at: place)
      }
      switch key {
      case "datasets": try json.array { try dataset(readDataset()) }
      case "sections": try json.array { try section(readSection()) }
      default: throw Self.unknown(key, at: place, in: json, expected: "datasets, sections")
      }
    }
    try json.end()
  }

  private func readDataset() throws -> Dataset {
    var dataset = Dataset(name: "", place: try json.valueLocation())
    var named = false
    try json.object { key, place in
      switch key {
      case "name": (dataset.name, named) = (try json.string(), true)
      case "title": dataset.facts.title = try optionalString()
      case "source": dataset.facts.source = try optionalString()
      case "updated": dataset.facts.updated = try optionalString()
      case "contact": dataset.facts.contact = try optionalString()
      case "notes": dataset.facts.notes = try optionalString()
      case "legend": try json.array { try dataset.facts.legend.append(readLegendEntry()) }
      default:
        throw Self.unknown(
          key, at: place, in: json,
          expected: "name, title, source, updated, contact, notes, legend")
      }
    }
    guard named else { throw json.failure("this dataset has no \"name\"", at: dataset.place) }
    return dataset
  }

  private func readLegendEntry() throws -> DatasetFacts.LegendEntry {
    var entry = DatasetFacts.LegendEntry(marker: "", meaning: "")
    try json.object { key, place in
      switch key {
      case "marker": entry.marker = try json.string()
      case "meaning": entry.meaning = try json.string()
      default: throw Self.unknown(key, at: place, in: json, expected: "marker, meaning")
      }
    }
    return entry
  }

  /// A string, or nil for `null`.
  func optionalString() throws -> String? {
    try json.null() ? nil : json.string()
  }

  static func unknown(
    _ key: String, at place: SourceLocation, in json: JSONScanner, expected: String
  ) -> DairyError {
    json.failure(
      "unknown field \"\(TextEscaping.visible(key))\" (a backup has \(expected))", at: place)
  }
}
