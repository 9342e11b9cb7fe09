#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming, byte-level RFC 4180 reader that knows where every field came from.
///
/// It accepts quoted fields with commas, doubled quotes and embedded line breaks; CRLF, LF or CR line
/// ends; a last line with or without its line end; and a leading UTF-8 byte-order mark. It rejects,
/// with the file, line and column: an unterminated quote (where it opened), a quote inside an unquoted
/// field, text after a closing quote, NUL bytes and fields over `maxFieldBytes`. Blank lines are
/// skipped. Memory stays flat: it holds one buffer and one record, whatever the file's size.
///
/// ```swift
/// let reader = try CSVReader(path: "milk.csv")
/// var record = CSVRecord()
/// while try reader.next(into: &record) { print(record.count) }
/// ```
public final class CSVReader {
  /// The file as the user named it, used in error locations.
  public let displayName: String
  /// The file's size in bytes when it was opened.
  public let totalBytes: Int
  /// How many bytes have been read from the file so far.
  public private(set) var bytesRead = 0
  /// The longest field accepted, in bytes.
  public let maxFieldBytes: Int
  /// The SHA-256 of every byte read so far; of the whole file once `next(into:)` returned false.
  public var sha256: String { digest.hexDigest }
  private let digest = BackgroundDigest()

  private let fd: Int32
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Valid bytes are `buffer[0..<end]`; parsing resumes at `position`.
  private var end = 0
  private var position = 0
  /// The file offset of `buffer[0]`.
  private var bufferOffset = 0
  private var atEOF = false
  private var line = 1
  private var lineOffset = 0
  private var startedBOMCheck = false

  static let chunkSize = 1 << 18
  /// The most bytes one read asks for.
  private let readSize: Int

  /// Opens `path` for reading.
  ///
  /// - Throws: ``DairyError`` when the file does not exist, is a directory or cannot be read.
  public convenience init(
    path: String, displayName: String? = nil, maxFieldBytes: Int = 1 << 20
  ) throws {
    try self.init(
      path: path, displayName: displayName, maxFieldBytes: maxFieldBytes, readSize: Self.chunkSize)
  }

