import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error: a buffered text stream whose every write is checked.
///
/// Every command writes through the two shared streams, ``output`` and ``error``, so that what a
/// command printed and whether it could be printed are known in one place: the process's exit
/// (``exitStatus(_:printed:)``) flushes and closes both and turns a failed write into an error.
/// A write that fails (a full disk, `/dev/full`, a file size limit) is kept as ``failure``; the
/// stream then drops what follows, since a file cut in the middle cannot be mended by writing on.
/// A reader that went away (`EPIPE`, `| head -1`) is not a failure: the output stops, quietly.
///
/// Standard error is written at once, after what standard output holds, so that the two reach a
/// terminal in the order they were written; once standard output has failed, standard error
/// drops what the command adds, and the exit says what was lost. The streams are meant for one
/// thread at a time (the main one).
///
/// Standard error holds only messages, so it shows every control character it is given escaped,
/// line breaks aside (``TextEscaping/visibleLines(_:)``): a message that named a file or a
/// `--db` path raw (ArgumentParser's, say) still cannot clear the screen or write the clipboard.
/// The progress bar, the one drawing on it, writes through ``draw(_:)``.
///
/// ```swift
/// let out = StandardStream.output
/// out.write("hello\n")
/// out.flush()
/// ```
package final class StandardStream: TextOutputStream, @unchecked Sendable {
  /// Standard output, buffered.
  package static let output = StandardStream(descriptor: 1)
  /// Standard error, written at once (after flushing standard output), controls shown escaped.
  package static let error = StandardStream(descriptor: 2, after: output, escapes: true)

  package let descriptor: Int32
  /// The stream flushed before each write to this one; nil for a buffered stream.
  private let after: StandardStream?
  /// Whether what is written has its control characters shown escaped (standard error).
  private let escapes: Bool
  private var buffer: [UInt8] = []
  /// The first write that failed, if any; later writes are dropped.
  private(set) var failure: Failure?

  /// Why a write failed: the `errno` of the failed `write` or `close`.
  package struct Failure: Sendable, Hashable {
    package var code: Int32
    /// True when the reader is gone (`EPIPE`): output stops, and that is not an error.
    package var readerIsGone: Bool { code == EPIPE }
    /// The system's sentence for it: "No space left on device".
    package var reason: String { String(cString: strerror(code)) }
  }

  package init(descriptor: Int32, after: StandardStream? = nil, escapes: Bool = false) {
    self.descriptor = descriptor
    self.after = after
    self.escapes = escapes
    if after == nil { buffer.reserveCapacity(1 << 16) }
  }

  package func write(_ string: String) {
    draw(escapes ? TextEscaping.visibleLines(string) : string)
  }

  /// Writes `string` as it is, control characters and all: for a drawing on the terminal (the
  /// progress bar's carriage return and erase-line), never for a message.
  package func draw(_ string: String) {
    if let after {
      after.flush()
      // Once standard output is lost, what standard error would add to it (a CSV page's footer,
      // say) would read as if the output had been written: the failure alone is said, at the
      // exit.
      if let lost = after.failure, !lost.readerIsGone { return }
    }
    append(string)
  }

  /// Writes `string` whatever became of standard output (for the message that says what).
  package func append(_ string: String) {
    guard failure == nil else { return }
    buffer.append(contentsOf: string.utf8)
    if after != nil || buffer.count >= 1 << 16 { flush() }
  }

  /// Writes out what is buffered.
  package func flush() {
    var offset = 0
    while offset < buffer.count && failure == nil {
      let written = buffer.withUnsafeBytes { bytes in
        systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written == 0 {
        failure = Failure(code: EIO)  // no progress and no reason: give up rather than spin
      } else if errno != EINTR {
        failure = Failure(code: errno)
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, then closes the descriptor, whose `close` can report a write that failed late (on
  /// a network file system, say). For the end of the process: nothing can be written after.
  package func close() {
    flush()
    if systemClose(descriptor) != 0 && errno != EINTR && failure == nil {
      failure = Failure(code: errno)
    }
  }
}

/// `write(2)` and `close(2)`, under names the stream's own methods do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
