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

@Suite("CSV reader")
struct CSVReaderTests {
  /// Every record of a file, as strings, with the line each starts on.
  func records(_ bytes: [UInt8], maxFieldBytes: Int = 1 << 20) throws -> [(
    line: Int, fields: [String]
  )] {
    let path = try TestSupport.file("input.csv", bytes)
    let reader = try CSVReader(path: path, maxFieldBytes: maxFieldBytes)
    var record = TableRow()
    var all: [(Int, [String])] = []
    while try reader.next(into: &record) {
      all.append((record.line, (0..<record.count).map { record.string(at: $0)! }))
    }
    return all
  }

  func records(_ text: String) throws -> [[String]] {
    try records(Array(text.utf8)).map(\.fields)
  }

  @Test func plainFieldsAndLineEnds() throws {
    #expect(try records("a,b\n1,2\n") == [["a", "b"], ["1", "2"]])
    #expect(try records("a,b\r\n1,2\r\n") == [["a", "b"], ["1", "2"]])
    #expect(try records("a,b\r\n1,2") == [["a", "b"], ["1", "2"]])
    #expect(try records("a,b\r1,2\r") == [["a", "b"], ["1", "2"]])
    #expect(try records("a,,b\n,,\n") == [["a", "", "b"], ["", "", ""]])
  }

  @Test func quotedFields() throws {
    #expect(try records("\"a,b\",\"say \"\"hi\"\"\"\n") == [["a,b", "say \"hi\""]])
    #expect(try records("\"line\r\nbreak\",\"lf\nonly\"\n") == [["line\r\nbreak", "lf\nonly"]])
    #expect(try records("\"\",x\n") == [["", "x"]])
    #expect(try records("x,\"end\"") == [["x", "end"]])
  }

