import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The reader finds where a field's text stops eight bytes at a time: these cases put every stop
/// (separator, quote, doubled quote, line end, NUL, a control byte that is text) at every offset
/// within a word and across every read boundary, and expect exactly what a byte-at-a-time reader
/// gives.
@Suite("CSV reader: scanning a field's text")
struct CSVReaderScanningTests {
  /// The read sizes each case is read with: tiny ones put a boundary in every field.
  static let readSizes = [2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 64, CSVReader.chunkSize]

  /// What reading `bytes` comes to: every record's fields, or the error's location and message.
  enum Reading: Equatable {
    case records([[String]])
    case failure(line: Int?, column: Int?, message: String)
  }

  static func read(
    _ bytes: [UInt8], readSize: Int, separator: UInt8 = CSVReader.comma,
    maxFieldBytes: Int = 1 << 20
  ) throws -> Reading {
    let path = try TestSupport.file("scan.csv", bytes)
    let reader = try CSVReader(path: path, maxFieldBytes: maxFieldBytes, readSize: readSize)
    reader.separator = separator
    var record = TableRow()
    var all: [[String]] = []
    do {
      while try reader.next(into: &record) {
        all.append((0..<record.count).map { record.string(at: $0)! })
      }
    } catch let error as DairyError {
      return .failure(
        line: error.location?.line, column: error.location?.column, message: error.message)
    }
    return .records(all)
  }

  /// `bytes` read with every read size gives `expected`.
  static func expect(
    _ bytes: [UInt8], _ expected: Reading, separator: UInt8 = CSVReader.comma,
    maxFieldBytes: Int = 1 << 20, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    for size in readSizes {
      let got = try read(bytes, readSize: size, separator: separator, maxFieldBytes: maxFieldBytes)
      #expect(got == expected, "read size \(size)", sourceLocation: sourceLocation)
    }
  }

  static func expect(
    _ text: String, _ expected: [[String]], separator: UInt8 = CSVReader.comma,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    try expect(
      Array(text.utf8), .records(expected), separator: separator, sourceLocation: sourceLocation)
  }

  static func failure(_ line: Int, _ column: Int, _ message: String) -> Reading {
    .failure(line: line, column: column, message: message)
  }

  static let unterminated = "a quoted field opened here is never closed"
  static let quoteInUnquoted =
    "a quote inside an unquoted field; quote the whole field and double the quote"
  static let textAfterQuote =
    "text after the closing quote of a quoted field; double a quote inside quotes (\"\")"

  // MARK: - Records

  @Test func doubledQuotesAtEveryOffset() throws {
    // The doubled quote lands at each offset of a word and, with the read sizes, on each side of
    // a read boundary.
    for before in 0...17 {
      let head = String(repeating: "x", count: before)
      try Self.expect(
        "\"\(head)\"\"y\",\"\(head)\"\"\"\"\"\n",
        [["\(head)\"y", "\(head)\"\""]])
    }
  }

  @Test func quoteAtTheVeryEndOfTheFile() throws {
    try Self.expect("\"a\"", [["a"]])
    try Self.expect("x,\"end\"", [["x", "end"]])
    try Self.expect("\"a\"\"\"", [["a\""]])
    try Self.expect("\"\"", [[""]])
    try Self.expect("a,\"\"", [["a", ""]])
    try Self.expect("\"12345678\"", [["12345678"]])
  }

  @Test func lineEndsAfterQuotedAndUnquotedFields() throws {
    try Self.expect("\"a\",b\r\n\"c\",\"d\"\r\n", [["a", "b"], ["c", "d"]])
    try Self.expect("\"a\"\r\"b\"\r", [["a"], ["b"]])
    try Self.expect("abcdefgh,ijklmnop\r\nqrstuvwx\r\n", [["abcdefgh", "ijklmnop"], ["qrstuvwx"]])
    try Self.expect("\"a\r\nb\",\"c\rd\"\n", [["a\r\nb", "c\rd"]])
  }

  @Test func byteOrderMarkBeforeAQuotedField() throws {
    try Self.expect(
      [0xEF, 0xBB, 0xBF] + Array("\"Year\",\"a\"\r\n\"1\",\"2\"\r\n".utf8),
      .records([["Year", "a"], ["1", "2"]]))
  }

  @Test func fieldsOfEveryLengthSpanningReads() throws {
    // Fields of 0 to 40 bytes, quoted and not, so that a scan runs out in a word, at its end,
    // and in the bytes after the last whole word of a read.
    var text = ""
    var expected: [[String]] = []
    for length in 0...40 {
      let value = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
      text += "\(value),\"\(value)\",\"é\(value)牛\"\n"
      expected.append([value, value, "é\(value)牛"])
    }
    try Self.expect(text, expected)
  }

