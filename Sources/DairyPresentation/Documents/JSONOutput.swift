import DairyImport
import DairyModel

/// The one JSON encoder of `dairy`'s machine output: `show`, `sections` and `export` in JSON are
/// `Encodable` values (``PageDocument``, ``SectionsDocument``, ``ExportDocument``) written by it,
/// never text put together by hand.
///
/// Unlike Foundation's `JSONEncoder`, it writes to a stream as it encodes, so that an export of
/// millions of rows never sits in memory, and it keeps the layout and numbers `dairy` prints:
/// - keys in the order the type declares its properties, and every one of them: nil is `null`;
/// - a `Double` as the shortest decimal that reads back as exactly that double (Swift's
///   `description`: `247.0`, `0.1`, `1e-07`); NaN and the infinities, which JSON cannot spell and
///   an import never stores, as `null`;
/// - strings with quotes, backslashes and control characters escaped, everything else as it is;
/// - one line per key of the top-level object and per element of an array right under it, the
///   rest on the same line, and a line end after the whole.
///
/// ```swift
/// struct Listing: Encodable { var sections: [[Int]]; var total: Int }
/// JSONOutput.string(Listing(sections: [[1], [2, 3]], total: 3))
/// // "{\"sections\":[\n[1],\n[2,3]\n],\n\"total\":3}\n"
/// ```
package enum JSONOutput {
  /// Encodes `value` to `output`, handing it the text in pieces of about 64 KiB.
  ///
  /// - Throws: what `value`'s own encoding throws (the export, a database error).
  package static func write(_ value: some Encodable, to output: inout some TextOutputStream) throws
  {
    try withoutActuallyEscaping({ (text: String) in output.write(text) }) { flush in
      let sink = JSONSink(flush: flush)
      try sink.encodeDocument(value)
    }
  }

  /// `value` as JSON text, for a value held in memory whose encoding throws nothing of its own.
  package static func string(_ value: some Encodable) -> String {
    var text = ""
    do {
      try write(value, to: &text)
    } catch {
      preconditionFailure("encoding \(type(of: value)) threw: \(error)")
    }
    return text
  }
}

/// Where ``JSONOutput`` writes: a buffer handed to the stream when it is full, and the containers
/// open, outermost first. Containers are written in the order they are used, so a container is
/// closed as soon as its parent gets its next element or its own `encode(to:)` returns.
package final class JSONSink {
  // Bytes, not a String: an export appends a dozen small pieces a row, and String's appends cost
  // twice as much. Unchecked: one encoding uses a sink at a time, and checking each access for
  // exclusivity was an eighth of an export's time.
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  private let flush: (String) -> Void
  @exclusivity(unchecked) private var open: [Container] = []
  /// True after a key (or at the start) until its value is written.
  @exclusivity(unchecked) private var awaitsValue = true

  /// How a container lays out its elements.
  private enum Layout {
    /// The top-level object: a key per line.
    case keyPerLine
    /// An array right under the top-level object: an element per line (`[` and `]` alone).
    case elementPerLine
    /// Everything else: on one line.
    case inline
  }

  private struct Container {
    var closing: UInt8
    var layout: Layout
    var elements = 0
  }

  package static let bufferSize = 1 << 16

  package init(flush: @escaping (String) -> Void) {
    self.flush = flush
    buffer.reserveCapacity(Self.bufferSize + 4096)
  }

  /// Encodes a whole document, line end included, and hands over the rest of the buffer.
  package func encodeDocument(_ value: some Encodable) throws {
    try encode(value, in: -1)
    buffer.append(UInt8(ascii: "\n"))
    handOver()
  }

  private func handOver() {
    flush(String(decoding: buffer, as: UTF8.self))
    buffer.removeAll(keepingCapacity: true)
  }

  /// Encodes `value` where a value is awaited in the container at `level` (-1: the document).
  package func encode(_ value: some Encodable, in level: Int) throws {
    try value.encode(to: JSONValueEncoder(sink: self, level: level))
    close(deeperThan: level)
    // A value that wrote nothing at all is an empty object, as Foundation writes it.
    if awaitsValue { write("{}") }
  }

  /// Starts the next element of the container at `level`: closes the containers below it and
  /// writes the separator its layout wants.
  package func beginElement(in level: Int) {
    close(deeperThan: level)
    if buffer.count >= Self.bufferSize { handOver() }
    let container = open[level]
    if container.elements > 0 { buffer.append(UInt8(ascii: ",")) }
    switch container.layout {
    case .keyPerLine: if container.elements > 0 { buffer.append(UInt8(ascii: "\n")) }
    case .elementPerLine: buffer.append(UInt8(ascii: "\n"))
    case .inline: break
    }
    open[level].elements += 1
    awaitsValue = true
  }

  /// Writes an object's key; its value follows.
  package func key(_ name: String) {
    // Keys have nothing to escape, as a rule: one pass over their bytes checks and copies them.
    let copied = name.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.allSatisfy(JSONText.isPlain) else { return false }
      buffer.append(UInt8(ascii: "\""))
      buffer.append(contentsOf: bytes)
      buffer.append(UInt8(ascii: "\""))
      return true
    }
    if copied != true { buffer.append(contentsOf: JSONText.string(name).utf8) }
    buffer.append(UInt8(ascii: ":"))
  }

  /// Writes a value's text.
  package func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    awaitsValue = false
  }

  /// Opens an object or an array where a value is awaited, and returns its level.
  package func openContainer(array: Bool) -> Int {
    let level = open.count
    let layout: Layout
    switch (level, array) {
    case (0, false): layout = .keyPerLine
    case (1, true) where open[0].layout == .keyPerLine: layout = .elementPerLine
    default: layout = .inline
    }
    buffer.append(array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
    awaitsValue = false
    open.append(Container(closing: array ? UInt8(ascii: "]") : UInt8(ascii: "}"), layout: layout))
    return level
  }

  /// Closes the containers below `level`, innermost first.
  package func close(deeperThan level: Int) {
    while open.count > level + 1 {
      let container = open.removeLast()
      if container.layout == .elementPerLine && container.elements > 0 {
        buffer.append(UInt8(ascii: "\n"))
      }
      buffer.append(container.closing)
    }
  }
}