  @Test func byteOrderMarkAndBlankLines() throws {
    #expect(
      try records([0xEF, 0xBB, 0xBF] + Array("Year,a\n\n1,2\n\r\n".utf8)).map(\.fields) == [
        ["Year", "a"], ["1", "2"],
      ])
  }

  @Test func linesCountAcrossQuotedLineBreaks() throws {
    let all = try records(Array("h\n\"a\nb\"\nc\n".utf8))
    #expect(all.map(\.line) == [1, 2, 4])
  }

  @Test func recordsSpanningBufferBoundaries() throws {
    // Fields of many sizes so that records straddle every read boundary.
    var text = "k,v\n"
    var expected: [[String]] = [["k", "v"]]
    for index in 0..<60_000 {
      let key = String(repeating: "x", count: index % 37)
      let value = index % 3 == 0 ? "\"q,\(index)\"\"\"" : "\(index)"
      text += "\(key),\(value)\n"
      expected.append([key, index % 3 == 0 ? "q,\(index)\"" : "\(index)"])
    }
    #expect(try records(text) == expected)
  }

  @Test func longFieldGrowsTheBufferUpToTheLimit() throws {
    let long = String(repeating: "y", count: 700_000)
    #expect(try records("a\n\(long)\n") == [["a"], [long]])
    #expect(throws: DairyError.self) {
      try records(Array("a\n\(long)\n".utf8), maxFieldBytes: 500_000)
    }
  }

  @Test func digestIsTheFilesSHA256() throws {
    let path = try TestSupport.file("input.csv", "a,b\n1,2\n")
    let reader = try CSVReader(path: path)
    var record = TableRow()
    while try reader.next(into: &record) {}
    var expected = SHA256()
    expected.update(Array("a,b\n1,2\n".utf8))
    #expect(try reader.sha256 == expected.hexDigest)
  }

  /// A regular file is hashed by the digest's own reading of it (at idle priority, beside the
  /// import); the bytes of a pipe, which cannot be read twice, as they are read. Both give the
  /// SHA-256 of the file.
  @Test func aFileIsHashedByItsOwnReadingAndAPipeAsItIsRead() throws {
    let text = String(repeating: "a,b\n1,2\n", count: 100_000)  // 800 KB: several reads
    var expected = SHA256()
    expected.update(Array(text.utf8))
    let path = try TestSupport.file("input.csv", text)
    let reader = try CSVReader(path: path)
    var record = TableRow()
    while try reader.next(into: &record) {}
    #expect(try reader.sha256 == expected.hexDigest)
    #expect(reader.digest.bytesHashed == text.utf8.count)

    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let input = ends[1]
    let writer = Thread {
      let bytes = Array(text.utf8)
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        written += count
      }
      close(input)
    }
    writer.start()
    let piped = try CSVReader(path: "/proc/self/fd/\(ends[0])")
    while try piped.next(into: &record) {}
    #expect(try piped.sha256 == expected.hexDigest)
    #expect(piped.digest.bytesHashed == nil)
  }

  /// The digest asked for at once, while its idle thread is starting or part of the way through
  /// the file, or later: the caller takes the hash over from the last chunk the thread
  /// finished, and the digest is the file's SHA-256 whichever way it went.
  @Test func aFileDigestAskedForAtAnyTimeIsTheFilesSHA256() throws {
    let bytes = (0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
    var expected = SHA256()
    expected.update(bytes)
    let path = try TestSupport.file("hashed.bin", "")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    for pause in [0, 0, 1, 5, 20] {
      let digest = BackgroundDigest()
      digest.hashFile(dup(fd), from: 0)
      if pause > 0 { Thread.sleep(forTimeInterval: Double(pause) / 1000) }
      #expect(digest.hexDigest == expected.hexDigest)
      #expect(digest.bytesHashed == bytes.count)
    }
    // From an offset: the bytes after it.
    let digest = BackgroundDigest()
    digest.hashFile(dup(fd), from: 1_000)
    var tail = SHA256()
    tail.update(Array(bytes[1_000...]))
    #expect(digest.hexDigest == tail.hexDigest && digest.bytesHashed == bytes.count - 1_000)
  }

  /// A second reading of a file (a report is read twice) leaves hashing the file to the first:
  /// it starts no hashing of its own, not even while its separator is detected.
  @Test func aSecondReadingHashesNothing() throws {
    let path = try TestSupport.file("again.csv", "Year,Milk\n1975,247\n")
    let first = try CSVSource(path: path, options: ImportOptions())
    let again = try #require(
      try first.reopened(path: path, options: ImportOptions()) as? CSVSource)
    var row = TableRow()
    _ = try again.nextTable()
    while try again.nextRow(into: &row) {}
    #expect(again.reader.digest.fileHash == nil)
    #expect(first.reader.digest.fileHash?.bytes == 19)
    #expect(try again.sha256 == first.sha256)

    let report = TestSupport.fixture("nass/dary_p03_t001.csv")
    let source = try NASSReportSource(path: report, options: ImportOptions())
    _ = try source.nextTable()
    let second = try #require(
      try source.reopened(path: report, options: ImportOptions()) as? NASSReportSource)
    _ = try second.nextTable()
    while try second.nextRow(into: &row) {}
    #expect(second.reader.digest.fileHash == nil)
  }

  /// A second reading opens the file again by its path, which may lead to another file by then
  /// (a symbolic link pointed elsewhere): it is refused, as the rows the import keeps would
  /// come from a file other than the one hashed.
  @Test func aSecondReadingOfAnotherFileIsRefused() throws {
    let folder = try TestSupport.temporaryFolder().path
    let (a, b, link) = (folder + "/a.csv", folder + "/b.csv", folder + "/target.csv")
    let report = TestSupport.fixture("nass/dary_p03_t001.csv")
    try FileManager.default.copyItem(atPath: report, toPath: a)
    try FileManager.default.copyItem(atPath: report, toPath: b)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: a)
    let csv = try CSVSource(path: link, options: ImportOptions())
    let nass = try NASSReportSource(path: link, options: ImportOptions())
    _ = try nass.nextTable()
    // The same file: both readings go on.
    _ = try csv.reopened(path: link, options: ImportOptions())
    _ = try nass.reopened(path: link, options: ImportOptions())
    try FileManager.default.removeItem(atPath: link)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: b)
    for source in [csv, nass] as [any TableSource] {
      #expect {
        _ = try source.reopened(path: link, options: ImportOptions())
      } throws: { error in
        (error as? DairyError)?.description
          == "\(link): error: the file changed while it was read; import it again once nothing "
          + "writes to it"
      }
    }
  }

  /// A file written to while it is read, longer or with the same length: the digest's reading
  /// and the reader's may have read other bytes, and the digest is refused rather than given
  /// for bytes the import did not read (an import of the file as it is now would be taken for
  /// one of the bytes it holds).
  @Test(arguments: [false, true])
  func aFileThatChangesWhileItIsReadHasNoDigest(inPlace: Bool) throws {
    let first = String(repeating: "a,b\n", count: 500_000)  // 2 MB: many reads
    let path = try TestSupport.file("changing.csv", first)
    let reader = try CSVReader(path: path)
    var record = TableRow()
    _ = try reader.next(into: &record)
    // The digest has read the file as it was (waiting until it has), then it is written to:
    // a line added, which the reader reads, or a byte near its end changed in place (after
    // the file system's clock has moved on: it stamps writes in ticks of a few milliseconds).
    #expect(reader.digest.bytesHashed == first.utf8.count)
    Thread.sleep(forTimeInterval: 0.05)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    if inPlace {
      try handle.seek(toOffset: UInt64(first.utf8.count - 2))
      handle.write(Data("c".utf8))
    } else {
      handle.seekToEndOfFile()
      handle.write(Data("c,d\n".utf8))
    }
    try handle.close()
    var last: String?
    while try reader.next(into: &record) { last = record.string(at: 0) }
    #expect(last == (inPlace ? "a" : "c"))
    #expect {
      _ = try reader.sha256
    } throws: { error in
      (error as? DairyError)?.description
        == "\(path): error: the file changed while it was read; import it again once nothing "
        + "writes to it"
    }
  }

}

