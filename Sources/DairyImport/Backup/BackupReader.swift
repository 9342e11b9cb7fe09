import DairyFormats
import DairyModel

/// Reads a backup, `dairy export`'s JSON (an ``ExportDocument``), a dataset or a section at a
/// time: each is handed over as soon as it is read, so memory holds one section's rows at most.
/// Every field the export writes is read back; a field it does not write, a value of the wrong
/// type or a JSON error is refused with its line and column.
///
/// ```swift
/// let reader = BackupReader(try JSONScanner(path: "backup.json"))
/// try reader.read(dataset: { print($0.name) }, section: { print($0.title) })
/// ```
package struct BackupReader {
  /// A dataset of the backup: its name and what it says of itself.
  package struct Dataset {
    package var name: String
    package var facts = DatasetFacts()
    package var place: SourceLocation
  }

  /// A section of the backup, with every field and row.
  package struct Section {
    package var dataset: String?
    package var draft = SectionFields(key: "", title: "")
    /// The fields the backup gives, to refuse a section without a required one.
    package var given: Set<SectionFields.Column> = []
    package var decimals: Int?
    package var years: [Int64] = []
    package var amounts: [Double] = []
    package var missing: [(year: Int64, marker: String)] = []
    /// The rows the file wrote as a marker (`-` that represents zero), each a row's year.
    package var marks: [(year: Int64, marker: String)] = []
    /// Whether its rows or missing cells were read: its frequency must come before them.
    package var rowsRead = false
    package var place: SourceLocation
  }

  package let json: JSONScanner

  package init(_ json: JSONScanner) {
    self.json = json
  }

  /// Whether a file's first bytes are a backup's: a JSON object (`{` after an optional UTF-8
  /// byte-order mark and white space), in UTF-8 or, to be refused by name, UTF-16 or UTF-32.
  package static func recognises(head: [UInt8]) -> Bool {
    let bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
    return bytes.first { !isWhiteSpace($0) } == UInt8(ascii: "{") || wideEncoding(of: head) != nil
  }

  /// The encoding of a JSON object saved as UTF-16 or UTF-32 (`UTF-16LE`, as iconv names it), told by
  /// its byte-order mark or, without one, by where the NUL bytes of its first characters are; nil
  /// for anything else. A backup is UTF-8, as `dairy export` writes it (RFC 8259 asks for UTF-8).
  package static func wideEncoding(of head: [UInt8]) -> String? {
    let encodings: [(name: String, unit: Int, bigEndian: Bool, mark: [UInt8])] = [
      ("UTF-32BE", 4, true, [0, 0, 0xFE, 0xFF]),
      ("UTF-32LE", 4, false, [0xFF, 0xFE, 0, 0]),
      ("UTF-16BE", 2, true, [0xFE, 0xFF]),
      ("UTF-16LE", 2, false, [0xFF, 0xFE]),
    ]
    for encoding in encodings {
      let start = head.starts(with: encoding.mark) ? encoding.mark.count : 0
      var offset = start
      while offset + encoding.unit <= head.count {
        let bytes = head[offset..<offset + encoding.unit]
        let value = (encoding.bigEndian ? Array(bytes) : bytes.reversed())
          .reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        offset += encoding.unit
        if value < 0x80 && isWhiteSpace(UInt8(value)) { continue }
        if value == 0x7B { return encoding.name }  // {
        break
      }
    }
    return nil
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Refuses a backup in UTF-16 or UTF-32 (``wideEncoding(of:)``), saying what to do.
  package static func checkEncoding(of head: [UInt8], file: String) throws {
    guard let encoding = wideEncoding(of: head) else { return }
    throw DairyError(
      .input, at: SourceLocation(file: file, line: 1, column: 1),
      "this backup is \(encoding) text, and dairy reads backups as UTF-8, as dairy export "
        + "writes them: save it as UTF-8 (iconv -f \(encoding) -t UTF-8) and import it again")
  }

  /// Reads the whole document, calling `dataset` and `section` with each, in file order.
  package func read(dataset: (Dataset) throws -> Void, section: (Section) throws -> Void) throws {
    try json.skipByteOrderMark()
    try json.object { key, place in
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
      if let column = DatasetFacts.Column(rawValue: key) {
        dataset.facts[column] = try optionalString()
        return
      }
      switch key {
      case "name": (dataset.name, named) = (try json.string(), true)
      case "legend": try json.array { try dataset.facts.legend.append(readLegendEntry()) }
      default:
        throw Self.unknown(
          key, at: place, in: json,
          expected: (["name"] + DatasetFacts.Column.allCases.map(\.rawValue) + ["legend"])
            .joined(separator: ", "))
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
  package func optionalString() throws -> String? {
    try json.null() ? nil : json.string()
  }

  package static func unknown(
    _ key: String, at place: SourceLocation, in json: JSONScanner, expected: String
  ) -> DairyError {
    json.failure(
      "unknown field \(JSONScanner.quoted(key)) (a backup has \(expected))", at: place)
  }
}
