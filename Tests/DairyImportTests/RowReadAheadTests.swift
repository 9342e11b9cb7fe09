import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyModel
@testable import DairyStorage

/// Rows read on a thread of their own ahead of the import (``RowReadAhead``): the same rows as
/// read directly, batches bounded in cells, a read error after the rows before it, and the
/// import's errors still in file order whichever thread found them.
@Suite("Rows read ahead")
struct RowReadAheadTests {
  /// A long CSV of `rows` rows after its header, `Year,Milk` over 1000… and 1…
  static func longFile(rows: Int, name: String = "milk.csv", line: (Int) -> String? = { _ in nil })
    throws -> String
  {
    var text = "Year,Milk\n"
    for index in 0..<rows { text += line(index + 2) ?? "\(1000 + index),\(index + 1)\n" }
    return try TestSupport.file(name, text)
  }

  /// Every row `source` gives after its header, read ahead; and the error that ended them.
  static func readAhead(_ source: CSVSource) throws -> (
    rows: [String], batches: [Int], failure: (any Error)?
  ) {
    _ = try source.nextTable()
    var row = TableRow()
    _ = try source.nextRow(into: &row)
    let ahead = RowReadAhead(source)
    defer { ahead.stop() }
    var (rows, batches): ([String], [Int]) = ([], [])
    do {
      // From RowReadAhead's docs
      while var batch = try ahead.next() {
        batches.append(batch.count)
        for index in 0..<batch.count {
          swap(&row, &batch.rows[index])  // a move: no copy of the row's text
          rows.append("\(row.line) \(row.string(at: 0) ?? "") \(row.string(at: 1) ?? "")")
          swap(&row, &batch.rows[index])
        }
        ahead.recycle(&batch)
      }
    } catch {
      return (rows, batches, error)
    }
    return (rows, batches, nil)
  }

  @Test func theRowsAreThoseReadDirectlyInTheirOrder() throws {
    let path = try Self.longFile(rows: 2_000)
    let direct = try CSVSource(path: path)
    _ = try direct.nextTable()
    var row = TableRow()
    _ = try direct.nextRow(into: &row)
    var expected: [String] = []
    while try direct.nextRow(into: &row) {
      expected.append("\(row.line) \(row.string(at: 0) ?? "") \(row.string(at: 1) ?? "")")
    }
    let source = try CSVSource(path: path)
    #expect(source.readsAhead)
    let (rows, batches, failure) = try Self.readAhead(source)
    #expect(failure == nil)
    #expect(rows == expected)
    #expect(rows.count == 2_000 && rows.last == "2001 2999 2000")
    // In batches of at most batchRows rows: eight of 256 here, the last one shorter.
    #expect(batches.count == 8 && batches.allSatisfy { $0 <= RowReadAhead.batchRows })
    // The file was read to its end, and hashed whole.
    #expect(
      source.bytesRead == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
  }

  @Test func aWideTablesBatchesHoldFewerRows() throws {
    let columns = 600
    var text = (0..<columns).map { "c\($0)" }.joined(separator: ",") + "\n"
    for line in 0..<100 {
      text += (0..<columns).map { "\(line * $0)" }.joined(separator: ",") + "\n"
    }
    let source = try CSVSource(path: try TestSupport.file("wide.csv", text))
    let (rows, batches, failure) = try Self.readAhead(source)
    #expect(failure == nil && rows.count == 100)
    // A mebibyte a batch, cells counted: about 27 rows of 600 cells, not 256
    let rowCells = columns * MemoryLayout<TableCell>.stride
    #expect(batches.max()! <= RowReadAhead.batchBytes / rowCells + 1 && batches.max()! >= 20)
    #expect(batches.reduce(0, +) == 100)
  }

  @Test func longTextsMakeShortBatches() throws {
    // Given rows of 200 KB each
    let long = String(repeating: "x", count: 200_000)
    var text = "series,year,value\n"
    for year in 1..<60 { text += "\(long),\(year),\(year)\n" }
    let source = try CSVSource(path: try TestSupport.file("long.csv", text))
    let (rows, batches, failure) = try Self.readAhead(source)
    #expect(failure == nil && rows.count == 59)
    // Then a batch ends once it holds a mebibyte of text: six rows, not 256
    #expect(batches.max() == RowReadAhead.batchBytes / 200_000 + 1)
  }

