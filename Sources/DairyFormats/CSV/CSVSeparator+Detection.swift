import DairyModel

// MARK: - Telling the separator from the first lines

extension CSVSeparator {
  /// How much of a file's text the separator is detected from.
  package static let sampleBytes = 1 << 16
  /// How many records (lines, outside quotes) the separator is detected from.
  package static let sampleRecords = 20

  /// The separator of a file whose text starts with `text` (the whole text when `isWhole`).
  ///
  /// Each candidate splits the first ``sampleRecords`` records, reading quotes as RFC 4180 does,
  /// into fields. The separator is the first of comma, tab and semicolon that splits every
  /// record into the same number of fields, two or more; failing that (a report whose title
  /// lines are not padded), the one that splits the most records into one number of fields, two
  /// or more, a tie going to the comma, then the tab. A file that imports as comma separated has
  /// every record the same width, so the comma keeps it; a report whose title line holds a comma
  /// but whose lines are split by semicolons is read by semicolons.
  ///
  /// ```swift
  /// let text = Array("Year;Milk, fluid;Butter\n1975;247;4.7\n".utf8)
  /// text.withUnsafeBufferPointer { CSVSeparator.detect(in: $0, isWhole: true) }  // .semicolon
  /// ```
  package static func detect(in text: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> CSVSeparator {
    var best = (separator: CSVSeparator.comma, records: 0)
    for candidate in [CSVSeparator.comma, .tab, .semicolon] {
      let counts = fieldCounts(in: text, separator: candidate.byte, isWhole: isWhole)
      if let first = counts.first, first >= 2, counts.allSatisfy({ $0 == first }) {
        return candidate
      }
      var widths: [Int: Int] = [:]
      for width in counts where width >= 2 { widths[width, default: 0] += 1 }
      let records = widths.values.max() ?? 0
      if records > best.records { best = (candidate, records) }
    }
    return best.separator
  }

  /// The separator of the file `reader` reads, from the first bytes of its text.
  package static func detect(_ reader: CSVReader) throws -> CSVSeparator {
    let head = try reader.head(sampleBytes)
    return detect(in: head, isWhole: reader.atEOF && head.count == reader.end - reader.position)
  }

  /// How many fields each of the first records has when split by `separator`, blank lines
  /// skipped. A record cut short by the end of `text` counts only when it is the first (a long
  /// header) or `text` is the whole file.
  package static func fieldCounts(
    in text: UnsafeBufferPointer<UInt8>, separator: UInt8, isWhole: Bool
  ) -> [Int] {
    enum State { case fieldStart, unquoted, quoted, quoteInQuoted }
    var counts: [Int] = []
    var (fields, state, blank) = (1, State.fieldStart, true)
    for byte in text {
      switch (state, byte) {
      case (.quoted, CSVReader.quote): state = .quoteInQuoted
      case (.quoted, _): continue
      case (.quoteInQuoted, CSVReader.quote): state = .quoted
      case (_, CSVReader.lf), (_, CSVReader.cr):
        if !blank { counts.append(fields) }
        if counts.count == sampleRecords { return counts }
        (fields, state, blank) = (1, .fieldStart, true)
        continue
      case (_, separator):
        fields += 1
        state = .fieldStart
      case (.fieldStart, CSVReader.quote): state = .quoted
      default: state = .unquoted
      }
      blank = false
    }
    if !blank && (isWhole || counts.isEmpty) { counts.append(fields) }
    return counts
  }
}
