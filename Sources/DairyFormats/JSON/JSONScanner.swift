import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dairy`'s one JSON reader (strict RFC 8259: no trailing commas, no comments, no bare words).
/// It reads a document one value at a time, in constant memory, knowing the line and column (in
/// characters; CRLF, LF and CR end lines) of every byte, so that each error names its place and
/// says what was expected there. The reader of a document's shape drives it: a backup's
/// (``BackupReader``) reads a value where the shape expects it; a metadata sidecar's reads a
/// small tree of it first (``JSONNode/read(from:)``).
///
/// ```swift
/// let json = try JSONScanner(path: "backup.json")
/// try json.object { key, _ in _ = try json.string() }  // {"a":"b"}
/// try json.end()
/// ```
package final class JSONScanner {
  package let file: String
  /// The longest string or number accepted, in bytes: by default the CSV reader's field limit,
  /// 1 MiB, so that no value of a backup holds more than a field of a CSV file may.
  package let maxTokenBytes: Int
  /// Whether a string may hold NUL (`\u0000`). A backup's may not: SQLite text ends at the first
  /// NUL, so it is refused where it is written. A sidecar's may, as long as the reader of its
  /// tree leaves that text alone (its keys besides the ones it reads).
  package let allowsNUL: Bool
  /// The file's descriptor; -1 when the document is bytes in memory, all in `buffer`.
  private let fd: Int32
  // Unchecked: one reader drives a scanner at a time, and checking each access to these for
  // exclusivity was a quarter of a backup's reading.
  @exclusivity(unchecked) private var buffer: [UInt8]
  @exclusivity(unchecked) private var position = 0
  @exclusivity(unchecked) private var count = 0
  /// The last byte of the buffer before the one read now, to tell a CRLF across two buffers.
  @exclusivity(unchecked) private var byteBeforeBuffer: UInt8 = 0
  /// The place of the next byte.
  @exclusivity(unchecked) package private(set) var line = 1
  @exclusivity(unchecked) package private(set) var column = 1
  @exclusivity(unchecked) package private(set) var bytesRead = 0
  @exclusivity(unchecked) package private(set) var digest = SHA256()

  /// Opens `path`; `file` is how messages name it.
  package init(
    path: String, file: String? = nil, maxTokenBytes: Int = 1 << 20, allowsNUL: Bool = false
  ) throws {
    self.file = file ?? path
    self.maxTokenBytes = maxTokenBytes
    self.allowsNUL = allowsNUL
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DairyError(
        .input, at: SourceLocation(file: self.file), String(cString: strerror(errno)))
    }
  }

  /// Reads `bytes` held in memory, which messages call `file`.
  ///
  /// ```swift
  /// let json = JSONScanner(bytes: Array(#"[1, 2]"#.utf8), file: "m.json")
  /// try json.array { _ = try json.integer("a number") }
  /// ```
  package init(
    bytes: [UInt8], file: String, maxTokenBytes: Int = 1 << 20, allowsNUL: Bool = false
  ) {
    self.file = file
    self.maxTokenBytes = maxTokenBytes
    self.allowsNUL = allowsNUL
    fd = -1
    buffer = bytes
    count = bytes.count
    bytesRead = bytes.count
    digest.update(bytes)
  }

  deinit { if fd >= 0 { close(fd) } }

  // MARK: - Bytes and places

  /// Where the next byte is.
  package var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

  /// Where the next value starts, after white space.
  package func valueLocation() throws -> SourceLocation {
    _ = try peek()
    return location
  }

  /// The offset in the file of the next byte.
  var offset: Int { bytesRead - count + position }

  /// The next byte, not taken; nil at the end of the file.
  package func peekByte() throws -> UInt8? {
    if position == count {
      guard fd >= 0 else { return nil }
      if count > 0 { byteBeforeBuffer = buffer[count - 1] }
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
    if byte > 0x0D {
      if byte & 0xC0 != 0x80 { column += 1 }
    } else if byte == 0x0A {
      // The LF of a CRLF ends no second line.
      let previous = position > 0 ? buffer[position - 1] : byteBeforeBuffer
      if previous != 0x0D { line += 1 }
      column = 1
    } else if byte == 0x0D {
      (line, column) = (line + 1, 1)
    } else {
      column += 1
    }
    position += 1
    return byte
  }

  /// Takes the bytes from the next one up to the first that ends or escapes a string's run of
  /// plain text (`"`, `\`, a control character) or the end of the file, appending them to
  /// `bytes`, and returns that byte, not taken (nil at the end of the file). Strings are most of
  /// a backup's bytes: this loop over the buffer spares each one a call.
  func takeTextRun(into bytes: inout [UInt8]) throws -> UInt8? {
    while try peekByte() != nil {
      var index = position
      var characters = 0
      while index < count {
        let byte = buffer[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
        if byte & 0xC0 != 0x80 { characters += 1 }
        index += 1
      }
      bytes.append(contentsOf: buffer[position..<index])
      column += characters
      position = index
      if index < count { return buffer[index] }
    }
    return nil
  }

  /// Up to `wanted` bytes from the next one on, not taken; fewer at the end of the file. Read
  /// again from the file past the buffer: it is for messages and for words, which are short.
  func upcoming(_ wanted: Int) -> [UInt8] {
    if position + wanted <= count || fd < 0 {
      return Array(buffer[position..<min(count, position + wanted)])
    }
    return bytes(at: offset, count: wanted)
  }

  /// The bytes of the file from `start` on, at most `wanted` of them.
  func bytes(at start: Int, count wanted: Int) -> [UInt8] {
    if fd < 0 { return Array(buffer[min(start, count)..<min(count, start + wanted)]) }
    var bytes = [UInt8](repeating: 0, count: wanted)
    let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, wanted, off_t(start)) }
    return Array(bytes.prefix(max(0, got)))
  }

  /// Takes a UTF-8 byte-order mark when the next bytes are one (at the start of the file); it
  /// is not a column.
  package func skipByteOrderMark() throws {
    guard try peekByte() == 0xEF, upcoming(3) == [0xEF, 0xBB, 0xBF] else { return }
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

  // MARK: - Errors

  /// An error at `place` (by default the next byte).
  package func failure(_ message: String, at place: SourceLocation? = nil) -> DairyError {
    DairyError(.input, at: place ?? location, message)
  }

  /// The error for what stands at the next byte (after white space) where `what` was expected:
  /// `expected "," or "}" after the value of "title", found "]"`.
  package func unexpected(_ what: String) throws -> DairyError {
    _ = try peek()
    let next = upcoming(24)
    if let first = next.first, first >= 0x80, UTF8Validation.firstInvalidByte(in: next) == 0 {
      return failure("this byte is not UTF-8; save the file as UTF-8")
    }
    return failure("expected \(what), found \(Self.found(next))")
  }

  /// What `bytes` (from the place of an error on) start with, for messages: `"]"`, `"tru"` (a
  /// word, up to 20 bytes), a double quote, the end of the file.
  static func found(_ bytes: [UInt8]) -> String {
    guard let first = bytes.first else { return "the end of the file" }
    if first == UInt8(ascii: "\"") { return "a double quote" }
    func isWordByte(_ byte: UInt8) -> Bool {
      (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte >= 0x80
    }
    var end = 1
    if isWordByte(first) {
      while end < bytes.count && end < 20 && isWordByte(bytes[end]) { end += 1 }
    }
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "\"" + TextEscaping.visible(String(decoding: bytes[..<end], as: UTF8.self)) + "\""
  }

  // MARK: - Objects and arrays

  /// Takes `byte` (after white space), or fails saying what was expected.
  package func expect(_ byte: UInt8, _ what: String) throws {
    guard try peek() == byte else { throw try unexpected(what) }
    try nextByte()
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
    // Most objects have a handful of keys (a backup's row has two): a list is enough, and an
    // index joins it past a few dozen (a sidecar's series).
    var keys: [(key: String, place: SourceLocation)] = []
    var index: [String: SourceLocation] = [:]
    var key = ""
    repeat {
      guard try peek() == UInt8(ascii: "\"") else {
        throw try unexpected(
          keys.isEmpty ? "a key in double quotes or \"}\"" : "a key in double quotes after \",\"")
      }
      let place = location
      key = try string()
      let first =
        keys.count < 32 ? keys.first(where: { $0.key == key })?.place : index[key]
      if let first {
        throw failure(
          "\(Self.quoted(key)) is given twice in this object: here and at "
            + "\(first.line ?? 1):\(first.column ?? 1)", at: place)
      }
      keys.append((key, place))
      if keys.count == 32 {
        index = Dictionary(keys.map { ($0.key, $0.place) }, uniquingKeysWith: { first, _ in first })
      } else if keys.count > 32 {
        index[key] = place
      }
      try expect(UInt8(ascii: ":"), "\":\" after the key")
      try body(key, place)
    } while try separator(
      closing: UInt8(ascii: "}"), "\",\" or \"}\" after the value of \(Self.quoted(key))")
  }

  /// Reads an array, calling `body` at each element.
  package func array(_ body: () throws -> Void) throws {
    try expect(UInt8(ascii: "["), "an array ([)")
    if try peek() == UInt8(ascii: "]") {
      try nextByte()
      return
    }
    repeat {
      try body()
    } while try separator(
      closing: UInt8(ascii: "]"), "\",\" or \"]\" after an element of the array")
  }

  /// Takes a `,` (true: another element follows) or the closing byte (false).
  private func separator(closing: UInt8, _ what: @autoclosure () -> String) throws -> Bool {
    switch try peek() {
    case UInt8(ascii: ","):
      try nextByte()
      return true
    case closing:
      try nextByte()
      return false
    default:
      throw try unexpected(what())
    }
  }

  /// Takes `word` (`true`, `false`, `null`) when it is next and not the start of a longer word
  /// (`nullx`); false, taking nothing, otherwise.
  package func word(_ word: StaticString) throws -> Bool {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard try peek() == expected.first else { return false }
    let next = upcoming(expected.count + 1)
    guard next.starts(with: expected),
      next.count == expected.count || !(0x61...0x7A).contains(next[expected.count] | 0x20)
    else { return false }
    for _ in expected { try nextByte() }
    return true
  }

  /// Whether the next value is `null`, which it then takes.
  package func null() throws -> Bool {
    try word("null")
  }

  /// Checks that nothing but white space follows the document.
  package func end() throws {
    guard try peek() == nil else {
      throw try unexpected("the end of the file after the top-level value")
    }
  }
}