@Suite("SHA-256")
struct SHA256Tests {
  func hex(_ text: String, extensions: Bool = true) -> String {
    var hash = SHA256(usingSHAExtensions: extensions)
    hash.update(Array(text.utf8))
    return hash.hexDigest
  }

  @Test(arguments: [false, true]) func knownVectors(extensions: Bool) {
    let hex = { self.hex($0, extensions: extensions) }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func incrementalEqualsWhole() {
    let text = String(repeating: "dairy", count: 1000)
    var pieces = SHA256()
    var rest = Substring(text)
    var size = 1
    while !rest.isEmpty {
      pieces.update(Array(rest.prefix(size).utf8))
      rest = rest.dropFirst(size)
      size = size % 97 + 13
    }
    #expect(pieces.hexDigest == hex(text))
  }

  @Test func millionAs() {
    for extensions in [false, true] {
      var hash = SHA256(usingSHAExtensions: extensions)
      let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
      for _ in 0..<1000 { hash.update(chunk) }
      #expect(
        hash.hexDigest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
  }

  /// The SHA extensions (where the processor has them) and the portable compression give the
  /// same digest, for every length around the block size and pieces of any size.
  @Test func extensionsAgreeWithThePortableCompression() {
    var random = SplitMix64(seed: 256)
    let bytes = (0..<700).map { _ in UInt8.random(in: 0...255, using: &random) }
    for length in 0...bytes.count {
      var portable = SHA256(usingSHAExtensions: false)
      var native = SHA256()
      var start = 0
      while start < length {
        let end = min(length, start + random.int(1...150))
        portable.update(Array(bytes[start..<end]))
        native.update(Array(bytes[start..<end]))
        start = end
      }
      #expect(portable.hexDigest == native.hexDigest, "\(length) bytes")
    }
    #expect(!SHA256(usingSHAExtensions: false).usesSHAExtensions)
  }
}
