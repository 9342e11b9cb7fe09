import DairyModel

// MARK: - What a parse works with

extension CSVReader {
  /// What one attempt at parsing a record came to.
  package enum Outcome { case record, endOfFile, needMoreBytes }

  package static let quote: UInt8 = 0x22
  package static let comma: UInt8 = 0x2C
  package static let semicolon: UInt8 = 0x3B
  package static let tab: UInt8 = 0x09
  package static let cr: UInt8 = 0x0D
  package static let lf: UInt8 = 0x0A

  /// Where a parse is: kept in locals until the record is whole, so that a parse that runs out of
  /// bytes starts again from the record's first byte.
  package struct Cursor {
    package var p: Int
    package var line: Int
    package var lineOffset: Int
    /// The bytes of the record's text in the reader's gathering buffer, not yet in the row.
    package var gathered = 0
  }

  /// The buffered bytes as one parse sees them, copied into locals so that the loops over bytes
  /// read no property of the reader.
  package struct Window {
    package let buffer: UnsafeMutablePointer<UInt8>
    package let end: Int
    package let atEOF: Bool
    /// The file offset of `buffer[0]`.
    package let offset: Int
    /// The reader's gathering buffer (``CSVReader/gatheringCapacity`` bytes).
    package let gathering: UnsafeMutablePointer<UInt8>
  }

  /// A separator as a type, so that the loops over bytes are compiled for each separator with
  /// its byte as a constant.
  package protocol SeparatorByte {
    static var byte: UInt8 { get }
  }

  package enum Comma: SeparatorByte {
    package static var byte: UInt8 { CSVReader.comma }
  }

  package enum Semicolon: SeparatorByte {
    package static var byte: UInt8 { CSVReader.semicolon }
  }

  package enum Tab: SeparatorByte {
    package static var byte: UInt8 { CSVReader.tab }
  }
}

// MARK: - A record's text

extension CSVReader {
  /// Adds `count` bytes at `source` to the record's text. They are gathered in the reader's
  /// buffer and go to the row's bytes once the record is whole (``flush(_:_:into:)``): one
  /// append to an array per record rather than one per field, which cost a field about a
  /// hundred instructions. What would not fit goes to the row at once, after what is gathered.
  @inline(__always)
  static func gather(
    _ source: UnsafePointer<UInt8>, _ count: Int, _ window: Window, _ at: inout Cursor,
    into record: inout TableRow
  ) {
    if at.gathered &+ count > gatheringCapacity {
      flush(window, &at, into: &record)
      if count > gatheringCapacity {
        record.bytes.append(contentsOf: UnsafeBufferPointer(start: source, count: count))
        return
      }
    }
    (window.gathering + at.gathered).initialize(from: source, count: count)
    at.gathered &+= count
  }

  /// Appends the gathered text to the row's bytes.
  @inline(__always)
  static func flush(_ window: Window, _ at: inout Cursor, into record: inout TableRow) {
    guard at.gathered > 0 else { return }
    record.bytes.append(
      contentsOf: UnsafeBufferPointer(start: window.gathering, count: at.gathered))
    at.gathered = 0
  }
}
