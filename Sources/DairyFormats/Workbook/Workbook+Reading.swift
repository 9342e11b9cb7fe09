import DairyModel

extension Workbook {
  /// A reader of the rows of `sheet`.
  ///
  /// The first reader of a sheet parses it whole before it gives a row: that checks its XML
  /// (a corrupt, too large or malformed part is refused before any row), finds its merged
  /// ranges (`<mergeCells>` comes after the cells) and keeps its rows in a ``SheetRecording``,
  /// which this reader and the next ones of the sheet replay: a report read twice parses its
  /// sheet once. A sheet of more cells than the limits let it keep is not kept; its
  /// readers stream it from the part again, with the merged ranges found the first time.
  ///
  /// With `lastReading`, the reader replays the recording for the last time: it frees the
  /// cells it has given as it goes, and a reader of the sheet after it parses the part again.
  ///
  /// - Throws: ``DairyError`` when the sheet's part is corrupt, its XML malformed, a cell
  ///   invalid, or its merged ranges invalid.
  package func reader(forSheet sheet: WorkbookSheet, lastReading: Bool = false) throws
    -> SheetReader
  {
    var place = WorkbookLocation(file: displayName, sheet: sheet.name)
    guard sheet.kind == .worksheet, let entry = archive.entry(named: sheet.part) else {
      return SheetReader(sheet: sheet, checked: CheckedSheet(), parser: nothing(place))
    }
    place.part = sheet.part
    if recording?.part != sheet.part || checkedSheets[sheet.part] == nil {
      let (kept, checked) = try record(entry, place)
      recording = kept
      checkedSheets[sheet.part] = checked
    }
    let checked = checkedSheets[sheet.part] ?? CheckedSheet()
    if let recording, recording.part == sheet.part, recording.isComplete {
      if lastReading { self.recording = nil }
      return SheetReader(
        sheet: sheet, checked: checked, parser: nothing(place), replaying: recording,
        releasing: lastReading)
    }
    let rows = XMLTokenizer(source: try partSource(entry, place), location: place, limits: limits)
    let parser = SheetParser(
      tokenizer: rows, place: place, strings: strings, styles: styles, date1904: date1904)
    return SheetReader(sheet: sheet, checked: checked, parser: parser)
  }

  /// Parses a sheet's part whole: its rows, kept while they fit a recording, and its merged
  /// ranges.
  private func record(_ entry: ZipArchive.Entry, _ place: WorkbookLocation) throws
    -> (SheetRecording, CheckedSheet)
  {
    let source = try partSource(entry, place)
    var parser = SheetParser(
      tokenizer: XMLTokenizer(source: source, location: place, limits: limits), place: place,
      strings: strings, styles: styles, date1904: date1904)
    let recording = SheetRecording(
      part: entry.name, maxCells: limits.maxRecordedCells,
      maxTextBytes: limits.maxRecordedTextBytes)
    var row = SheetRow()
    do {
      // Every row, for the used area, kept while the recording holds them.
      while try parser.next(into: &row) { recording.append(row) }
      // The rest, after </sheetData>: checked, and read for the merged ranges.
      let ranges = try SheetParser.mergedRanges(
        &parser.tokenizer, limits: limits, place: parser.place)
      recording.complete()
      return (recording, CheckedSheet(mergedRanges: ranges, usedArea: parser.usedArea))
    } catch {
      throw source.failureOfTheRest() ?? error
    }
  }

  /// A parser that gives no rows.
  private func nothing(_ place: WorkbookLocation) -> SheetParser {
    SheetParser(
      tokenizer: XMLTokenizer(source: MemoryPartSource([]), location: place), place: place,
      strings: strings, styles: styles, date1904: date1904, finished: true)
  }
}
