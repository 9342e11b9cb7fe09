import DairyModel
import Foundation
import ZIPFoundation

extension ZipArchive {
  /// The size of the chunks an entry is inflated in.
  package static let chunkSize = 1 << 16

  /// Inflates `entry`, handing its bytes to `consumer` chunk by chunk, and stops at the first
  /// chunk past `maxBytes` or past ``WorkbookLimits/maxCompressionRatio`` (a ZIP bomb), whatever
  /// the header claims. Then checks the size and CRC-32 the directory states (``ZipChecksum``).
  ///
  /// ZIPFoundation inflates (`Data.decompress`), but reads the compressed bytes through our
  /// provider: it hands out exactly this entry's bytes, and then throws. Its own provider
  /// (`Archive.extract`) reads on past the entry and, once the file ends, hands out empty chunks
  /// forever, so a deflate stream that never ends hangs it; and it sets `avail_in` to the full
  /// chunk size even for a short last chunk. So every chunk given here is full size: the last
  /// one is padded with zeros, and the call after it fails.
  package func inflate(
    _ entry: Entry, maxBytes: Int, limits: WorkbookLimits, at place: WorkbookLocation,
    consumer: (Data) throws -> Void
  ) throws {
    if entry.uncompressedSize > maxBytes { throw Self.tooLarge(maxBytes, place) }
    let start = try dataOffset(of: entry, place)
    var produced = 0
    var crc = ZipChecksum()
    // An entry read again (a sheet too large to keep, streamed for each reading) was counted
    // the first time.
    let counted = budget.isFirstInflation(of: entry.name)
    let archiveBytes = limits.ratioGraceBytes + limits.maxCompressionRatio * fileSize
    func check(_ chunk: Data) throws {
      produced += chunk.count
      if produced > maxBytes { throw Self.tooLarge(maxBytes, place) }
      if counted && !budget.add(chunk.count, upTo: archiveBytes) {
        throw place.error(
          "the workbook's parts together inflate to over \(limits.maxCompressionRatio) times the "
            + "file's size; refused as a possible ZIP bomb")
      }
      if produced > limits.ratioGraceBytes
        && produced / limits.maxCompressionRatio > entry.compressedSize
      {
        throw place.error(
          "inflates to over \(limits.maxCompressionRatio) times its compressed size; "
            + "refused as a possible ZIP bomb")
      }
      if produced > entry.uncompressedSize {
        throw place.error(
          "is corrupt: it inflates past the \(entry.uncompressedSize) bytes "
            + "the ZIP directory states")
      }
      chunk.withUnsafeBytes { crc.update($0) }
      try consumer(chunk)
    }
    switch entry.method {
    case 0: try copyStored(entry, from: start, place, consumer: check)
    case 8: try inflateDeflated(entry, from: start, place, consumer: check)
    default:
      throw place.error(
        "is compressed with method \(entry.method), which dairy does not read "
          + "(only stored and deflated entries)")
    }
    guard produced == entry.uncompressedSize else {
      throw place.error(
        "is corrupt: it inflates to \(produced) bytes, not the \(entry.uncompressedSize) "
          + "the ZIP directory states")
    }
    guard crc.value == entry.crc32 else {
      throw place.error("is corrupt: its CRC-32 does not match the ZIP directory")
    }
  }

