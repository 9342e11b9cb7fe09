#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Locations and errors

extension CSVReader {
  /// The 1-based column, in characters, of the byte at file `offset` on the line starting at
  /// `lineOffset`. Reads the file again: it is only needed on the way to an error.
  func column(lineOffset: Int, offset: Int) -> Int {
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

  /// The location of a field's first character (its opening quote, when quoted).
  func location(of cell: TableCell) -> SourceLocation {
    location(line: cell.place.line, lineOffset: cell.place.lineOffset, offset: cell.place.offset)
  }

  /// The location of byte `byte` of a field's text (exact for an unquoted field, and for a quoted
  /// one up to its first doubled quote).
  func location(of cell: TableCell, byte: Int) -> SourceLocation {
    let place = cell.place
    return location(
      line: place.line, lineOffset: place.lineOffset,
      offset: place.offset + byte + (place.quoted ? 1 : 0))
  }

  private func location(line: Int, lineOffset: Int, offset: Int) -> SourceLocation {
    SourceLocation(
      file: displayName, line: line, column: column(lineOffset: lineOffset, offset: offset))
  }

  // MARK: Errors

  func error(_ message: String, line: Int, lineOffset: Int, offset: Int) -> DairyError {
    DairyError.importFailed(location(line: line, lineOffset: lineOffset, offset: offset), message)
  }

  func nulByte(line: Int, lineOffset: Int, offset: Int) -> DairyError {
    error(
      "NUL byte in the file; it is binary or not UTF-8 text", line: line, lineOffset: lineOffset,
      offset: offset)
  }

  func fieldTooLong(_ place: CellPlace) -> DairyError {
    error(
      "a field is longer than \(Self.size(maxFieldBytes)); is this really a CSV file?",
      line: place.line, lineOffset: place.lineOffset, offset: place.offset)
  }

  func recordTooLong(line: Int, lineOffset: Int, offset: Int) -> DairyError {
    error(
      "a record is longer than \(Self.size(maxRecordBytes)); is this really a CSV file?",
      line: line, lineOffset: lineOffset, offset: offset)
  }

  /// A limit as the messages say it: `16 MiB`, or bytes when it is not a whole number of MiB.
  static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    default: String(cString: strerror(code))
    }
  }
}
