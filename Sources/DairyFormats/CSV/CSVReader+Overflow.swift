import DairyModel

// MARK: - A record with more fields than `maxFields`

extension CSVReader {
  /// Where a field is in the lenient count of a record cut short.
  private enum CountState { case fieldStart, unquoted, quoted, quoteInQuoted }

  /// Ends a record that has more fields than `maxFields`, in constant memory: keeps the first
  /// field too many (with no text) for its place, then only counts the fields of the rest, as far
  /// as the record's end or `maxRecordBytes` from its start.
  ///
  /// From here the parse of this record never starts again, so the bytes behind the count may
  /// leave the buffer, which therefore never grows. The count does not check the rest's quoting
  /// (the record is refused already, for a reason earlier on its line); it reads quotes only to
  /// find where fields and the record end. A record that does not end within `maxRecordBytes`
  /// leaves the reader failed: every later read throws that the record is too long.
  package func overflow(_ record: inout TableRow, at start: Cursor) throws -> Outcome {
    let recordStart = bufferOffset + position
    let recordLine = line
    let recordLineOffset = lineOffset
    record.cells.append(
      TableCell(
        end: record.bytes.count, value: .text,
        place: CellPlace(
          line: start.line, offset: bufferOffset + start.p, lineOffset: start.lineOffset,
          quoted: false)))
    var fields = record.cells.count
    let separator = self.separator
    var at = start
    var state = CountState.fieldStart
    while try hasByte(&at) {
      let byte = buffer[at.p]
      let endsRecord = state != .quoted && (byte == Self.lf || byte == Self.cr)
      guard endsRecord || bufferOffset + at.p - recordStart < maxRecordBytes else {
        failure = recordTooLong(line: recordLine, lineOffset: recordLineOffset, offset: recordStart)
        fieldCountIsExact = false
        return endRecord(at, fields: fields)
      }
      at.p += 1
      switch (state, byte) {
      case (.quoted, Self.quote): state = .quoteInQuoted
      case (.quoted, Self.lf):
        at.line += 1
        at.lineOffset = bufferOffset + at.p
      case (.quoted, _): break
      case (.quoteInQuoted, Self.quote): state = .quoted
      case (_, separator):
        fields += 1
        state = .fieldStart
      case (_, Self.lf), (_, Self.cr):
        if byte == Self.cr, try hasByte(&at), buffer[at.p] == Self.lf { at.p += 1 }
        at.line += 1
        at.lineOffset = bufferOffset + at.p
        return endRecord(at, fields: fields)
      case (.fieldStart, Self.quote): state = .quoted
      default: state = .unquoted
      }
    }
    return endRecord(at, fields: fields)
  }

  /// Whether a byte is buffered at `at.p`, reading more when the buffer is spent. Commits the
  /// parse up to `at` first: the bytes before it are no longer needed.
  private func hasByte(_ at: inout Cursor) throws -> Bool {
    if at.p < end { return true }
    if atEOF { return false }
    commit(at)
    try compactAndFill()
    at.p = position
    return at.p < end
  }

  private func endRecord(_ at: Cursor, fields: Int) -> Outcome {
    commit(at)
    fieldCount = fields
    return .record
  }

  private func commit(_ at: Cursor) {
    position = at.p
    line = at.line
    lineOffset = at.lineOffset
  }
}
