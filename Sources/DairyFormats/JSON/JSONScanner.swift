import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a JSON document from a file one value at a time, in constant memory, knowing the line
/// and column (in characters) of every byte, so that each error names its place. The reader of a
/// document's shape (``BackupReader``) drives it: a value is read where the shape expects it.
///
/// ```swift
/// let json = try JSONScanner(path: "backup.json")
/// try json.object { key, _ in _ = try json.string() }  // {"a":"b"}
/// try json.end()
/// ```
package final class JSONScanner {
  package let file: String
  /// The longest string or number accepted, in bytes: the CSV reader's field limit, 1 MiB, so
  /// that no value of a backup holds more than a field of a CSV file may.
  package let maxTokenBytes: Int
  private let fd: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var position = 0
  private var count = 0
  /// The place of the next byte.
  package private(set) var line = 1
  package private(set) var column = 1
  package private(set) var bytesRead = 0
  package private(set) var digest = SHA256()

  /// Opens `path`; `file` is how messages name it.
  package init(path: String, file: String? = nil, maxTokenBytes: Int = 1 << 20) throws {
    self.file = file ?? path
    self.maxTokenBytes = maxTokenBytes
    fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DairyError(
        .input, at: SourceLocation(file: self.file), String(cString: strerror(errno)))
    }
  }

  deinit { close(fd) }

  /// Where the next byte is.
  package var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

  /// Where the next value starts, after white space.
  package func valueLocation() throws -> SourceLocation {
    _ = try peek()
    return location
  }

  /// An error at `place` (by default the next byte).
  package func failure(_ message: String, at place: SourceLocation? = nil) -> DairyError {
    DairyError(.input, at: place ?? location, message)
  }

  /// The next byte, not taken; nil at the end of the file.
  package func peekByte() throws -> UInt8? {
    if position == count {
      let got = buffer.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress, $0.count, off_t(bytesRead))
      }
      guard got >= 0 else { throw failure(String(cString: strerror(errno))) }
      buffer.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
      (position, count) = (0, got)
      bytesRead += got
      if got == 0 { return nil }
    }
    return buffer[position]
  }

  /// Takes the next byte.
  @discardableResult
  package func nextByte() throws -> UInt8? {
    guard let byte = try peekByte() else { return nil }
    position += 1
    if byte == 0x0A {
      (line, column) = (line + 1, 1)
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
    return byte
  }

  /// Takes a UTF-8 byte-order mark (the file's first three bytes), which is not a column.
  package func skipByteOrderMark() throws {
    for _ in 0..<3 { try nextByte() }
    column = 1
  }

  /// The next byte after white space, not taken.
  package func peek() throws -> UInt8? {
    while let byte = try peekByte(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      try nextByte()
    }
    return try peekByte()
  }

  /// Takes `byte` (after white space), or fails saying what was expected.
  package func expect(_ byte: UInt8, _ what: String) throws {
    guard try peek() == byte else { throw try unexpected(what) }
    try nextByte()
  }

  /// The error for what stands at the next byte where `what` was expected.
  package func unexpected(_ what: String) throws -> DairyError {
    guard let byte = try peek() else {
      return failure("expected \(what), but the file ends (a backup cut short?)")
    }
    let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "a byte"
    return failure("expected \(what), found \(shown)")
  }

  /// Reads an object, calling `body` with each key and the key's place, once `body` is at the
  /// key's value.
  ///
  /// - Throws: at a key given twice, at any depth (read with "last wins", a second `"rows"`
  ///   would drop the first).
  package func object(_ body: (String, SourceLocation) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "an object ({)")
    if try peek() == UInt8(ascii: "}") {
      try nextByte()
      return
    }
    // A backup's objects have a handful of keys (an unknown one is refused): a list is enough.
    var keys: [(key: String, place: SourceLocation)] = []
    repeat {
      guard try peek() == UInt8(ascii: "\"") else { throw try unexpected("a field name") }
      let place = location
      let key = try string()
      if let first = keys.first(where: { $0.key == key }) {
        throw failure(
          "\(Self.quoted(key)) is given twice in this object: here and at "
            + "\(first.place.line ?? 1):\(first.place.column ?? 1)", at: place)
      }
      keys.append((key, place))
      try expect(UInt8(ascii: ":"), "':' after a field name")
      try body(key, place)
    } while try separator(closing: UInt8(ascii: "}"), "',' or '}' after a field")
  }

  /// Reads an array, calling `body` at each element.
  package func array(_ body: () throws -> Void) throws {
    try expect(UInt8(ascii: "["), "an array ([)")
    if try peek() == UInt8(ascii: "]") {
      try nextByte()
      return
    }
    repeat { try body() } while try separator(closing: UInt8(ascii: "]"), "',' or ']'")
  }

  /// Takes a `,` (true: another element follows) or the closing byte (false).
  private func separator(closing: UInt8, _ what: String) throws -> Bool {
    switch try peek() {
    case UInt8(ascii: ","):
      try nextByte()
      return true
    case closing:
      try nextByte()
      return false
    default:
      throw try unexpected(what)
    }
  }

  /// Whether the next value is `null`, which it then takes.
  package func null() throws -> Bool {
    guard try peek() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  package func literal(_ word: String) throws {
    let place = location
    for expected in word.utf8 where try nextByte() != expected {
      throw failure("expected \(word)", at: place)
    }
  }

  /// Checks that nothing but white space follows the document.
  package func end() throws {
    guard try peek() == nil else { throw try unexpected("the end of the file after the backup") }
  }
}
