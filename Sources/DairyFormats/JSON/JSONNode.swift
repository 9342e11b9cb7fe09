import DairyModel

/// A JSON value read whole by the ``JSONScanner``, with the place where it starts, so that a
/// problem with it (a title that is not text) can name its line and column. For small documents
/// whose reader looks at them whole: a metadata sidecar.
///
/// ```swift
/// let json = JSONScanner(bytes: Array(#"{"series": {}}"#.utf8), file: "m.json")
/// let node = try JSONNode.read(from: json)
/// node.members?.first?.key  // "series"
/// node.members?.first?.value.place.column  // 12
/// ```
package struct JSONNode: Sendable, Hashable {
  package enum Value: Sendable, Hashable {
    /// The members in the order written (the scanner refuses a key given twice).
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null
  }

  /// A key of an object, where it is written, and its value.
  package struct Member: Sendable, Hashable {
    package var key: String
    package var keyPlace: SourceLocation
    package var value: JSONNode
  }

  package var value: Value
  /// Where the value's first byte is.
  package var place: SourceLocation

  /// The members of an object; nil for anything else.
  package var members: [Member]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// What the value is, for messages: "an object", "an array", "text", "a number"…
  package var kind: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string: "text"
    case .number: "a number"
    case .bool(let value): value ? "true" : "false"
    case .null: "null"
    }
  }
}

extension JSONNode {
  /// The deepest nesting read: metadata needs three levels; this keeps a file of ten thousand `[`
  /// from exhausting the stack.
  package static let maximumDepth = 64
  /// The most values read: the tree takes some 100 bytes a value, so this keeps a small file of
  /// `[0,0,0,…]` from costing hundreds of megabytes, and 50,000 series
  /// (``DatasetMetadata/maxSeries``) of five values each fit twice over.
  package static let maximumValues = 500_000

  /// Reads the whole document of `json` (after a UTF-8 byte-order mark, if any): one value, then
  /// nothing but white space.
  ///
  /// - Throws: ``DairyError`` at the first byte that breaks the grammar, past
  ///   ``maximumDepth`` or past ``maximumValues``.
  package static func read(from json: JSONScanner) throws -> JSONNode {
    try json.skipByteOrderMark()
    var reader = TreeReader(json: json)
    let node = try reader.value(depth: 0, after: "the start of the file")
    try json.end()
    return node
  }

  /// Reads values whole, counting them.
  private struct TreeReader {
    let json: JSONScanner
    var values = 0

    /// A value, `after` naming what came before it (for the message when none is there).
    mutating func value(depth: Int, after: String) throws -> JSONNode {
      let place = try json.valueLocation()
      values += 1
      guard values <= JSONNode.maximumValues else {
        throw json.failure(
          "more than \(Grouping.digits(JSONNode.maximumValues)) values, the limit for a "
            + "metadata file")
      }
      let value: Value
      switch try json.peek() ?? 0 {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < JSONNode.maximumDepth else {
          throw json.failure("the JSON nests deeper than \(JSONNode.maximumDepth) levels")
        }
        value =
          try json.peek() == UInt8(ascii: "{")
          ? .object(try object(depth: depth + 1)) : .array(try array(depth: depth + 1))
      case UInt8(ascii: "\""): value = .string(try json.string())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try json.numberText("a number").text)
      default:
        if try json.word("true") {
          value = .bool(true)
        } else if try json.word("false") {
          value = .bool(false)
        } else if try json.null() {
          value = .null
        } else {
          throw try json.unexpected(
            "a value after \(after) (an object, an array, text in double quotes, a number, "
              + "true, false or null)")
        }
      }
      return JSONNode(value: value, place: place)
    }

    private mutating func object(depth: Int) throws -> [Member] {
      var members: [Member] = []
      try json.object { key, place in
        let value = try value(depth: depth, after: JSONScanner.quoted(key) + ":")
        members.append(Member(key: key, keyPlace: place, value: value))
      }
      return members
    }

    private mutating func array(depth: Int) throws -> [JSONNode] {
      var elements: [JSONNode] = []
      try json.array {
        elements.append(try value(depth: depth, after: elements.isEmpty ? "\"[\"" : "\",\""))
      }
      return elements
    }
  }
}