  @Test func recordsLongerThanTheGatheringBuffer() throws {
    // A record's text is gathered in a buffer of 64 KiB before it goes to the row: records
    // whose text fills it, passes it in one field, or passes it in many.
    let capacity = CSVReader.gatheringCapacity
    let long = String(repeating: "a", count: capacity / 2 - 3)
    let longer = String(repeating: "b", count: capacity + 5)
    let quoted = String(repeating: "c", count: capacity / 3) + "\"" + long
    let text =
      "\(long),\(long),\(long)\n\"\(quoted.replacingOccurrences(of: "\"", with: "\"\""))\","
      + "\(longer),x\n\(longer)\n"
    try Self.expect(text, [[long, long, long], [quoted, longer, "x"], [longer]])
  }

  @Test func controlBytesThatAreText() throws {
    // A tab or a control byte inside a comma-separated field stops the word scan; the reader
    // steps over it.
    try Self.expect("a\tb,\"c\td\",e\u{1}f\u{F}g\n", [["a\tb", "c\td", "e\u{1}f\u{F}g"]])
    try Self.expect("1234567\t9abcdef,x\n", [["1234567\t9abcdef", "x"]])
  }

  @Test func tabSeparatedFields() throws {
    try Self.expect(
      "a\t\"b\tc\"\t1234567890\n\"d\"\"\"\t\t\n", [["a", "b\tc", "1234567890"], ["d\"", "", ""]],
      separator: CSVReader.tab)
  }

  @Test func bytesNextToAStopAreNotStops() throws {
    // '#' (0x23) and '!' (0x21) differ from a quote in one bit, 0x01 and 0x11 from a NUL and
    // 0x10: neither stops a scan, before or after a real stop in the same word.
    try Self.expect("\"#\"\"!#\",#!#!#!#!,\"!\"\n", [["#\"!#", "#!#!#!#!", "!"]])
    try Self.expect("\u{11}\u{10},-.+\n", [["\u{11}\u{10}", "-.+"]])
  }

  @Test func aLineBreakInQuotesCountsLines() throws {
    let bytes = Array("h\n\"a\nbcdefghij\nk\",\"x\"y\n".utf8)
    // The text after the closing quote is on line 4, column 7 (after `k","x"`).
    try Self.expect(bytes, Self.failure(4, 7, Self.textAfterQuote))
  }

  // MARK: - Errors, with their line and column

  @Test func unterminatedQuoteReportsWhereItOpened() throws {
    try Self.expect(Array("a,b\n1,\"open\nmore\n".utf8), Self.failure(2, 3, Self.unterminated))
    try Self.expect(Array("\"".utf8), Self.failure(1, 1, Self.unterminated))
    try Self.expect(Array("x,\"12345678901234567\"\"".utf8), Self.failure(1, 3, Self.unterminated))
  }

  @Test func quoteInsideAnUnquotedFieldAtEveryOffset() throws {
    for before in 0...17 {
      let head = String(repeating: "x", count: before + 1)
      try Self.expect(
        Array("a,\(head)\"y\n".utf8), Self.failure(1, 3 + head.count, Self.quoteInUnquoted))
    }
  }

  @Test func textAfterAClosingQuote() throws {
    try Self.expect(Array("\"abc\"d,e\n".utf8), Self.failure(1, 6, Self.textAfterQuote))
    try Self.expect(Array("\"abcdefghij\" \n".utf8), Self.failure(1, 13, Self.textAfterQuote))
  }

  @Test func nulBytesAtEveryOffset() throws {
    for before in 0...17 {
      let head = Array(repeating: UInt8(ascii: "x"), count: before)
      let quoted = Array("a,\"".utf8) + head + [0] + Array("\"\n".utf8)
      let plain = Array("a,".utf8) + head + [0] + Array("\n".utf8)
      for bytes in [quoted, plain] {
        let got = try Self.read(bytes, readSize: 5)
        guard case .failure(let line, let column, let message) = got else {
          Issue.record("a NUL byte was read as text: \(got)")
          continue
        }
        #expect(line == 1)
        #expect(column == 3 + before + (bytes == quoted ? 1 : 0))
        #expect(message.contains("NUL"))
        try Self.expect(bytes, got)
      }
    }
  }

  @Test func fieldLengthLimitCountsTextNotQuotes() throws {
    // At most 10 bytes: a doubled quote is one byte of text.
    let limit = 10
    let refused = "a field is longer than 10 bytes; is this really a CSV file?"
    try Self.expect(
      Array("\"123456789\"\"\",x\n".utf8), .records([["123456789\"", "x"]]), maxFieldBytes: limit)
    try Self.expect(
      Array("y,\"123456789\"\"1\"\n".utf8), Self.failure(1, 3, refused), maxFieldBytes: limit)
    try Self.expect(Array("1234567890\n".utf8), .records([["1234567890"]]), maxFieldBytes: limit)
    try Self.expect(Array("12345678901\n".utf8), Self.failure(1, 1, refused), maxFieldBytes: limit)
    // Too long and never closed: too long is what is said first.
    try Self.expect(
      Array("\"12345678901234567890".utf8), Self.failure(1, 1, refused), maxFieldBytes: limit)
  }
}
