#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered text stream to a file descriptor (standard output or standard error).
///
/// Output goes through a stream that is passed in, never straight to `print`, so that the same code
/// writes to a terminal, a pipe or a string in tests.
///
/// ```swift
/// var out = StandardStream.output
/// out.write("hello\n")
/// out.flush()
/// ```
public struct StandardStream: TextOutputStream {
  public let descriptor: Int32
  private var buffer: [UInt8] = []

  public init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  public static var output: StandardStream { StandardStream(descriptor: 1) }
  public static var error: StandardStream { StandardStream(descriptor: 2) }

  /// Whether the descriptor is a terminal.
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  public mutating func write(_ string: String) {
    buffer.append(contentsOf: string.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes out what is buffered.
  public mutating func flush() {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes in
        Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        break  // A closed pipe: nothing more to do.
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
