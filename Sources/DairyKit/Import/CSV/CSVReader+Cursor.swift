// MARK: - What a parse works with

extension CSVReader {
  /// What one attempt at parsing a record came to.
  enum Outcome { case record, endOfFile, needMoreBytes }

  static let quote: UInt8 = 0x22
  static let comma: UInt8 = 0x2C
  static let semicolon: UInt8 = 0x3B
  static let tab: UInt8 = 0x09
  static let cr: UInt8 = 0x0D
  static let lf: UInt8 = 0x0A

  /// Where a parse is: kept in locals until the record is whole, so that a parse that runs out of
  /// bytes starts again from the record's first byte.
  struct Cursor {
    var p: Int
    var line: Int
    var lineOffset: Int
  }

  /// The buffered bytes as one parse sees them, copied into locals so that the loops over bytes
  /// read no property of the reader.
  struct Window {
    let buffer: UnsafeMutablePointer<UInt8>
    let end: Int
    let atEOF: Bool
    /// The file offset of `buffer[0]`.
    let offset: Int
  }

  /// A separator as a type, so that the loops over bytes are compiled for each separator with
  /// its byte as a constant.
  protocol SeparatorByte {
    static var byte: UInt8 { get }
  }

  enum Comma: SeparatorByte {
    static var byte: UInt8 { CSVReader.comma }
  }

  enum Semicolon: SeparatorByte {
    static var byte: UInt8 { CSVReader.semicolon }
  }

  enum Tab: SeparatorByte {
    static var byte: UInt8 { CSVReader.tab }
  }
}
