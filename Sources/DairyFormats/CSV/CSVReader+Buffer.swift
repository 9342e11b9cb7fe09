import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - The buffer

extension CSVReader {
  /// Reads the first bytes and decides the encoding: a byte-order mark is skipped and decides
  /// (UTF-8 or UTF-16); without one the file is in the encoding asked for. From here on a file
  /// that is not UTF-8 is transcoded as it is read.
  package func start() throws {
    started = true
    try fill(minimum: 3)
    // A workbook is a ZIP (xlsx) or OLE2 (xls) file: said so if its bytes reach the CSV reader
    // (a pipe, which the formats cannot look into first).
    startsAsWorkbook = SpreadsheetFileKind.startsAsWorkbook(
      UnsafeBufferPointer(start: buffer, count: min(end, 8)))
    var skip = 0
    var encoding = requestedEncoding
    if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
      (encoding, skip) = (.utf8, 3)
    } else if end >= 2 && buffer[0] == 0xFF && buffer[1] == 0xFE {
      (encoding, skip) = (.utf16LE, 2)
    } else if end >= 2 && buffer[0] == 0xFE && buffer[1] == 0xFF {
      (encoding, skip) = (.utf16BE, 2)
    }
    self.encoding = encoding
    guard encoding != .utf8 else {
      position = skip
      lineOffset = skip
      return
    }
    // The bytes read so far are the first to transcode; offsets count transcoded text from here.
    let state = CSVTranscoding(
      encoding: encoding, capacity: capacity,
      first: UnsafeBufferPointer(start: buffer + skip, count: end - skip), fileOffset: skip,
      atEOF: atEOF)
    transcoding = state
    (end, position, lineOffset, bufferOffset, atEOF) = (0, 0, 0, 0, false)
    try fill(minimum: 1)
  }

  /// The first bytes of the text, up to `count` (and at most `maxRecordBytes`), without
  /// consuming them: what the separator is detected from. The pointer is valid until the next
  /// read.
  package func head(_ count: Int) throws -> UnsafeBufferPointer<UInt8> {
    if !started { try start() }
    let wanted = min(count, maxRecordBytes)
    while end - position < wanted && !atEOF {
      if end == capacity || transcoding?.needsRoom == true {
        guard capacity < maxRecordBytes else { break }
        grow()
      }
      try fill(minimum: min(wanted - (end - position), capacity - end))
    }
    return UnsafeBufferPointer(start: buffer + position, count: min(end - position, wanted))
  }

  /// Moves the unparsed bytes to the front of the buffer and reads more; grows the buffer, up to
  /// `maxRecordBytes`, when one record fills it, and then fills it, so that a long record is
  /// parsed again once per growth rather than once per read. Never inlined: its accesses to the
  /// reader's state would otherwise be checked for exclusivity once per record, not per read.
  @inline(never)
  package func compactAndFill() throws {
    let keep = end - position
    var minimum = 1
    if position > 0 {
      buffer.update(from: buffer + position, count: keep)
      bufferOffset += position
      end = keep
      position = 0
    } else if end == capacity || transcoding?.needsRoom == true {
      guard capacity < maxRecordBytes else {
        throw recordTooLong(line: line, lineOffset: lineOffset, offset: bufferOffset)
      }
      grow()
      minimum = capacity - end
    }
    try fill(minimum: minimum)
  }

  /// Doubles the buffer, up to `maxRecordBytes`.
  private func grow() {
    let grown = min(capacity * 2, maxRecordBytes)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    bigger.update(from: buffer, count: end)
    buffer.deallocate()
    buffer = bigger
    capacity = grown
  }

  /// Reads until at least `minimum` more bytes are buffered or the file ends (or, transcoding,
  /// until the next character does not fit).
  package func fill(minimum: Int) throws {
    if transcoding != nil { return try fillTranscoding(minimum: minimum) }
    var added = 0
    while added < minimum && !atEOF {
      let room = min(capacity - end, readSize)
      let count = try readFile(into: buffer + end, room)
      if count == 0 {
        atEOF = true
        break
      }
      end += count
      added += count
    }
  }

  /// Reads at most `count` bytes of the file into `into`, counting and digesting them; 0 at the
  /// end of the file.
  package func readFile(into: UnsafeMutablePointer<UInt8>, _ count: Int) throws -> Int {
    if isDigesting && !digestStarted { startDigest() }
    while true {
      let got = read(fd, into, count)
      if got < 0 {
        if errno == EINTR { continue }
        throw DairyError(.input, at: SourceLocation(file: displayName), SystemError.describe(errno))
      }
      if isDigesting && !digestReadsTheFile {
        digest.update(UnsafeRawBufferPointer(start: into, count: got))
      }
      bytesRead += got
      return got
    }
  }

  /// Leaves a regular file of at most ``maxFileReadTwice`` bytes to the digest to read again
  /// from where this reading starts, on a descriptor of its own; any other is hashed from
  /// copies of what is read.
  private func startDigest() {
    digestStarted = true
    guard isRegularFile, totalBytes <= Self.maxFileReadTwice else { return }
    let offset = lseek(fd, 0, SEEK_CUR)
    guard offset >= 0 else { return }
    let descriptor = dup(fd)
    guard descriptor >= 0 else { return }
    digest.hashFile(descriptor, from: Int(offset))
    digestReadsTheFile = true
  }
}