  @Test func onlyARegularFileWhoseEncodingIsKnownIsReadAhead() throws {
    // A file not read yet (a report's second reading, its separator given): not yet
    let path = try Self.longFile(rows: 3)
    var comma = ImportOptions()
    comma.separator = .comma
    let fresh = try CSVSource(path: path, options: comma)
    #expect(!fresh.readsAhead)
    var row = TableRow()
    _ = try fresh.nextTable()
    _ = try fresh.nextRow(into: &row)
    #expect(fresh.readsAhead)
    // A transcoded one, before and after its first bytes
    var latin1252 = comma
    latin1252.encoding = .windows1252
    let latin = try CSVSource(path: path, options: latin1252)
    #expect(!latin.readsAhead)
    _ = try latin.nextTable()
    _ = try latin.nextRow(into: &row)
    #expect(!latin.readsAhead)
    // A pipe: its reads may wait for as long as its writer likes
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes = Array("Year,Milk\n1975,247\n".utf8)
    try #require(write(ends[1], bytes, bytes.count) == bytes.count)
    close(ends[1])
    let piped = try CSVSource(path: "/proc/self/fd/\(ends[0])")
    _ = try piped.nextTable()
    _ = try piped.nextRow(into: &row)
    #expect(!piped.readsAhead)
  }

  @Test func aReadErrorComesAfterTheRowsBeforeIt() throws {
    // A NUL byte on line 1,500 of 2,001
    let path = try Self.longFile(rows: 2_000) { $0 == 1_500 ? "2498,\u{0}\n" : nil }
    let (rows, _, failure) = try Self.readAhead(try CSVSource(path: path))
    #expect(rows.count == 1_498 && rows.last == "1499 2497 1498")
    let error = try #require(failure as? DairyError)
    #expect(error.location?.line == 1_500)
  }

  @Test func stoppingEarlyLeavesTheSourceToTheCaller() throws {
    let source = try CSVSource(path: try Self.longFile(rows: 5_000))
    _ = try source.nextTable()
    var row = TableRow()
    _ = try source.nextRow(into: &row)
    let ahead = RowReadAhead(source)
    let first = try #require(try ahead.next())
    #expect(first.count == RowReadAhead.batchRows)
    // The import stopped (an error in a row): the reading thread stops within a batch or two,
    // and the source reads on from where it left off, on the caller's thread.
    ahead.stop()
    #expect(try source.nextRow(into: &row))
    let line = row.line
    #expect(line > RowReadAhead.batchRows + 1)
    #expect(line <= (RowReadAhead.queued + 2) * RowReadAhead.batchRows + 2)
  }

  @Test func aTranscodedFileIsReadOnTheImportsThread() throws {
    // UTF-16 with its byte-order mark: a location reads the transcoder's checkpoints, which
    // the reading adds to.
    let text = "Year,Milk\n1975,247\n"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let path = try TestSupport.temporaryFolder().appendingPathComponent("utf16.csv").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let source = try CSVSource(path: path)
    _ = try source.nextTable()
    var row = TableRow()
    _ = try source.nextRow(into: &row)
    #expect(!source.readsAhead)
    #expect(try CSVSource(path: try Self.longFile(rows: 1)).readsAhead)
  }

  @Test(arguments: [(700, 900), (900, 700)])
  func theImportsErrorsComeInFileOrder(badYear: Int, nulByte: Int) throws {
    // Given a long file with a year that is not a number on one line, a NUL byte on another:
    // the layout finds the first on the import's thread, the reader the second on its own.
    let path = try Self.longFile(rows: 3_000) { line in
      line == badYear ? "soon,1\n" : line == nulByte ? "\(line),\u{0}\n" : nil
    }
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([path], into: database))
    // Then the error is the one on the earlier line, and nothing was stored
    #expect(error.location?.line == min(badYear, nulByte))
    #expect(try database.isEmpty())
  }
}
