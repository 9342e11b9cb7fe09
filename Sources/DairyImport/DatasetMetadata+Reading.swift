import DairyFormats
import DairyModel
import Foundation

// MARK: - Reading a sidecar, every problem at its line and column

extension DatasetMetadata {
  /// Reads metadata from the bytes of a JSON file: an object with `"series"` (an object of
  /// objects whose fields, those a sidecar may give of a section (`"title"`, `"unit"`,
  /// `"group"`, `"notes"`: ``SectionFields/Column/isDescribedBySidecar``), are text or null)
  /// and, optionally, what it says of the dataset (`"title"` and `"source"`:
  /// ``DatasetFacts/Column/isDescribedBySidecar``). Other keys are left alone.
  ///
  /// ```swift
  /// let metadata = try DatasetMetadata.read(
  ///   Array(#"{"series": {"Milk": {"title": "Milk"}}}"#.utf8), file: "m.json")
  /// metadata.series["Milk"]?[.title]  // "Milk"
  /// ```
  ///
  /// - Throws: ``DairyError`` at the line and column of the first problem, saying what was
  ///   expected there: malformed JSON, a value of the wrong kind, a key given twice, an empty
  ///   title, text holding NUL.
  package static func read(_ bytes: [UInt8], file: String) throws -> DatasetMetadata {
    let reading = MetadataReading(bytes: bytes, file: file)
    let root: JSONNode
    do {
      root = try JSONNode.parse(bytes)
    } catch let error as JSONSyntaxError {
      throw reading.failure(at: error.offset, error.message)
    }
    let top = try reading.members(
      of: root, at: "the top level", like: #"{"series": {"KEY": {"title": …}}}"#)
    guard let series = top["series"] else {
      throw reading.failure(
        at: root.offset,
        #"the top-level object has no "series"; expected {"series": {"KEY": {"title": …}}}"#)
    }
    var facts = DatasetFacts()
    for column in DatasetFacts.Column.allCases where column.isDescribedBySidecar {
      let member = top[column.rawValue]
      facts[column] =
        try column == .title
        ? reading.title(member, at: ["title"], of: "the dataset")
        : reading.text(member, at: [column.rawValue])
    }
    // Counted before they are indexed: what a sidecar past the limit costs stops at its tree.
    if let listed = series.value.members, listed.count > maxSeries {
      throw reading.failure(
        at: listed[maxSeries].keyOffset,
        "more than \(Grouping.digits(maxSeries)) series, the limit for a metadata file")
    }
    let entries = try reading.members(
      of: series.value, at: #""series""#,
      like: #"{"KEY": {"title": …}}, keyed by the file's names"#
    )
    var described: [String: Series] = [:]
    described.reserveCapacity(entries.ordered.count)
    for (key, entry) in entries.ordered {
      let path = ["series", key]
      let fields = try reading.members(
        of: entry.value, at: MetadataReading.quoted(path), like: #"{"title": …, "unit": …}"#)
      try reading.checkNoNUL(key, at: entry.keyOffset, path: path)
      var series = Series()
      for column in SectionFields.Column.allCases where column.isDescribedBySidecar {
        let member = fields[column.rawValue]
        let place = path + [column.rawValue]
        series[column] =
          try column == .title
          ? reading.title(member, at: place, of: "the series") : reading.text(member, at: place)
      }
      described[key] = series
    }
    return DatasetMetadata(facts: facts, series: described)
  }
}

/// The checks of ``DatasetMetadata/read(_:file:)``, each problem at its place in the file.
package struct MetadataReading {
  package let bytes: [UInt8]
  package let file: String

  /// An object's members by key, and in the order written.
  package struct Members {
    package var byKey: [String: JSONNode.Member] = [:]
    package var ordered: [(String, JSONNode.Member)] = []
    package subscript(key: String) -> JSONNode.Member? { byKey[key] }
  }

  /// A key path as messages quote it: `"series.Milk.title"`.
  package static func quoted(_ path: [String]) -> String {
    "\"" + path.map(TextEscaping.visible).joined(separator: ".") + "\""
  }

  package func failure(at offset: Int, _ message: String) -> DairyError {
    DairyError(.input, at: location(of: offset), "invalid metadata: " + message)
  }

  /// The line and column (in characters) of a byte; CRLF, LF and CR end lines.
  package func location(of offset: Int) -> SourceLocation {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < min(offset, bytes.count) {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A || (byte == 0x0D && (index >= bytes.count || bytes[index] != 0x0A)) {
        line += 1
        lineStart = index
      }
    }
    let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) {
      $0 + ($1 & 0xC0 == 0x80 ? 0 : 1)
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  /// The members of `node`, which must be an object (`like` an example), with no key twice.
  package func members(of node: JSONNode, at place: String, like example: String) throws -> Members
  {
    guard let list = node.members else {
      throw failure(
        at: node.offset, "expected an object at \(place), like \(example), found \(node.kind)")
    }
    var members = Members()
    for member in list {
      if let first = members[member.key] {
        let here = location(of: first.keyOffset)
        throw failure(
          at: member.keyOffset,
          "\(place) has the key \"\(TextEscaping.visible(member.key))\" twice: here and at "
            + "\(here.line ?? 1):\(here.column ?? 1)")
      }
      members.byKey[member.key] = member
      members.ordered.append((member.key, member))
    }
    return members
  }

  /// A field that is text, or null or absent (nil).
  package func text(_ member: JSONNode.Member?, at path: [String]) throws -> String? {
    guard let member else { return nil }
    switch member.value.value {
    case .null: return nil
    case .string(let text):
      try checkNoNUL(text, at: member.value.offset, path: path)
      return text
    default:
      throw failure(
        at: member.value.offset,
        "\(Self.quoted(path)) should be text in double quotes (or null), found "
          + member.value.kind)
    }
  }

  /// A title: text with something in it, or null or absent.
  package func title(_ member: JSONNode.Member?, at path: [String], of what: String) throws
    -> String?
  {
    guard let title = try text(member, at: path) else { return nil }
    if title.allSatisfy(\.isWhitespace), let member {
      throw failure(
        at: member.value.offset,
        "\(Self.quoted(path)) is empty; give \(what) a title, or leave \"title\" out")
    }
    return title
  }

  /// SQLite text, as GRDB binds and reads it, ends at the first NUL: such a text would be cut
  /// short without a word, so it is refused instead.
  package func checkNoNUL(_ text: String, at offset: Int, path: [String]) throws {
    guard text.utf8.contains(0) else { return }
    throw failure(
      at: offset,
      "\(Self.quoted(path)) holds a NUL character (\\u0000), which dairy cannot store; remove it")
  }
}

extension DatasetMetadata {
  /// Reads a sidecar. Returns the metadata and the SHA-256 of its bytes.
  ///
  /// - Throws: ``DairyError`` naming the file, and the line and column of the first problem with
  ///   what was expected there, when it cannot be read or is not metadata
  ///   (``read(_:file:)``).
  package static func load(path: String, displayName: String? = nil) throws -> (
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
