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
    try read(JSONScanner(bytes: bytes, file: file, maxTokenBytes: maxBytes, allowsNUL: true))
  }

  /// Reads metadata from `json` (``read(_:file:)``); a NUL is refused where metadata keeps it,
  /// so `json` should allow it (``JSONScanner/allowsNUL``) to leave the other keys alone.
  package static func read(_ json: JSONScanner) throws -> DatasetMetadata {
    let reading = MetadataReading()
    let root: JSONNode
    do {
      root = try JSONNode.read(from: json)
    } catch let error as DairyError {
      throw reading.failure(at: error.location, error.message)
    }
    let top = try reading.members(
      of: root, at: "the top level", like: #"{"series": {"KEY": {"title": …}}}"#)
    guard let series = top["series"] else {
      throw reading.failure(
        at: root.place,
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
        at: listed[maxSeries].keyPlace,
        "more than \(Grouping.digits(maxSeries)) series, the limit for a metadata file")
    }
    let entries = try reading.members(
      of: series.value, at: #""series""#,
      like: #"{"KEY": {"title": …}}, keyed by the file's names"#
    )
    var described: [String: Series] = [:]
    described.reserveCapacity(entries.ordered.count)
    for entry in entries.ordered {
      let path = ["series", entry.key]
      let fields = try reading.members(
        of: entry.value, at: MetadataReading.quoted(path), like: #"{"title": …, "unit": …}"#)
      try reading.checkNoNUL(entry.key, at: entry.keyPlace, path: path)
      var series = Series()
      for column in SectionFields.Column.allCases where column.isDescribedBySidecar {
        let member = fields[column.rawValue]
        let place = path + [column.rawValue]
        series[column] =
          try column == .title
          ? reading.title(member, at: place, of: "the series") : reading.text(member, at: place)
      }
      described[entry.key] = series
    }
    return DatasetMetadata(facts: facts, series: described)
  }
}

/// The checks of ``DatasetMetadata/read(_:file:)`` on the tree of a sidecar, each problem at
/// its place in the file.
package struct MetadataReading {
  /// An object's members by key, and in the order written (the scanner refused a key given
  /// twice).
  package struct Members {
    package var byKey: [String: JSONNode.Member] = [:]
    package var ordered: [JSONNode.Member] = []
    package subscript(key: String) -> JSONNode.Member? { byKey[key] }
  }

  /// A key path as messages quote it: `"series.Milk.title"`.
  package static func quoted(_ path: [String]) -> String {
    "\"" + path.map(TextEscaping.visible).joined(separator: ".") + "\""
  }

  package func failure(at place: SourceLocation?, _ message: String) -> DairyError {
    DairyError(.input, at: place, "invalid metadata: " + message)
  }

  /// The members of `node`, which must be an object (`like` an example).
  package func members(of node: JSONNode, at place: String, like example: String) throws -> Members
  {
    guard let list = node.members else {
      throw failure(
        at: node.place, "expected an object at \(place), like \(example), found \(node.kind)")
    }
    var members = Members()
    members.byKey.reserveCapacity(list.count)
    for member in list { members.byKey[member.key] = member }
    members.ordered = list
    return members
  }

  /// A field that is text, or null or absent (nil).
  package func text(_ member: JSONNode.Member?, at path: [String]) throws -> String? {
    guard let member else { return nil }
    switch member.value.value {
    case .null: return nil
    case .string(let text):
      try checkNoNUL(text, at: member.value.place, path: path)
      return text
    default:
      throw failure(
        at: member.value.place,
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
        at: member.value.place,
        "\(Self.quoted(path)) is empty; give \(what) a title, or leave \"title\" out")
    }
    return title
  }

  /// SQLite text, as GRDB binds and reads it, ends at the first NUL: such a text would be cut
  /// short without a word, so it is refused instead.
  package func checkNoNUL(_ text: String, at place: SourceLocation, path: [String]) throws {
    guard text.utf8.contains(0) else { return }
    throw failure(
      at: place,
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
    let json = JSONScanner(
      bytes: [UInt8](data), file: name, maxTokenBytes: maxBytes, allowsNUL: true)
    return (try read(json), json.digest.hexDigest)
  }
}
