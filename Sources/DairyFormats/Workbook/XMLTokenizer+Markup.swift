import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension XMLTokenizer {
  /// What scanning the markup at the read position gave.
  package enum Scan {
    case event(Event)
    /// A comment or processing instruction, passed over.
    case skipped
    /// The token runs past the buffered bytes: read more and scan it again from its start.
    case needMore
  }

  /// The event of the markup (`<…>`) at the read position; nil for a comment or instruction.
  package mutating func markup() throws -> Event? {
    while true {
      let start = position
      let scan = try scanMarkup()
      if case .needMore = scan {
      } else if position - start > maxTokenBytes {
        throw error("a tag or text runs over \(maxTokenBytes) bytes")
      }
      switch scan {
      case .event(let event): return event
      case .skipped: return nil
      case .needMore:
        guard try fill() else {
          beginToken(at: position)
          throw error("the XML ends inside a tag; the part is cut short")
        }
      }
    }
  }

  private mutating func scanMarkup() throws -> Scan {
    let start = position
    guard start + 1 < end else { return .needMore }
    beginToken(at: start)
    switch buffer[start + 1] {
    case UInt8(ascii: "/"): return try endTag(at: start)
    case UInt8(ascii: "?"): return skip(to: "?>", from: start + 2)
    case UInt8(ascii: "!"): return try declaration(at: start)
    default: return try startTag(at: start)
    }
  }

  // MARK: - Tags

  private mutating func startTag(at start: Int) throws -> Scan {
    var index = start + 1
    while index < end, !Self.endsName(buffer[index]) { index += 1 }
    guard index < end else { return .needMore }
    let nameStart = start + 1
    let nameCount = index - nameStart
    guard nameCount > 0 else { throw error("'<' starts no tag; write it as &lt; in text") }
    attributeCount = 0
    scratchCount = 0
    var selfClosing = false
    while true {
      while index < end, Self.isSpace(buffer[index]) { index += 1 }
      guard index < end else { return .needMore }
      let byte = buffer[index]
      if byte == UInt8(ascii: ">") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "/") {
        guard index + 1 < end else { return .needMore }
        guard buffer[index + 1] == UInt8(ascii: ">") else { throw error("'/' inside a tag") }
        selfClosing = true
        index += 2
        break
      }
      guard Self.isSpace(buffer[index - 1]) else {
        throw error("a tag's attributes must be separated by white space")
      }
      guard let after = try attribute(at: index) else { return .needMore }
      index = after
    }
    try open(nameStart: nameStart, nameCount: nameCount)
    position = index
    pendingEnd = selfClosing
    return .event(.start)
  }

  /// Reads `name="value"` at `start` into ``attributes``; returns the index after it, or nil
  /// when it runs past the buffered bytes.
  private mutating func attribute(at start: Int) throws -> Int? {
    var index = start
    while index < end, !Self.endsName(buffer[index]), buffer[index] != UInt8(ascii: "=") {
      index += 1
    }
    let nameCount = index - start
    while index < end, Self.isSpace(buffer[index]) { index += 1 }
    guard index < end else { return nil }
    guard nameCount > 0, buffer[index] == UInt8(ascii: "=") else {
      throw error("an attribute without a value (name=\"value\")")
    }
    index += 1
    while index < end, Self.isSpace(buffer[index]) { index += 1 }
    guard index < end else { return nil }
    let quote = buffer[index]
    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw error("an attribute value must be in quotes")
    }
    index += 1
    let valueStart = index
    var needsDecoding = false
    while index < end {
      let byte = buffer[index]
      if byte == quote { break }
      if byte == UInt8(ascii: "<") { throw error("'<' in an attribute value; write it as &lt;") }
      if byte == UInt8(ascii: "&") || byte < 0x20 { needsDecoding = true }
      index += 1
    }
    guard index < end else { return nil }
    let count = index - valueStart
    let value =
      needsDecoding
      ? try decode(start: valueStart, count: count, as: .attribute)
      : Span(start: valueStart, count: count)
    let attribute = Attribute(
      name: Self.localSpan(buffer, start: start, count: nameCount), value: value)
    if attributeCount < attributes.count {
      attributes[attributeCount] = attribute
    } else {
      attributes.append(attribute)
    }
    attributeCount += 1
    return index + 1
  }

  /// Pushes a start tag's name, checking there is one root and the nesting limit.
  private mutating func open(nameStart: Int, nameCount: Int) throws {
    if depth == 0 {
      if sawRoot { throw error("a second root element; a part has one") }
      sawRoot = true
    }
    if depth >= maxDepth { throw error("elements nest deeper than \(maxDepth)") }
    if nameCount > WorkbookLimits.maxNameBytes {
      throw error("an element name over \(WorkbookLimits.maxNameBytes) bytes")
    }
    openNames.append(UnsafeBufferPointer(start: buffer + nameStart, count: nameCount))
    openEnds.append(openNames.count)
    nameSpan = Self.localSpan(buffer, start: nameStart, count: nameCount)
  }

  private mutating func endTag(at start: Int) throws -> Scan {
    var index = start + 2
    while index < end, !Self.endsName(buffer[index]) { index += 1 }
    let nameCount = index - (start + 2)
    while index < end, Self.isSpace(buffer[index]) { index += 1 }
    guard index < end else { return .needMore }
    guard buffer[index] == UInt8(ascii: ">"), nameCount > 0 else {
      throw error("a malformed end tag")
    }
    let name = UnsafeBufferPointer(start: buffer + start + 2, count: nameCount)
    guard let open = openEnds.last else {
      throw error("</\(Self.visible(name))> closes no element")
    }
    let openStart = depth > 1 ? openEnds[depth - 2] : 0
    let matches =
      open - openStart == nameCount
      && memcmp(openNames.bytes.baseAddress! + openStart, buffer + start + 2, nameCount) == 0
    guard matches else {
      let expected = Self.visible(openNames.bytes[openStart..<open])
      throw error("</\(Self.visible(name))> where </\(expected)> was expected")
    }
    nameSpan = Self.localSpan(buffer, start: start + 2, count: nameCount)
    position = index + 1
    closeElement()
    return .event(.end)
  }

  package mutating func closeElement() {
    let end = openEnds.removeLast()
    openNames.removeLast(end - (openEnds.last ?? 0))
  }

  // MARK: - Declarations, comments, CDATA

  private mutating func declaration(at start: Int) throws -> Scan {
    guard let isComment = hasPrefix("<!--", at: start) else { return .needMore }
    if isComment { return skip(to: "-->", from: start + 4) }
    guard let isCDATA = hasPrefix("<![CDATA[", at: start) else { return .needMore }
    if isCDATA {
      guard let close = find("]]>", from: start + 9) else { return .needMore }
      if depth == 0 { throw error("CDATA outside the root element") }
      scratchCount = 0
      textSpan = try decodedIfNeeded(start: start + 9, count: close - start - 9, as: .cdata)
      position = close + 3
      return .event(.text)
    }
    guard let isDoctype = hasPrefix("<!DOCTYPE", at: start),
      let isEntity = hasPrefix("<!ENTITY", at: start)
    else { return .needMore }
    if isDoctype || isEntity {
      throw error(
        "\(isDoctype ? "a DOCTYPE" : "an entity declaration") is not allowed in a workbook part; "
          + "entity declarations are refused")
    }
    throw error("malformed markup after '<!'")
  }

  /// Whether the buffer holds `literal` at `index`; nil when too few bytes are buffered to say.
  private func hasPrefix(_ literal: StaticString, at index: Int) -> Bool? {
    let count = literal.utf8CodeUnitCount
    let available = min(count, end - index)
    if memcmp(buffer + index, literal.utf8Start, available) != 0 { return false }
    return available == count ? true : nil
  }

  private mutating func skip(to terminator: StaticString, from index: Int) -> Scan {
    guard let found = find(terminator, from: index) else { return .needMore }
    position = found + terminator.utf8CodeUnitCount
    return .skipped
  }

  /// The index of `terminator` at or after `index` in the buffered bytes.
  private func find(_ terminator: StaticString, from index: Int) -> Int? {
    let count = terminator.utf8CodeUnitCount
    var from = index
    while end - from >= count,
      let found = memchr(buffer + from, Int32(terminator.utf8Start.pointee), end - from - count + 1)
    {
      let candidate = found.assumingMemoryBound(to: UInt8.self) - buffer
      if memcmp(buffer + candidate, terminator.utf8Start, count) == 0 { return candidate }
      from = candidate + 1
    }
    return nil
  }

  // MARK: - Names

  /// The local part of a qualified name (`c` of `x:c`). A loop: names are short, and a call
  /// to `memchr` for each tag cost more than the search. Static, as the other helpers the tag
  /// scanners call: a method called from a `mutating` one is passed a copy of the tokenizer.
  private static func localSpan(
    _ buffer: UnsafeMutablePointer<UInt8>, start: Int, count: Int
  ) -> Span {
    var index = start
    let end = start + count
    while index < end {
      if buffer[index] == UInt8(ascii: ":") {
        return Span(start: index + 1, count: end - index - 1)
      }
      index += 1
    }
    return Span(start: start, count: count)
  }

  package static func endsName(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  package static func visible<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    TextEscaping.visible(String(decoding: Array(bytes.prefix(64)), as: UTF8.self))
  }
}
