import DairyModel

/// A JSON value as read from a file, with the byte offset where it starts, so that a problem
/// with it (a title that is not text, a key given twice) can name its line and column.
///
/// ```swift
/// let node = try JSONNode.parse(Array(#"{"series": {}}"#.utf8))
/// node.members?.first?.key  // "series"
/// node.members?.first?.value.offset  // 11
/// ```
package struct JSONNode: Sendable, Hashable {
  package enum Value: Sendable, Hashable {
    /// The members in the order written (a key can be there twice; the reader of the node
    /// decides).
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
    package var keyOffset: Int
    package var value: JSONNode
  }

  package var value: Value
  /// The offset of the value's first byte.
  package var offset: Int

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

/// A place where a JSON text breaks the grammar (RFC 8259), and what was expected there.
package struct JSONSyntaxError: Error, Sendable, Hashable {
  /// The offset of the byte where the problem is.
  package var offset: Int
  /// One sentence: what was expected and what was found.
  package var message: String
}

extension JSONNode {
  /// The deepest nesting read: metadata needs three levels; this keeps a file of ten thousand `[`
  /// from exhausting the stack.
  package static let maximumDepth = 64
  /// The most values read: the tree takes some 60 bytes a value, so this keeps a small file of
  /// `[0,0,0,…]` from costing hundreds of megabytes, and 50,000 series
  /// (``DatasetMetadata/maxSeries``) of five values each fit twice over.
  package static let maximumValues = 500_000

  /// Reads `bytes` as one JSON text (a UTF-8 byte-order mark first is skipped).
  ///
  /// - Throws: ``JSONSyntaxError`` at the first byte that breaks the grammar.
  package static func parse(_ bytes: [UInt8]) throws -> JSONNode {
    if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
      throw JSONSyntaxError(offset: bad, message: "this byte is not UTF-8; save the file as UTF-8")
    }
    var reader = JSONReader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipWhitespace()
    let node = try reader.value(depth: 0, after: "the start of the file")
    reader.skipWhitespace()
    if reader.index < bytes.count {
      throw reader.unexpected("the end of the file after the top-level value")
    }
    return node
  }
}
