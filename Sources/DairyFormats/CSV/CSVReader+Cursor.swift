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
  }

  /// The buffered bytes as one parse sees them, copied into locals so that the loops over bytes
  /// read no property of the reader.
  package struct Window {
    package let buffer: UnsafeMutablePointer<UInt8>
    package let end: Int
    package let atEOF: Bool
    /// The file offset of `buffer[0]`.
    package let offset: Int
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
