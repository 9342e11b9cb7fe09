import DairyModel

/// The byte-level JSON reader behind ``JSONNode/parse(_:)``: strict RFC 8259 (no trailing
/// commas, no comments, no bare words), over bytes already known to be UTF-8.
package struct JSONReader {
  package let bytes: [UInt8]
  package var index = 0
  /// How many values have been read, to stop at ``JSONNode/maximumValues``.
  private var values = 0

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  package mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  /// A syntax error here: `expected` was expected, and what is here was found.
  package func unexpected(_ expected: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, message: "expected \(expected), found \(found)")
  }

  /// What is at the reader's place, for messages: `"]"`, `"true"`, the end of the file.
  package var found: String {
    guard index < bytes.count else { return "the end of the file" }
    if bytes[index] == UInt8(ascii: "\"") { return "a double quote" }
    var end = index + 1
    func isWordByte(_ byte: UInt8) -> Bool {
      (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte >= 0x80
    }
    if isWordByte(bytes[index]) {
      while end < bytes.count && end - index < 20 && isWordByte(bytes[end]) { end += 1 }
    }
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "\"" + TextEscaping.visible(String(decoding: bytes[index..<end], as: UTF8.self)) + "\""
  }

  /// A value, `after` naming what came before it (for the message when none is there).
  package mutating func value(depth: Int, after: String) throws -> JSONNode {
    let start = index
    func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, offset: start) }
    values += 1
    guard values <= JSONNode.maximumValues else {
      throw JSONSyntaxError(
        offset: start,
        message: "more than \(Grouping.digits(JSONNode.maximumValues)) values, the limit for a "
          + "metadata file")
    }
    switch current ?? 0 {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < JSONNode.maximumDepth else {
        throw JSONSyntaxError(
          offset: start, message: "the JSON nests deeper than \(JSONNode.maximumDepth) levels")
      }
      return current == UInt8(ascii: "{")
        ? node(.object(try object(depth: depth + 1))) : node(.array(try array(depth: depth + 1)))
    case UInt8(ascii: "\""): return node(.string(try string()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return node(.number(try number()))
    case UInt8(ascii: "t") where literal("true"): return node(.bool(true))
    case UInt8(ascii: "f") where literal("false"): return node(.bool(false))
    case UInt8(ascii: "n") where literal("null"): return node(.null)
    default:
      throw unexpected(
        "a value after \(after) (an object, an array, text in double quotes, a number, true, "
          + "false or null)")
    }
  }

  /// Reads `word` when it is here, and not the start of a longer word.
  private mutating func literal(_ word: String) -> Bool {
    let end = index + word.utf8.count
    guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { return false }
    if end < bytes.count, (0x61...0x7A).contains(bytes[end] | 0x20) { return false }
    index = end
    return true
  }

  private mutating func object(depth: Int) throws -> [JSONNode.Member] {
    var members: [JSONNode.Member] = []
    if isEmpty(closedBy: "}") { return members }
    while true {
      guard current == UInt8(ascii: "\"") else {
        throw unexpected(
          members.isEmpty ? "a key in double quotes or \"}\"" : "a key in double quotes after \",\""
        )
      }
      let keyOffset = index
      let key = try string()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw unexpected("\":\" after the key") }
      index += 1
      skipWhitespace()
      let described = "\"" + TextEscaping.visible(key) + "\""
      members.append(
        .init(
          key: key, keyOffset: keyOffset, value: try value(depth: depth, after: described + ":")))
      if try isClosed(by: "}", after: "the value of \(described)") { return members }
    }
  }

  private mutating func array(depth: Int) throws -> [JSONNode] {
    var elements: [JSONNode] = []
    if isEmpty(closedBy: "]") { return elements }
    while true {
      elements.append(try value(depth: depth, after: elements.isEmpty ? "\"[\"" : "\",\""))
      if try isClosed(by: "]", after: "an element of the array") { return elements }
    }
  }

  /// Steps over an object's or an array's opening; true when `closing` follows at once.
  private mutating func isEmpty(closedBy closing: Unicode.Scalar) -> Bool {
    index += 1
    skipWhitespace()
    guard current == UInt8(ascii: closing) else { return false }
    index += 1
    return true
  }

  /// After a member or an element: true at `closing` (stepped over), false after a comma.
  private mutating func isClosed(by closing: Unicode.Scalar, after what: String) throws -> Bool {
    skipWhitespace()
    switch current {
    case UInt8(ascii: ","):
      index += 1
      skipWhitespace()
      return false
    case UInt8(ascii: closing):
      index += 1
      return true
    default:
      throw unexpected("\",\" or \"\(closing)\" after \(what)")
    }
  }
}
