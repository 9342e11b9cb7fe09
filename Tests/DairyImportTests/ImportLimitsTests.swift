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

/// Memory is bounded by the limits docs/formats.md states, before the error: a field of 1 MiB, a
/// record of 16 MiB, and no more fields than the header's.
@Suite("Import limits")
struct ImportLimitsTests {
  /// A header of three fields, then a row of `commas` commas: `commas + 1` empty fields.
  static func wideRow(_ commas: Int) throws -> String {
    try TestSupport.file(
      "wide.csv",
      Array("Year,Milk,Butter\n1975,247,4.7\n".utf8) + [UInt8](repeating: 0x2C, count: commas)
        + Array("\n1976,247,4.3\n".utf8))
  }

  @Test func aRowOfTwoMillionCommasIsRefusedWhereItGoesWrong() throws {
    // Given a row of 2,000,001 empty fields under a header of 3
    let path = try Self.wideRow(2_000_000)
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    // Then the error names the row's first field too many, and how many it has
    #expect(
      error.description
        == "\(path):3:4: error: this row has 2000001 fields but the header has 3; "
        + "quote fields that contain commas")
  }

  @Test func anOverWideRowIsReadInTheBufferItHas() throws {
    // Given the same file, read through the CSV source
    let path = try Self.wideRow(2_000_000)
    let source = try CSVSource(path: path)
    _ = try source.nextTable()
    var row = TableRow()
    let before = source.reader.capacity
    // When its rows are read
    var rows: [TableRow] = []
    while try source.nextRow(into: &row) { rows.append(row) }
    // Then the wide row keeps the header's fields and one more, and the buffer never grew
    #expect(rows.count == 4)
    #expect(rows[2].count == 4)
    #expect(rows[2].defect?.location == SourceLocation(file: path, line: 3, column: 4))
    #expect(source.reader.capacity == before)
    #expect(source.reader.capacity < source.reader.maxRecordBytes)
    // And the rows after it are read from where it ends
    #expect(rows[3].string(at: 0) == "1976")
    #expect(rows[3].line == 4)
  }

  @Test func aWideRowPastTheRecordLimitIsCountedAsFarAsTheLimit() throws {
    // Given a reader with a 1,000-byte record limit, and a row of 5,000 commas
    let path = try Self.wideRow(5_000)
    let reader = try CSVReader(path: path, maxRecordBytes: 1_000, readSize: 64)
    var row = TableRow()
    _ = try reader.next(into: &row)
    reader.maxFields = row.count
    _ = try reader.next(into: &row)
    // When the wide row is read
    #expect(try reader.next(into: &row))
    // Then its fields are counted up to the limit only, in a buffer within the limit
    #expect(row.count == 4)
    #expect(reader.fieldCount == 1_001)
    #expect(!reader.fieldCountIsExact)
    #expect(reader.capacity <= 1_000)
    // And the reader refuses to go on from the middle of the record
    #expect {
      try reader.next(into: &row)
    } throws: { error in
      (error as? DairyError)?.description
        == "\(path):3:1: error: a record is longer than 1000 bytes; is this really a CSV file?"
    }
  }

  @Test func theSourceSaysWhenTheCountStoppedShort() throws {
    // Given a row too wide to count within a 1,000-byte record limit
    let path = try Self.wideRow(5_000)
    let source = CSVSource(reader: try CSVReader(path: path, maxRecordBytes: 1_000))
    _ = try source.nextTable()
    var row = TableRow()
    for _ in 0..<3 { _ = try source.nextRow(into: &row) }
    // Then its error says it has more than the fields counted
    #expect(
      row.defect?.description
        == "\(path):3:4: error: this row has more than 1001 fields but the header has 3; "
        + "quote fields that contain commas")
  }

  @Test func aRecordOverTheLimitIsRefusedAtItsStart() throws {
    // Given a record of 20 fields of 1,000 bytes each, over a 16,000-byte record limit
    let field = String(repeating: "9", count: 1_000)
    let path = try TestSupport.file(
      "long.csv", "a\nx\n" + Array(repeating: field, count: 20).joined(separator: ",") + "\n")
    let reader = try CSVReader(path: path, maxRecordBytes: 16_000, readSize: 512)
    var row = TableRow()
    _ = try reader.next(into: &row)
    _ = try reader.next(into: &row)
    // When it is read
    #expect {
      try reader.next(into: &row)
    } throws: { error in
      (error as? DairyError)?.description
        == "\(path):3:1: error: a record is longer than 16000 bytes; is this really a CSV file?"
    }
    // Then the buffer grew no larger than the limit
    #expect(reader.capacity <= 16_000)
  }

  @Test func aRecordOfSixteenMebibytesIsTheLimit() throws {
    // Given records of 17 fields of 1 MiB less a byte: one record over 16 MiB
    let field = String(repeating: "1", count: (1 << 20) - 1)
    let header = (1...17).map { "c\($0)" }.joined(separator: ",")
    let path = try TestSupport.file(
      "big.csv", header + "\n" + Array(repeating: field, count: 17).joined(separator: ",") + "\n")
    // When it is imported
    let error = try #require(TestSupport.importError([path], into: try DairyDatabase.inMemory()))
    // Then the error says so at the record's start
    #expect(
      error.description
        == "\(path):2:1: error: a record is longer than 16 MiB; is this really a CSV file?")
  }

  @Test func theSourceCutsWideRowsWhereTheirRecordsEnd() throws {
    // Given random RFC 4180 files with rows wider and narrower than the first
    var generator = RandomCSV(seed: 113)
    var cut = 0
    for _ in 0..<300 {
      let file = generator.file()
      guard let header = file.records.first else { continue }
      let path = try TestSupport.file("random.csv", file.bytes)
      // When the CSV source reads them, a few bytes at a time
      let reader = try CSVReader(path: path, readSize: file.readSize ?? CSVReader.chunkSize)
      let source = CSVSource(reader: reader)
      _ = try source.nextTable()
      var rows: [TableRow] = []
      var row = TableRow()
      while try source.nextRow(into: &row) { rows.append(row) }
      // Then every row is the record written, cut after the first field too many, and a row of
      // another width than the header's says how many fields it has
      try #require(rows.count == file.records.count)
      for (row, record) in zip(rows, file.records) {
        let kept = min(record.count, header.count + 1)
        #expect(row.count == kept)
        let texts = (0..<kept).map { Array(row.bytes[row.range(at: $0)]) }
        #expect(texts == Array(record.prefix(header.count)) + (kept > header.count ? [[]] : []))
        if record.count == header.count {
          #expect(row.defect == nil)
        } else {
          #expect(row.defect?.message.hasPrefix("this row has \(record.count) fields") == true)
        }
        if record.count > header.count { cut += 1 }
      }
    }
    #expect(cut > 10)
  }
}
