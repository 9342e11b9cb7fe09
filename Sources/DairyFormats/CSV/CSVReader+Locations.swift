import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Locations and errors

extension CSVReader {
  /// The 1-based column, in characters, of the byte at file `offset` on the line starting at
  /// `lineOffset`. Reads the file again: it is only needed on the way to an error.
  package func column(lineOffset: Int, offset: Int) -> Int {
    if transcoding != nil { return transcodedColumn(lineOffset: lineOffset, offset: offset) }
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
  package func location(of cell: TableCell) -> SourceLocation {
    location(line: cell.place.line, lineOffset: cell.place.lineOffset, offset: cell.place.offset)
  }

  /// The location of byte `byte` of a field's text (exact for an unquoted field, and for a quoted
  /// one up to its first doubled quote).
  package func location(of cell: TableCell, byte: Int) -> SourceLocation {
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

  package func error(_ message: String, line: Int, lineOffset: Int, offset: Int) -> DairyError {
    DairyError.importFailed(location(line: line, lineOffset: lineOffset, offset: offset), message)
  }

  /// The error for a NUL byte: in the file, or written by the transcoder for a character it
  /// could not decode.
  package func nulByte(line: Int, lineOffset: Int, offset: Int) -> DairyError {
    let message =
      switch transcoding?.faults[offset] {
      case .unpairedSurrogate?: "a UTF-16 surrogate without its pair; the file is not valid UTF-16"
      case .oddLastByte?: "the file ends in the middle of a UTF-16 character"
      case nil where startsAsWorkbook:
        "this is a workbook (.xlsx or .xls), not CSV text; a workbook is read from a file, not "
          + "a pipe: save it to a file and import that"
      case nil where encoding != .utf8:
        "NUL character in the file; it is binary, not \(encoding.name) text"
      case nil:
        utf16WithoutByteOrderMark().map {
          "NUL byte in the file; it looks like UTF-16 without a byte-order mark: "
            + "import it with --encoding \($0.name)"
        } ?? "NUL byte in the file; it is binary or not UTF-8 text"
      }
    return error(message, line: line, lineOffset: lineOffset, offset: offset)
  }

  /// The UTF-16 a file read as UTF-8 seems to be in: its first bytes are mostly NUL at odd
  /// offsets (little-endian ASCII) or at even ones (big-endian), and seldom at the others.
  package func utf16WithoutByteOrderMark() -> TextEncoding? {
    var bytes = [UInt8](repeating: 0, count: 64)
    let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 64, 0) } & ~1
    guard got >= 4 else { return nil }
    let pairs = got / 2
    let evenZeros = stride(from: 0, to: got, by: 2).filter { bytes[$0] == 0 }.count
    let oddZeros = stride(from: 1, to: got, by: 2).filter { bytes[$0] == 0 }.count
    if oddZeros * 4 >= pairs * 3 && evenZeros * 4 <= pairs { return .utf16LE }
    if evenZeros * 4 >= pairs * 3 && oddZeros * 4 <= pairs { return .utf16BE }
    return nil
  }

  package func fieldTooLong(_ place: CellPlace) -> DairyError {
    error(
      "a field is longer than \(Self.size(maxFieldBytes)); is this really a CSV file?",
      line: place.line, lineOffset: place.lineOffset, offset: place.offset)
  }

  package func recordTooLong(line: Int, lineOffset: Int, offset: Int) -> DairyError {
    error(
      "a record is longer than \(Self.size(maxRecordBytes)); is this really a CSV file?",
      line: line, lineOffset: lineOffset, offset: offset)
  }

  /// A limit as the messages say it: `16 MiB`, or bytes when it is not a whole number of MiB.
  package static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
