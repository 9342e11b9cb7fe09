import DairyFormats
import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file formats `dairy import` reads, and how one is chosen for a file.
///
/// A format recognises its files by their first bytes (and, where that is not enough, their
/// name). Adding a format is one line in ``all``.
///
/// ```swift
/// let format = ImportFormats.format(of: path)  // CSVSource.self
/// let source = try format.init(path: path)
/// ```
package enum ImportFormats {
  /// Every format, the most particular first: the first that recognises a file reads it. CSV
  /// takes any file, so it comes last.
  package static let all: [any TableSource.Type] = [
    XLSXSource.self,
    NASSReportSource.self,
    CSVSource.self,
  ]

  /// How many bytes of a file the formats see to recognise it.
  package static let headSize = 512

  /// The format that reads the file at `path`, whose first bytes are `head` (read here when
  /// not given).
  package static func format(of path: String, head: [UInt8]? = nil) -> any TableSource.Type {
    let head = head ?? self.head(of: path)
    return all.first { $0.recognises(path: path, head: head) } ?? all[all.count - 1]
  }

  /// The first bytes of the file, or none when it cannot be read.
  package static func head(of path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: headSize)
    let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, headSize, 0) }
    return Array(bytes.prefix(max(count, 0)))
  }
}
