import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of a ZIP archive, from its central directory, checked before any is trusted.
///
/// Refused, each with the file's name: a file too short or without an end-of-directory record
/// (truncated), a directory that lies outside the file, ZIP64 and split archives (no workbook
/// within the limits needs them), more than ``WorkbookLimits/maxEntries`` entries, an entry name
/// that is absolute or climbs with `..` (nothing is ever written from a name, but such an
/// archive was not made by a spreadsheet program), a name listed twice, encrypted entries, and
/// entries whose bytes overlap (several entries pointing at one part would have it inflated
/// and parsed once each). An entry's local header must name it as the directory does, and its
/// data must end before the next entry's header; that is checked as it is read. Names compare
/// without regard to ASCII case, as Office part names do. Its entries together inflate to at
/// most ``WorkbookLimits/maxCompressionRatio`` times the file's size (after
/// ``WorkbookLimits/ratioGraceBytes``), as each one does alone.
package final class ZipArchive: @unchecked Sendable {
  package struct Entry: Sendable {
    package var name: String
    package var method: UInt16
    package var crc32: UInt32
    package var compressedSize: Int
    package var uncompressedSize: Int
    package var localHeaderOffset: Int
    /// The length of its name in bytes, as the directory spells it.
    package var nameLength: Int
    /// Where the entry's bytes must end: the next entry's local header, or the directory.
    package var end = 0
  }

  package let displayName: String
  package let fileSize: Int
  package let entries: [Entry]
  /// Where the central directory starts: every entry's data lies before it.
  package let directoryOffset: Int
  private let indexByName: [String: Int]
  package let fd: Int32
  /// What the archive's entries have inflated to in all (``InflationBudget``).
  package let budget = InflationBudget()

  /// Opens `path` and reads its directory.
  package init(path: String, displayName: String, limits: WorkbookLimits) throws {
    self.displayName = displayName
    let place = WorkbookLocation(file: displayName)
    fd = try Self.openFile(path, place)
    var info = stat()
    fstat(fd, &info)
    fileSize = Int(info.st_size)
    do {
      let end = try Self.endOfDirectory(fd: fd, fileSize: fileSize, place: place)
      guard end.count <= limits.maxEntries, end.size <= limits.maxMetadataPartBytes else {
        throw place.error(
          "the ZIP archive lists \(end.count) entries in \(end.size) bytes, over the limit of "
            + "\(limits.maxEntries) entries in \(Self.byteCount(limits.maxMetadataPartBytes))")
      }
      directoryOffset = end.offset
      let directory = try Self.read(fd, at: end.offset, count: end.size, place)
      entries = try Self.bounded(
        Self.parseDirectory(directory, count: end.count, place: place), by: end.offset,
        place: place)
      indexByName = try Self.index(entries, place: place)
    } catch {
      close(fd)
      throw error
    }
  }

  deinit { close(fd) }

  /// The entry named `name` (ASCII case ignored).
  package func entry(named name: String) -> Entry? {
    indexByName[Self.key(name)].map { entries[$0] }
  }

  private static func key(_ name: String) -> String { name.lowercased() }

  /// The file at `path` opened for reading; a directory or a file that cannot be opened is an
  /// error at `place`.
  package static func openFile(_ path: String, _ place: WorkbookLocation) throws -> Int32 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw place.error(SystemError.describe(errno)) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw place.error("is a directory, not a workbook") }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw place.error(SystemError.describe(errno)) }
    return fd
  }

  // MARK: - The end-of-directory record

  private struct EndOfDirectory {
    var count: Int
    var size: Int
    var offset: Int
  }

  private static func endOfDirectory(
    fd: Int32, fileSize: Int, place: WorkbookLocation
  ) throws -> EndOfDirectory {
    let truncated = "the ZIP archive is truncated or corrupt (no end-of-directory record)"
    guard fileSize >= 22 else { throw place.error(truncated) }
    let tailSize = min(fileSize, 22 + 65_535)
    let tail = try read(fd, at: fileSize - tailSize, count: tailSize, place)
    var start = tailSize - 22
    while start >= 0 {
      if tail.u32(start) == 0x0605_4B50 && start + 22 + Int(tail.u16(start + 20)) <= tailSize {
        break
      }
      start -= 1
    }
    guard start >= 0 else { throw place.error(truncated) }
    if start >= 20 && tail.u32(start - 20) == 0x0706_4B50 || tail.u16(start + 10) == 0xFFFF
      || tail.u32(start + 12) == 0xFFFF_FFFF || tail.u32(start + 16) == 0xFFFF_FFFF
    {
      throw place.error("is a ZIP64 archive, which dairy does not read")
    }
    guard tail.u16(start + 4) == 0, tail.u16(start + 6) == 0 else {
      throw place.error("is a split (multi-volume) ZIP archive, which dairy does not read")
    }
    let end = EndOfDirectory(
      count: Int(tail.u16(start + 10)), size: Int(tail.u32(start + 12)),
      offset: Int(tail.u32(start + 16)))
    let recordOffset = fileSize - tailSize + start
    guard end.offset + end.size <= recordOffset, end.size >= 46 * end.count else {
      throw place.error("the ZIP archive is truncated or corrupt (its directory lies outside it)")
    }
    return end
  }

  // MARK: - The central directory

  private static func parseDirectory(
    _ bytes: [UInt8], count: Int, place: WorkbookLocation
  ) throws -> [Entry] {
    let corrupt = place.error("the ZIP archive's directory is corrupt")
    var entries: [Entry] = []
    var offset = 0
    for _ in 0..<count {
      guard offset + 46 <= bytes.count, bytes.u32(offset) == 0x0201_4B50 else { throw corrupt }
      let nameCount = Int(bytes.u16(offset + 28))
      let next = offset + 46 + nameCount + Int(bytes.u16(offset + 30)) + Int(bytes.u16(offset + 32))
      guard next <= bytes.count else { throw corrupt }
      let name = String(decoding: bytes[offset + 46..<offset + 46 + nameCount], as: UTF8.self)
      let entry = Entry(
        name: name, method: bytes.u16(offset + 10), crc32: bytes.u32(offset + 16),
        compressedSize: Int(bytes.u32(offset + 20)), uncompressedSize: Int(bytes.u32(offset + 24)),
        localHeaderOffset: Int(bytes.u32(offset + 42)), nameLength: nameCount)
      try check(entry, flags: bytes.u16(offset + 8), place: place)
      entries.append(entry)
      offset = next
    }
    return entries
  }

  private static func check(_ entry: Entry, flags: UInt16, place: WorkbookLocation) throws {
    let name = "the ZIP entry '\(TextEscaping.visible(entry.name))'"
    if isUnsafe(entry.name) {
      throw place.error(
        "\(name) has an unsafe name (an absolute path or a '..' part); "
          + "the file was not made by a spreadsheet program and is not read")
    }
    if flags & 1 != 0 {
      throw place.error("\(name) is encrypted; save the workbook without a password")
    }
    if entry.compressedSize == 0xFFFF_FFFF || entry.uncompressedSize == 0xFFFF_FFFF
      || entry.localHeaderOffset == 0xFFFF_FFFF
    {
      throw place.error("is a ZIP64 archive, which dairy does not read")
    }
  }

  /// An absolute path (`/x`, `\x`, `C:x`), a `..` part, or a NUL: no part of a workbook.
  package static func isUnsafe(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    if bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "\\") || bytes.contains(0) {
      return true
    }
    if bytes.count >= 2 && bytes[1] == UInt8(ascii: ":") { return true }
    let parts = bytes.split(omittingEmptySubsequences: false) {
      $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\")
    }
    return parts.contains { $0.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) }
  }

  /// The entries with their ends set, each at the next entry's local header (the last at
  /// `directoryOffset`); an entry that cannot fit its header, name and data before that is
  /// refused: two entries share bytes. Sorting makes it n·log n.
  private static func bounded(
    _ entries: [Entry], by directoryOffset: Int, place: WorkbookLocation
  ) throws -> [Entry] {
    var entries = entries
    let order = entries.indices.sorted {
      (entries[$0].localHeaderOffset, $0) < (entries[$1].localHeaderOffset, $1)
    }
    for (position, index) in order.enumerated() {
      let next = position + 1 < order.count ? order[position + 1] : nil
      let end = next.map { entries[$0].localHeaderOffset } ?? directoryOffset
      let entry = entries[index]
      if entry.localHeaderOffset + 30 + entry.nameLength + entry.compressedSize > end {
        // The last one: refused when it is read, as truncated.
        guard let next else { break }
        let (one, other) = index < next ? (entry, entries[next]) : (entries[next], entry)
        throw place.error(
          "the ZIP entries '\(TextEscaping.visible(one.name))' and "
            + "'\(TextEscaping.visible(other.name))' overlap (they share bytes of the file); "
            + "the file was not made by a spreadsheet program and is not read")
      }
      entries[index].end = end
    }
    return entries
  }

  private static func index(_ entries: [Entry], place: WorkbookLocation) throws -> [String: Int] {
    var index: [String: Int] = [:]
    for (position, entry) in entries.enumerated() {
      guard index.updateValue(position, forKey: key(entry.name)) == nil else {
        throw place.error(
          "the ZIP archive lists '\(TextEscaping.visible(entry.name))' twice; it is corrupt")
      }
    }
    return index
  }

  // MARK: - Reading

  /// `count` bytes at `offset`, or an error saying the file is truncated.
  package static func read(
    _ fd: Int32, at offset: Int, count: Int, _ place: WorkbookLocation
  ) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let done = bytes.withUnsafeMutableBytes { readFully(fd, into: $0, at: offset) }
    guard done == count else {
      throw place.error("the ZIP archive is truncated or corrupt (it ends too soon)")
    }
    return bytes
  }

  /// Reads into `buffer` from `offset` until it is full or the file ends; the bytes read.
  package static func readFully(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  )
    -> Int
  {
    var done = 0
    while done < buffer.count {
      let count = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      done += count
    }
    return done
  }
}

extension [UInt8] {
  /// The little-endian 16-bit number at `offset`.
  package func u16(_ offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }

  /// The little-endian 32-bit number at `offset`.
  package func u32(_ offset: Int) -> UInt32 {
    UInt32(u16(offset)) | UInt32(u16(offset + 2)) << 16
  }
}