  /// The whole entry, inflated into memory (for the parts that are held whole).
  package func bytes(
    of entry: Entry, maxBytes: Int, limits: WorkbookLimits, at place: WorkbookLocation
  )
    throws -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(entry.uncompressedSize, maxBytes))
    try inflate(entry, maxBytes: maxBytes, limits: limits, at: place) { bytes += $0 }
    return bytes
  }

  private static func tooLarge(_ maxBytes: Int, _ place: WorkbookLocation) -> DairyError {
    place.error("inflates to more than \(byteCount(maxBytes)), the most dairy reads of this part")
  }

  package static func byteCount(_ count: Int) -> String {
    if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }

  /// Where the entry's data starts, after its local header, which must name the entry as the
  /// directory does; its data must end before the next entry (``Entry/end``).
  private func dataOffset(of entry: Entry, _ place: WorkbookLocation) throws -> Int {
    // The directory's check (``ZipArchive/bounded(_:by:place:)``) keeps this in the file.
    let header = try Self.read(
      fd, at: entry.localHeaderOffset, count: 30 + entry.nameLength, place)
    guard header.u32(0) == 0x0403_4B50 else {
      throw place.error("is corrupt: its ZIP local header is missing")
    }
    let nameLength = Int(header.u16(26))
    let localName = header[30..<30 + min(nameLength, entry.nameLength)]
    guard nameLength == entry.nameLength, String(decoding: localName, as: UTF8.self) == entry.name
    else {
      throw place.error(
        "is corrupt: its ZIP local header names it '"
          + TextEscaping.visible(String(decoding: localName, as: UTF8.self))
          + "', not as the ZIP directory does")
    }
    let start = entry.localHeaderOffset + 30 + nameLength + Int(header.u16(28))
    guard start + entry.compressedSize <= entry.end else {
      throw place.error(
        start + entry.compressedSize > directoryOffset
          ? "is truncated or corrupt: its data runs past the end of the archive"
          : "is corrupt: its data runs into the next ZIP entry")
    }
    return start
  }

  private func copyStored(
    _ entry: Entry, from start: Int, _ place: WorkbookLocation, consumer: (Data) throws -> Void
  ) throws {
    var done = 0
    while done < entry.compressedSize {
      let count = min(Self.chunkSize, entry.compressedSize - done)
      var chunk = Data(count: count)
      let read = chunk.withUnsafeMutableBytes { Self.readFully(fd, into: $0, at: start + done) }
      guard read == count else {
        throw place.error("is truncated or corrupt: its data runs past the end of the archive")
      }
      try consumer(chunk)
      done += count
    }
  }

  private func inflateDeflated(
    _ entry: Entry, from start: Int, _ place: WorkbookLocation, consumer: (Data) throws -> Void
  ) throws {
    var given = 0
    var exhausted = false
    let provider: Provider = { _, size in
      if exhausted {
        throw place.error("is corrupt: its compressed data ends before the deflate stream does")
      }
      let count = min(size, entry.compressedSize - given)
      var chunk = Data(count: size)
      let read = chunk.withUnsafeMutableBytes {
        Self.readFully(
          self.fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<count]),
          at: start + given)
      }
      guard read == count else {
        throw place.error("is truncated or corrupt: its data runs past the end of the archive")
      }
      given += count
      exhausted = count < size
      return chunk
    }
    do {
      _ = try Data.decompress(
        size: Int64(entry.compressedSize), bufferSize: Self.chunkSize, skipCRC32: true,
        provider: provider, consumer: consumer)
    } catch let error as DairyError {
      throw error
    } catch {
      throw place.error("is corrupt: its compressed data does not inflate")
    }
  }
}

/// What the entries of one archive have inflated to in all, each entry counted the first time it
/// is inflated: each part alone may inflate to its first MiB whatever its ratio, so ten thousand
/// tiny entries could otherwise cost ten thousand MiB from a small file. Entries may be inflated
/// on the thread that streams a part, so the count is behind a lock.
package final class InflationBudget: @unchecked Sendable {
  private let lock = NSLock()
  private var inflated = 0
  private var seen: Set<String> = []

  /// Whether `name` is inflated for the first time (and so counts).
  package func isFirstInflation(of name: String) -> Bool {
    lock.withLock { seen.insert(name).inserted }
  }

  /// Adds `count` bytes; false once the total passes `limit`.
  package func add(_ count: Int, upTo limit: Int) -> Bool {
    lock.withLock {
      inflated += count
      return inflated <= limit
    }
  }
}
