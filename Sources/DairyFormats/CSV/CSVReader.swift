import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming, byte-level RFC 4180 reader that knows where every field came from.
///
/// It accepts quoted fields with separators, doubled quotes and embedded line breaks; CRLF, LF or
/// CR line ends; a last line with or without its line end; and a leading byte-order mark. The
/// separator is a comma unless ``separator`` says otherwise (``CSVSource`` detects it). A file in
/// UTF-16 (known by its byte-order mark) or in the `encoding` asked for is transcoded to UTF-8 as
/// it is read; offsets are then in the transcoded text, and columns still count characters. It
/// rejects, with the file, line and column: an unterminated quote (where it opened), a quote
/// inside an unquoted field, text after a closing quote, NUL bytes, fields over `maxFieldBytes`
/// and records over `maxRecordBytes`. Blank lines are skipped. Memory stays flat: it holds one
/// buffer, never larger than `maxRecordBytes` (and, transcoding, one of raw bytes as large as its
/// first), and one record of at most `maxFields` + 1 fields, whatever the file.
///
/// ```swift
/// let reader = try CSVReader(path: path)
/// var record = TableRow()
/// while try reader.next(into: &record) { print(record.count) }
/// ```
package final class CSVReader {
  /// The file as the user named it, used in error locations.
  package let displayName: String
  /// The file's size in bytes when it was opened.
  package let totalBytes: Int
  /// How many bytes have been read from the file so far.
  @exclusivity(unchecked) package var bytesRead = 0
  /// The longest field accepted, in bytes.
  package let maxFieldBytes: Int
  /// The longest record accepted, in bytes: the buffer never grows past it.
  package let maxRecordBytes: Int
  /// The most fields of a record that are kept. A record with more keeps one more (with no text,
  /// for its place) and the rest are only counted, in ``fieldCount``.
  @exclusivity(unchecked) package var maxFields = Int.max
  /// How many fields the last record read has: more than its cells when it was cut short.
  @exclusivity(unchecked) package var fieldCount = 0
  /// False when counting the fields of a record cut short stopped at `maxRecordBytes`, so that
  /// the record has more than ``fieldCount`` fields.
  @exclusivity(unchecked) package var fieldCountIsExact = true
  /// The SHA-256 of the file once `next(into:)` returned false (of a pipe: of every byte read
  /// so far).
  ///
  /// - Throws: ``DairyError`` when the file changed while it was read (the digest, which reads
  ///   a regular file again by itself, ``BackgroundDigest/hashFile(_:from:)``, found it written
  ///   to, or another length than this reading did), or when the digest's reading failed.
  package var sha256: String {
    get throws {
      guard let file = digest.fileHash else { return digest.hexDigest }
      let place = SourceLocation(file: displayName)
      if let error = file.readError {
        throw DairyError(.input, at: place, SystemError.describe(error))
      }
      if digest.fileChanged || (atEOF && file.bytes != bytesRead) { throw changedWhileRead }
      return file.digest
    }
  }
  package let digest = BackgroundDigest()

  /// Whether `other` reads the very file this reader reads (the same device and inode): a
  /// second reading opens the file again by its path, which may lead elsewhere by then (a
  /// symbolic link pointed at another file, a file renamed over it).
  package func readsTheSameFile(as other: CSVReader) -> Bool {
    var mine = stat()
    var theirs = stat()
    return fstat(fd, &mine) == 0 && fstat(other.fd, &theirs) == 0
      && mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
  }

  /// The error for a file that changed while it was read.
  package var changedWhileRead: DairyError {
    DairyError(
      .input, at: SourceLocation(file: displayName),
      "the file changed while it was read; import it again once nothing writes to it")
  }
  /// False for a reading whose bytes another reading of the file hashes already.
  @exclusivity(unchecked) package var isDigesting = true
  /// Whether the digest was given its bytes: at the first read, a regular file is left to the
  /// digest to read again by itself, other bytes are copied to it as they are read.
  var digestStarted = false
  var digestReadsTheFile = false
  /// The largest file the digest reads again by itself: one that stays in the page cache between
  /// the two readings, so that the disk is read once.
  package static let maxFileReadTwice = 1 << 30
  /// The byte between fields: a comma, a semicolon or a tab. Set it before the first record.
  @exclusivity(unchecked) package var separator = CSVReader.comma
  /// The encoding asked for; a byte-order mark overrides it.
  package let requestedEncoding: TextEncoding
  /// The encoding the file is read in, once the first record has been asked for (or the head
  /// peeked at).
  @exclusivity(unchecked) package var encoding: TextEncoding

  package let fd: Int32
  // The state of the buffer, shared with the reader's extensions (the count of a record cut
  // short, and locations); nothing else touches it.
  var buffer: UnsafeMutablePointer<UInt8>
  /// How many bytes `buffer` holds room for.
  var capacity: Int
  /// Valid bytes are `buffer[0..<end]`; parsing resumes at `position`.
  var end = 0
  var position = 0
  /// The file offset of `buffer[0]`.
  var bufferOffset = 0
  var atEOF = false
  var line = 1
  var lineOffset = 0
  /// Set when a record could not be read to its end: every later read fails with it.
  var failure: DairyError?
  /// Whether the first bytes were read (``start()``).
  var started = false
  /// The separator records are parsed with: nil until the first record, then ``separator``.
  /// One property for both, so that a record reads one property of the reader before parsing:
  /// each read of a stored property is checked for exclusive access.
  private var parsingSeparator: UInt8?
  /// The file's bytes not yet transcoded, when the file is not UTF-8.
  var transcoding: CSVTranscoding?
  /// Whether the file's first bytes are a workbook's (a ZIP or OLE2 signature).
  var startsAsWorkbook = false
  /// Whether the file is read through a transcoder (its encoding is not UTF-8), known once the
  /// first bytes are read.
  package var transcodes: Bool { transcoding != nil }
  /// Whether the first bytes have been read (the encoding is then known, and fixed).
  package var hasStarted: Bool { started }
  /// Whether the file is a regular file, whose reads come at once (a pipe's may wait for its
  /// writer for as long as it likes).
  package var isRegularFile: Bool {
    var info = stat()
    return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  package static let chunkSize = 1 << 18
  /// The most bytes one read asks for.
  package let readSize: Int
  /// Where a record's text is gathered while it is parsed (``gather(_:_:_:_:into:)``).
  let gathering: UnsafeMutablePointer<UInt8>
  static let gatheringCapacity = 1 << 16

  /// Opens `path` for reading.
  ///
  /// - Throws: ``DairyError`` when the file does not exist, is a directory or cannot be read.
  package convenience init(
    path: String, displayName: String? = nil, maxFieldBytes: Int = 1 << 20,
    maxRecordBytes: Int = 1 << 24, encoding: TextEncoding = .utf8
  ) throws {
    try self.init(
      path: path, displayName: displayName, maxFieldBytes: maxFieldBytes,
      maxRecordBytes: maxRecordBytes, readSize: Self.chunkSize, encoding: encoding)
  }

  /// Opens `path`, reading at most `readSize` bytes at a time: tests make it tiny so that records
  /// straddle every kind of read boundary.
  package init(
    path: String, displayName: String? = nil, maxFieldBytes: Int = 1 << 20,
    maxRecordBytes: Int = 1 << 24, readSize: Int, encoding: TextEncoding = .utf8
  ) throws {
    precondition(readSize >= 2, "the buffer must hold a byte-order mark")
    let name = displayName ?? path
    self.displayName = name
    self.requestedEncoding = encoding
    self.encoding = encoding
    self.maxFieldBytes = maxFieldBytes
    self.maxRecordBytes = maxRecordBytes
    self.readSize = readSize
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw DairyError(.input, at: SourceLocation(file: name), SystemError.describe(errno))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw DairyError(.input, at: SourceLocation(file: name), "is a directory, not a CSV file")
    }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DairyError(.input, at: SourceLocation(file: name), SystemError.describe(errno))
    }
    self.fd = fd
    self.totalBytes = Int(info.st_size)
    self.capacity = readSize * 2
    self.buffer = .allocate(capacity: capacity)
    self.gathering = .allocate(capacity: Self.gatheringCapacity)
  }

  deinit {
    close(fd)
    buffer.deallocate()
    gathering.deallocate()
    transcoding?.raw.deallocate()
  }

  // MARK: - Reading records

  /// Reads the next non-blank record into `record`, replacing what it held.
  ///
  /// - Returns: false at the end of the file.
  package func next(into record: inout TableRow) throws -> Bool {
    if let failure { throw failure }
    let separator = try parsingSeparator ?? startParsing()
    while true {
      switch try parseRecord(into: &record, separatedBy: separator) {
      case .record:
        // A line holding nothing at all is blank, not a record with one empty field.
        if record.count == 1 && record.cells[0].end == 0 && !record.cells[0].place.quoted {
          continue
        }
        return true
      case .endOfFile:
        return false
      case .needMoreBytes:
        try compactAndFill()
      }
    }
  }

  /// Reads the first bytes unless ``head(_:)`` did, and fixes the separator.
  private func startParsing() throws -> UInt8 {
    if !started { try start() }
    parsingSeparator = separator
    return separator
  }

  /// Parses one record starting at `position`; leaves `position` and `line` untouched unless the
  /// whole record was in the buffer, so that it can start again after more bytes arrive.
  @inline(__always)
  private func parseRecord(into record: inout TableRow, separatedBy byte: UInt8) throws -> Outcome {
    // The loops over bytes are compiled once for each separator, whose byte is then a constant:
    // a comma-separated file reads exactly as fast as when the comma was the only separator.
    switch byte {
    case Self.semicolon: try parseRecord(into: &record, Semicolon.self)
    case Self.tab: try parseRecord(into: &record, Tab.self)
    default: try parseRecord(into: &record, Comma.self)
    }
  }

  private func parseRecord<Separator: SeparatorByte>(
    into record: inout TableRow, _: Separator.Type
  ) throws -> Outcome {
    record.removeAll()
    let window = Window(
      buffer: buffer, end: end, atEOF: atEOF, offset: bufferOffset, gathering: gathering)
    let maxFields = self.maxFields
    var at = Cursor(p: position, line: line, lineOffset: lineOffset)
    if at.p == window.end { return window.atEOF ? .endOfFile : .needMoreBytes }
    while true {
      if record.cells.count == maxFields {
        Self.flush(window, &at, into: &record)
        return try overflow(&record, at: at)
      }
      let place = CellPlace(
        line: at.line, offset: window.offset + at.p, lineOffset: at.lineOffset,
        quoted: at.p < window.end && window.buffer[at.p] == Self.quote)
      let complete =
        place.quoted
        ? try readQuoted(&at, place, window, into: &record, Separator.self)
        : try readUnquoted(&at, place, window, into: &record, Separator.self)
      guard complete else { return .needMoreBytes }
      record.cells.append(
        TableCell(end: record.bytes.count &+ at.gathered, value: .text, place: place))
      switch afterField(&at, window, Separator.self) {
      case .nextField:
        continue
      case .needMoreBytes:
        return .needMoreBytes
      case .endOfRecord:
        Self.flush(window, &at, into: &record)
        position = at.p
        line = at.line
        lineOffset = at.lineOffset
        fieldCount = record.cells.count
        return .record
      }
    }
  }

  /// Reads an unquoted field, the hot path: scans to the next delimiter.
  ///
  /// - Returns: false when the buffer ends inside the field.
  @inline(__always)
  private func readUnquoted<Separator: SeparatorByte>(
    _ at: inout Cursor, _ place: CellPlace, _ window: Window, into record: inout TableRow,
    _: Separator.Type
  ) throws -> Bool {
    var p = at.p
    while true {
      p = Self.unquotedStop(window, from: p, Separator.self)
      guard p < window.end else { break }
      let byte = window.buffer[p]
      if byte == Separator.byte || byte == Self.lf || byte == Self.cr { break }
      if byte == Self.quote {
        throw error(
          "a quote inside an unquoted field; quote the whole field and double the quote",
          line: at.line, lineOffset: at.lineOffset, offset: window.offset + p)
      }
      if byte == 0 {
        throw nulByte(line: at.line, lineOffset: at.lineOffset, offset: window.offset + p)
      }
      // A control byte that is text (a tab in a comma-separated file).
      p += 1
    }
    if p - at.p > maxFieldBytes { throw fieldTooLong(place) }
    if p == window.end && !window.atEOF { return false }
    Self.gather(window.buffer + at.p, p - at.p, window, &at, into: &record)
    at.p = p
    return true
  }

  /// Reads a quoted field: doubled quotes become one, line breaks are kept and counted. Its text
  /// is gathered a run at a time, a run ending at a doubled quote or at the closing one.
  ///
  /// - Returns: false when the buffer ends inside the field or right after its closing quote.
  @inline(__always)
  private func readQuoted<Separator: SeparatorByte>(
    _ at: inout Cursor, _ place: CellPlace, _ window: Window, into record: inout TableRow,
    _: Separator.Type
  ) throws -> Bool {
    var text = 0
    var p = at.p + 1
    var runStart = p
    while true {
      p = Self.quotedStop(window, from: p)
      // The field's text so far, up to the byte before `p`: checked at every stop, so that a
      // field too long is refused before the buffer grows for more of it.
      if text + (p - runStart) > maxFieldBytes {
        throw fieldTooLong(place)
      }
      if p == window.end {
        if !window.atEOF { return false }
        throw error(
          "a quoted field opened here is never closed", line: place.line,
          lineOffset: place.lineOffset, offset: place.offset)
      }
      let byte = window.buffer[p]
      if byte == Self.quote {
        if p + 1 == window.end && !window.atEOF { return false }
        // The run and, for a doubled quote, its first quote.
        let doubled = p + 1 < window.end && window.buffer[p + 1] == Self.quote
        let run = p - runStart + (doubled ? 1 : 0)
        Self.gather(window.buffer + runStart, run, window, &at, into: &record)
        text += run
        p += 1
        guard doubled else { break }
        p += 1
        runStart = p
      } else if byte == Self.lf {
        p += 1
        at.line += 1
        at.lineOffset = window.offset + p
      } else if byte == 0 {
        throw nulByte(line: at.line, lineOffset: at.lineOffset, offset: window.offset + p)
      } else {
        // A control byte that is text (a tab, a carriage return).
        p += 1
      }
    }
    if p < window.end {
      let next = window.buffer[p]
      if next != Separator.byte && next != Self.cr && next != Self.lf {
        throw error(
          "text after the closing quote of a quoted field; double a quote inside quotes (\"\")",
          line: at.line, lineOffset: at.lineOffset, offset: window.offset + p)
      }
    }
    at.p = p
    return true
  }

  private enum FieldEnd { case nextField, endOfRecord, needMoreBytes }

  /// After a field: a separator, a line end, or the end of the file.
  @inline(__always)
  private func afterField<Separator: SeparatorByte>(
    _ at: inout Cursor, _ window: Window, _: Separator.Type
  ) -> FieldEnd {
    // At the end of the buffer here, the file has ended: its last line has no line end.
    if at.p == window.end { return .endOfRecord }
    let byte = window.buffer[at.p]
    if byte == Separator.byte {
      at.p += 1
      return at.p == window.end && !window.atEOF ? .needMoreBytes : .nextField
    }
    if byte == Self.cr {
      if at.p + 1 == window.end && !window.atEOF { return .needMoreBytes }
      at.p += (at.p + 1 < window.end && window.buffer[at.p + 1] == Self.lf) ? 2 : 1
    } else {
      at.p += 1
    }
    at.line += 1
    at.lineOffset = window.offset + at.p
    return .endOfRecord
  }
}
