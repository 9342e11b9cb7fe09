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

#if canImport(Glibc)
  import Glibc
#endif

/// The checked stream under the commands: a failed write is kept, with its reason, and what
/// follows is dropped; standard error keeps its place after what standard output holds.
@Suite("Standard streams")
struct StandardStreamTests {
  @Test func aWriteToAFullDeviceIsKeptAsAFailure() throws {
    // Given a stream to /dev/full
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    let stream = StandardStream(descriptor: descriptor)

    // When a little is written (buffered) and flushed
    stream.write("a line\n")
    #expect(stream.failure == nil)
    stream.flush()

    // Then the failure is there, with the system's reason, and later writes are dropped
    #expect(stream.failure == StandardStream.Failure(code: ENOSPC))
    #expect(stream.failure?.reason == "No space left on device")
    #expect(stream.failure?.readerIsGone == false)
    stream.write("more\n")
    stream.close()
    #expect(stream.failure == StandardStream.Failure(code: ENOSPC))
  }

  @Test func aLargeWriteFlushesOnItsOwn() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    let stream = StandardStream(descriptor: descriptor)
    stream.write(String(repeating: "x", count: 1 << 16))
    #expect(stream.failure?.code == ENOSPC)
    stream.close()
  }

  @Test func standardErrorComesAfterWhatStandardOutputHolds() throws {
    // Given an output stream and an error stream on the same pipe
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let output = StandardStream(descriptor: ends[1])
    let error = StandardStream(descriptor: dup(ends[1]), after: output)

    // When the page is written (buffered), then a note on the error stream
    output.write("page\n")
    error.write("note\n")
    output.close()
    error.close()

    // Then the page reaches the pipe first
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(ends[0], &bytes, bytes.count)
    close(ends[0])
    #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "page\nnote\n")
  }
}
