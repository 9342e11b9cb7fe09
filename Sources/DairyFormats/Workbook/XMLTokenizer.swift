import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming, pull tokenizer for the XML of workbook parts: start and end tags with their
/// attributes, and text, one event per call, over a buffer that holds one token at a time.
///
/// It reads elements, attributes, text, the five predefined entities, numeric character
/// references, CDATA, comments and processing instructions (skipped), and checks that tags nest
/// and there is one root. It refuses a DOCTYPE or entity declaration outright (so no entity is
/// ever expanded, no external file named), an unknown entity, a token over
/// ``WorkbookLimits/maxTokenBytes`` and nesting past ``WorkbookLimits/maxElementDepth``, each with
/// the part and the byte offset. Names compare by their local part (`x:c` is `c`). Not checked:
/// namespaces, unique attributes, the characters allowed in names; text is UTF-8-checked when a
/// reader turns it into a `String`. Line ends in text become `\n`, and white space in
/// attribute values a space, as XML prescribes.
package struct XMLTokenizer: ~Copyable {
  package enum Event: Equatable {
    /// A start tag: ``localName`` and ``attribute(_:)`` describe it. `<a/>` gives a start, then
    /// an end.
    case start
    /// An end tag; ``localName`` is its name.
    case end
    /// Text (or a CDATA section) inside the root element: ``text``.
    case text
    /// The end of the part, after the root element closed.
    case endOfDocument
  }

  /// Bytes of the current token, in the read buffer or the decoding scratch buffer.
  package struct Span {
    package var start = 0
    package var count = 0
    package var decoded = false
  }

  package struct Attribute {
    package var name = Span()
    package var value = Span()
  }

  /// Where errors point: the file and part (or sheet); the byte offset is added.
  package let location: WorkbookLocation
  private let source: PartSource
  package let maxTokenBytes: Int
  package let maxDepth: Int

  package var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Valid bytes are `buffer[0..<end]`; tokenizing resumes at `position`.
  package var end = 0
  package var position = 0
  /// The part's offset of `buffer[0]`.
  private var baseOffset = 0
  private var sourceDone = false
  package static let readSize = 1 << 16

  /// Decoded text and attribute values of the current token.
  package var scratch: UnsafeMutablePointer<UInt8>
  package var scratchCount = 0
  private var scratchCapacity = 256

  // MARK: The current token
  package var nameSpan = Span()
  /// The current start tag's attributes are the first `attributeCount`; the array's storage
  /// is reused from tag to tag.
  package var attributes: [Attribute] = []
  package var attributeCount = 0
  package var textSpan = Span()
  /// The part's offset of the current token's first byte.
  package private(set) var tokenOffset = 0

  // MARK: The document
  /// The qualified names of the open elements, end to end; `openEnds[i]` ends the i-th.
  package var openNames = ByteBuffer()
  package var openEnds: [Int] = []
  package var pendingEnd = false
  package var sawRoot = false
  private var checkedStart = false

  package init(source: PartSource, location: WorkbookLocation, limits: WorkbookLimits = .standard) {
    self.source = source
    self.location = location
    maxTokenBytes = limits.maxTokenBytes
    maxDepth = limits.maxElementDepth
    capacity = Self.readSize
    buffer = .allocate(capacity: capacity)
    scratch = .allocate(capacity: scratchCapacity)
    attributes.reserveCapacity(16)
  }

  deinit {
    buffer.deallocate()
    scratch.deallocate()
  }

  /// How many elements are open: 1 inside the root element.
  ///
  /// The accessors are inlined: called on a tokenizer stored in another value, a call copied
  /// the whole tokenizer (300 bytes) to pass it, at each of the several calls a cell makes.
  @inline(__always)
  package var depth: Int { openEnds.count }

  /// The local name of the current start or end tag.
  @inline(__always)
  package var localName: UnsafeBufferPointer<UInt8> { bytes(nameSpan) }

  /// The current text, entities decoded.
  @inline(__always)
  package var text: UnsafeBufferPointer<UInt8> { bytes(textSpan) }

  @inline(__always)
  package func bytes(_ span: Span) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: (span.decoded ? scratch : buffer) + span.start, count: span.count)
  }

  /// Whether the current tag's local name is `name`.
  @inline(__always)
  package func nameIs(_ name: StaticString) -> Bool {
    Self.equal(buffer + nameSpan.start, nameSpan.count, name)
  }

  /// The value of the current start tag's attribute whose local name is `name`.
  @inline(__always)
  package func attribute(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
    for attribute in attributes.prefix(attributeCount)
    where Self.equal(buffer + attribute.name.start, attribute.name.count, name) {
      return bytes(attribute.value)
    }
    return nil
  }

  /// Whether `count` bytes at `bytes` are `name`: a loop, not a call to `memcmp`, for the short
  /// names of SpreadsheetML (`c`, `r`, `row`), three to a cell.
  @inline(__always)
  package static func equal(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ name: StaticString)
    -> Bool
  {
    guard count == name.utf8CodeUnitCount else { return false }
    let expected = name.utf8Start
    for index in 0..<count where bytes[index] != expected[index] { return false }
    return true
  }

  /// An input error at the current token.
  package func error(_ message: String) -> DairyError {
    malformed(message, at: tokenOffset)
  }

  package func malformed(_ message: String, at offset: Int) -> DairyError {
    var place = location
    place.byteOffset = offset
    return place.error(message)
  }

  // MARK: - Events

  /// The next event; ``Event/endOfDocument`` again and again at the end.
  package mutating func next() throws -> Event {
    if !checkedStart { try checkStart() }
    if pendingEnd {
      pendingEnd = false
      closeElement()
      return .end
    }
    while true {
      if position == end {
        guard try fill() else { return try endOfDocument() }
      }
      if buffer[position] == UInt8(ascii: "<") {
        if let event = try markup() { return event }
      } else if try scanText() {
        return .text
      }
    }
  }

  /// Passes over a UTF-8 byte-order mark; refuses UTF-16 and UTF-32, which Office does not
  /// write, with or without a byte-order mark (XML starts with `<`, so the NUL bytes around the
  /// first characters tell them apart).
  private mutating func checkStart() throws {
    checkedStart = true
    while end - position < 4, try fill() {}
    let bytes = Array(UnsafeBufferPointer(start: buffer + position, count: min(4, end - position)))
    if bytes.elementsEqual([0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      position += 3
      return
    }
    if let encoding = Self.wideEncoding(bytes) {
      throw error(
        "the XML is \(encoding); dairy reads workbook parts in UTF-8, which Excel writes: "
          + "open the file in Excel and save it again as .xlsx")
    }
  }

  /// The name of the UTF-16 or UTF-32 encoding the first four bytes of a part are in, with or
  /// without a byte-order mark; nil for UTF-8 (or anything else).
  package static func wideEncoding(_ bytes: [UInt8]) -> String? {
    guard bytes.count == 4 else {
      if bytes.starts(with: [0xFF, 0xFE]) {
        return "UTF-16 (little-endian, with a byte-order mark)"
      }
      if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian, with a byte-order mark)" }
      return nil
    }
    let zero = bytes.map { $0 == 0 }
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0x00, 0x00, 0xFE, 0xFF): return "UTF-32 (big-endian, with a byte-order mark)"
    case (0xFF, 0xFE, 0x00, 0x00): return "UTF-32 (little-endian, with a byte-order mark)"
    case (0xFE, 0xFF, _, _): return "UTF-16 (big-endian, with a byte-order mark)"
    case (0xFF, 0xFE, _, _): return "UTF-16 (little-endian, with a byte-order mark)"
    default: break
    }
    switch zero {
    case [true, true, true, false]: return "UTF-32 (big-endian) without a byte-order mark"
    case [false, true, true, true]: return "UTF-32 (little-endian) without a byte-order mark"
    case [true, false, true, false]: return "UTF-16 (big-endian) without a byte-order mark"
    case [false, true, false, true]: return "UTF-16 (little-endian) without a byte-order mark"
    default: return nil
    }
  }

  private mutating func endOfDocument() throws -> Event {
    tokenOffset = baseOffset + position
    if depth > 0 {
      let name = String(
        decoding: openNames.bytes[(depth > 1 ? openEnds[depth - 2] : 0)...], as: UTF8.self)
      throw error("the XML ends inside <\(TextEscaping.visible(name))>; the part is cut short")
    }
    if !sawRoot { throw error("the XML has no root element") }
    return .endOfDocument
  }

  /// Reads text up to the next `<`. False for white space outside the root element.
  private mutating func scanText() throws -> Bool {
    var searched = 0
    var length: Int
    while true {
      let from = buffer + position + searched
      if let found = memchr(from, Int32(UInt8(ascii: "<")), end - position - searched) {
        length = found.assumingMemoryBound(to: UInt8.self) - (buffer + position)
        break
      }
      searched = end - position
      guard try fill() else {
        length = end - position
        break
      }
    }
    tokenOffset = baseOffset + position
    if length > maxTokenBytes { throw error("a tag or text runs over \(maxTokenBytes) bytes") }
    let start = position
    position += length
    if depth == 0 {
      for index in start..<start + length where !Self.isSpace(buffer[index]) {
        throw error(sawRoot ? "text after the root element" : "text before the root element")
      }
      return false
    }
    scratchCount = 0
    textSpan = try decodedIfNeeded(start: start, count: length, as: .text)
    return true
  }

  package static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  // MARK: - The buffer

  /// Moves the unread bytes to the front and reads more behind them; false when the part has
  /// no more bytes. A token longer than the limit is refused here.
  package mutating func fill() throws -> Bool {
    if sourceDone { return false }
    let unread = end - position
    if unread > maxTokenBytes {
      throw malformed("a tag or text runs over \(maxTokenBytes) bytes", at: baseOffset + position)
    }
    if position > 0 {
      memmove(buffer, buffer + position, unread)
      baseOffset += position
      end = unread
      position = 0
    }
    if end == capacity {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      grown.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = grown
      capacity *= 2
    }
    let count = try source.read(
      into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
    if count == 0 {
      sourceDone = true
      return false
    }
    end += count
    return true
  }

  /// Room for `count` more decoded bytes.
  package mutating func reserveScratch(_ count: Int) {
    guard scratchCount + count > scratchCapacity else { return }
    let capacity = max(scratchCapacity * 2, scratchCount + count)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.update(from: scratch, count: scratchCount)
    scratch.deallocate()
    scratch = grown
    scratchCapacity = capacity
  }

  /// Marks the token that starts at `start` as current (for error offsets).
  package mutating func beginToken(at start: Int) {
    tokenOffset = baseOffset + start
  }
}
