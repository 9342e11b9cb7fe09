import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the XML tokenizer reads a part's inflated bytes from: memory, or an entry being inflated.
package protocol PartSource: AnyObject {
  /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the part.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

  /// After an error in the bytes read so far, the part's own error, if it has one: a stream
  /// reads (and drops) the rest of its entry, so that a corrupt or oversized entry is reported
  /// as such, as when it is inflated whole, not as the malformed XML its bytes made.
  func failureOfTheRest() -> (any Error)?
}

/// A part held in memory, handed out at most `readSize` bytes at a time (tests and the fuzzer
/// make it tiny, so that tokens straddle every read boundary).
package final class MemoryPartSource: PartSource {
  package let bytes: [UInt8]
  private var offset = 0
  private let readSize: Int

  package init(_ bytes: [UInt8], readSize: Int = .max) {
    precondition(readSize > 0)
    self.bytes = bytes
    self.readSize = readSize
  }

  /// None: the bytes were checked whole before they were read.
  package func failureOfTheRest() -> (any Error)? { nil }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, readSize, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}