  /// Opens `path`, reading at most `readSize` bytes at a time: tests make it tiny so that records
  /// straddle every kind of read boundary.
  init(path: String, displayName: String? = nil, maxFieldBytes: Int = 1 << 20, readSize: Int) throws
  {
    precondition(readSize >= 2, "the buffer must hold a byte-order mark")
    let name = displayName ?? path
    self.displayName = name
    self.maxFieldBytes = maxFieldBytes
    self.readSize = readSize
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw DairyError(.input, at: SourceLocation(file: name), Self.describe(errno))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw DairyError(.input, at: SourceLocation(file: name), "is a directory, not a CSV file")
    }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DairyError(.input, at: SourceLocation(file: name), Self.describe(errno))
    }
    self.fd = fd
    self.totalBytes = Int(info.st_size)
    self.capacity = readSize * 2
    self.buffer = .allocate(capacity: capacity)
  }

  deinit {
    close(fd)
    buffer.deallocate()
  }

  private static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    default: String(cString: strerror(code))
    }
  }

  // MARK: - Reading records

  /// Reads the next non-blank record into `record`, replacing what it held.
  ///
  /// - Returns: false at the end of the file.
  public func next(into record: inout CSVRecord) throws -> Bool {
    if !startedBOMCheck {
      startedBOMCheck = true
      try fill(minimum: 3)
      if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
        position = 3
        lineOffset = 3
      }
    }
    while true {
      switch try parseRecord(into: &record) {
      case .record:
        // A line holding nothing at all is blank, not a record with one empty field.
        if record.count == 1 && record.fields[0].end == 0 && !record.fields[0].quoted { continue }
        return true
      case .endOfFile:
        return false
      case .needMoreBytes:
        try compactAndFill()
      }
    }
  }

  private enum Outcome { case record, endOfFile, needMoreBytes }

  private static let quote: UInt8 = 0x22
  private static let comma: UInt8 = 0x2C
  private static let cr: UInt8 = 0x0D
  private static let lf: UInt8 = 0x0A

  /// Parses one record starting at `position`; leaves `position` and `line` untouched unless the
  /// whole record was in the buffer, so that it can start again after more bytes arrive.
  private func parseRecord(into record: inout CSVRecord) throws -> Outcome {
    record.removeAll()
    var p = position
    var line = self.line
    var lineOffset = self.lineOffset
    let end = self.end
    let buffer = self.buffer
    if p == end {
      if atEOF { return .endOfFile }
      return .needMoreBytes
    }
    while true {
      let fieldStart = p
      let fieldLine = line
      let fieldLineOffset = lineOffset
      let fieldStartInBytes = record.bytes.count
      var wasQuoted = false
      if p < end && buffer[p] == Self.quote {
        wasQuoted = true
        p += 1
        var runStart = p
        while true {
          if p == end {
            if !atEOF { return .needMoreBytes }
            throw error(
              "a quoted field opened here is never closed", line: fieldLine,
              lineOffset: fieldLineOffset, offset: bufferOffset + fieldStart)
          }
          let byte = buffer[p]
          if byte == Self.quote {
            if p + 1 == end && !atEOF { return .needMoreBytes }
            record.bytes.append(
              contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: p - runStart))
            if p + 1 < end && buffer[p + 1] == Self.quote {
              record.bytes.append(Self.quote)
              p += 2
              runStart = p
              continue
            }
            p += 1
            break
          } else if byte == Self.lf {
            line += 1
            lineOffset = bufferOffset + p + 1
          } else if byte == 0 {
            throw error(
              "NUL byte in the file; it is binary or not UTF-8 text", line: line,
              lineOffset: lineOffset, offset: bufferOffset + p)
          }
          p += 1
          if record.bytes.count - fieldStartInBytes + (p - runStart) > maxFieldBytes {
            throw fieldTooLong(
              line: fieldLine, lineOffset: fieldLineOffset, offset: bufferOffset + fieldStart)
          }
        }
        if p < end {
          let next = buffer[p]
          if next != Self.comma && next != Self.cr && next != Self.lf {
            throw error(
              "text after the closing quote of a quoted field; double a quote inside quotes (\"\")",
              line: line, lineOffset: lineOffset, offset: bufferOffset + p)
          }
        }
      } else {
        // Unquoted: the hot path. Scan to the next delimiter.
        while p < end {
          let byte = buffer[p]
          if byte == Self.comma || byte == Self.lf || byte == Self.cr { break }
          if byte == Self.quote {
            throw error(
              "a quote inside an unquoted field; quote the whole field and double the quote",
              line: line, lineOffset: lineOffset, offset: bufferOffset + p)
          }
          if byte == 0 {
            throw error(
              "NUL byte in the file; it is binary or not UTF-8 text", line: line,
              lineOffset: lineOffset, offset: bufferOffset + p)
          }
          p += 1
        }
        if p - fieldStart > maxFieldBytes {
          throw fieldTooLong(
            line: fieldLine, lineOffset: fieldLineOffset, offset: bufferOffset + fieldStart)
        }
        if p == end && !atEOF { return .needMoreBytes }
        record.bytes.append(
          contentsOf: UnsafeBufferPointer(start: buffer + fieldStart, count: p - fieldStart))
      }
      record.fields.append(
        CSVRecord.Field(
          end: record.bytes.count, line: fieldLine, offset: bufferOffset + fieldStart,
          lineOffset: fieldLineOffset, quoted: wasQuoted))

      // After a field: a comma, a line end, or the end of the file.
      if p == end {
        // atEOF here: the last line has no line end.
        position = p
        self.line = line
        self.lineOffset = lineOffset
        return .record
      }
      let byte = buffer[p]
      if byte == Self.comma {
        p += 1
        if p == end && !atEOF { return .needMoreBytes }
        continue
      }
      if byte == Self.cr {
        if p + 1 == end && !atEOF { return .needMoreBytes }
        p += (p + 1 < end && buffer[p + 1] == Self.lf) ? 2 : 1
      } else {
        p += 1
      }
      line += 1
      lineOffset = bufferOffset + p
      position = p
      self.line = line
      self.lineOffset = lineOffset
      return .record
    }
  }

  // MARK: - Buffer

  /// Moves the unparsed bytes to the front of the buffer and reads more.
  private func compactAndFill() throws {
    let keep = end - position
    if position > 0 {
      buffer.update(from: buffer + position, count: keep)
      bufferOffset += position
      end = keep
      position = 0
    } else if end == capacity {
      // One record is longer than the whole buffer: grow it.
      let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      bigger.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = bigger
      capacity *= 2
    }
    try fill(minimum: 1)
  }

  /// Reads until at least `minimum` more bytes are buffered or the file ends.
  private func fill(minimum: Int) throws {
    var added = 0
    while added < minimum && !atEOF {
      let room = min(capacity - end, readSize)
      let count = read(fd, buffer + end, room)
      if count < 0 {
        if errno == EINTR { continue }
        throw DairyError(.input, at: SourceLocation(file: displayName), Self.describe(errno))
      }
      if count == 0 {
        atEOF = true
        break
      }
      digest.update(UnsafeRawBufferPointer(start: buffer + end, count: count))
      end += count
      added += count
      bytesRead += count
    }
  }

  // MARK: - Errors

  private func fieldTooLong(line: Int, lineOffset: Int, offset: Int) -> DairyError {
    error(
      "a field is longer than \(maxFieldBytes / 1024 / 1024) MiB; is this really a CSV file?",
      line: line, lineOffset: lineOffset, offset: offset)
  }

  private func error(_ message: String, line: Int, lineOffset: Int, offset: Int) -> DairyError {
    DairyError.importFailed(
      SourceLocation(
        file: displayName, line: line, column: column(lineOffset: lineOffset, offset: offset)),
      message)
  }

  /// The 1-based column, in characters, of the byte at file `offset` on the line starting at
  /// `lineOffset`. Reads the file again: it is only needed on the way to an error.
  public func column(lineOffset: Int, offset: Int) -> Int {
    let count = offset - lineOffset
    guard count > 0 else { return 1 }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(lineOffset)) }
    guard got == count else { return count + 1 }
    // Count the bytes that start a character; a stray continuation byte counts as one.
    var characters = 0
    var pending = 0
    for byte in bytes {
      if pending > 0 && byte & 0xC0 == 0x80 {
        pending -= 1
        continue
      }
      pending = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
      characters += 1
    }
    return characters + 1
  }

  /// The location of field `index` of `record`.
  public func location(of record: CSVRecord, field index: Int) -> SourceLocation {
    location(of: record.fields[index])
  }

  /// The location of a field's first character.
  public func location(of field: CSVRecord.Field) -> SourceLocation {
    SourceLocation(
      file: displayName, line: field.line,
      column: column(lineOffset: field.lineOffset, offset: field.offset))
  }

  /// The location of byte `byteIndex` inside field `index` of `record` (for an unquoted field).
  public func location(of record: CSVRecord, field index: Int, byte byteIndex: Int)
    -> SourceLocation
  {
    let field = record.fields[index]
    let offset = field.offset + byteIndex + (field.quoted ? 1 : 0)
    return SourceLocation(
      file: displayName, line: field.line,
      column: column(lineOffset: field.lineOffset, offset: offset))
  }
}
