import DairyFormats
import DairyModel

// MARK: - Workbook sheets that cannot be read: skipped, or the import refused

extension ImportRun {
  /// Whether a table that cannot be read is skipped with a warning rather than refusing the
  /// import: a sheet of a workbook read whole (no `--sheet`: a sheet asked for by name is
  /// meant to be read), without `--strict`. A file that is one table (CSV) is always refused.
  package func skipsUnreadable(_ table: SourceTable) -> Bool {
    table.location.sheet != nil && !options.strict && options.sheets.isEmpty
  }

  /// The source's next table; a sheet that cannot even be opened or searched for its data
  /// (``skipsUnreadable(_:)``) is added to `skipped` and the one after it is tried. When no
  /// table was `imported` and the source has none left to give, the sheets skipped say why.
  mutating func nextTable(
    of source: any TableSource, imported: Bool, skipped: inout [DairyError]
  ) throws -> SourceTable? {
    while true {
      do {
        return try source.nextTable()
      } catch let error as DairyError
        where error.kind == .input && error.location?.sheet != nil && !options.strict
        && options.sheets.isEmpty
      {
        skipped.append(error)
      } catch let error as DairyError
        where error.kind == .input && error.location?.sheet == nil && !imported
        && !skipped.isEmpty
      {
        // The workbook has no other sheet to read ("no sheet holds a data block"): the sheets
        // skipped say why. (Any other error, the file's or the machine's, is its own.)
        throw Self.refusal(skipped)
      }
    }
  }

  /// Reads `table` through `read`, between ``SectionBook/beginTable()`` and its keeping, so
  /// that a table that cannot be read leaves nothing behind: its sections, observations and
  /// datasets are undone, and so is what the run learned of it (its explanation, warnings, its
  /// place among the tables read). Returns nil for a table skipped, whose error (at its file,
  /// sheet and cell) is added to `skipped`; any other error (the database's, a sidecar's) is
  /// thrown.
  mutating func importSkipping(
    _ table: SourceTable, skipped: inout [DairyError],
    _ read: (inout ImportRun) throws -> ImportSummary.File
  ) throws -> ImportSummary.File? {
    let tables = readTables.count
    let explainedCount = explained.count
    let warningCount = summary.warnings.count
    try book.beginTable()
    let failure: DairyError
    do {
      let file = try read(&self)
      try book.keepTable()
      return file
    } catch let duplicate as DuplicateObservation {
      // Described while the table's sections are still in the book.
      failure = try describe(duplicate)
    } catch var error as DairyError
      where error.kind == .input
      && (error.location == nil || error.location?.file == table.location.file)
    {
      error.location = error.location ?? table.location
      failure = error
    }
    guard failure.location?.sheet == table.location.sheet else { throw failure }
    try book.undoTable()
    readTables.removeSubrange(tables...)
    explained.removeSubrange(explainedCount...)
    summary.warnings.removeSubrange(warningCount...)
    skipped.append(failure)
    return nil
  }

  /// How many skipped sheets a file's warnings name, each on its line; the rest are counted on
  /// one, so that a workbook of thousands of sheets that cannot be read does not bury the
  /// output (as formulas without a value are counted).
  package static let skippedSheetsNamed = 20

  /// The warnings for the sheets of `path` that were skipped: one line each (`FILE: sheet
  /// 'Milk production', cell A1: skipped: the header has no year column …`), the first
  /// ``skippedSheetsNamed`` of them, then a count.
  package static func warnings(skipping skipped: [DairyError], in path: String) -> [String] {
    var lines = skipped.prefix(skippedSheetsNamed).map { error in
      let place = error.location.map { "\($0): " } ?? "\(TextEscaping.visible(path)): "
      return place + "skipped: " + DairyError.shortened(TextEscaping.visible(error.message))
    }
    if skipped.count > skippedSheetsNamed {
      lines.append(
        "\(TextEscaping.visible(path)): \(plural(skipped.count - skippedSheetsNamed, "more sheet")) "
          + "skipped, which cannot be read either")
    }
    return lines
  }

  /// The error for a workbook none of whose sheets could be read: the first sheet's, naming the
  /// others that could not be read either.
  package static func refusal(_ skipped: [DairyError]) -> DairyError {
    var error = skipped[0]
    guard skipped.count > 1 else { return error }
    let others = skipped.dropFirst()
    let named = others.prefix(5).compactMap(\.location?.sheet).map {
      "'\(TextEscaping.visible($0))'"
    }
    error.message +=
      "; no other sheet can be read either ("
      + (named + (others.count > 5 ? ["\(Grouping.digits(others.count - 5)) more"] : []))
      .joined(separator: ", ") + ")"
    return error
  }
}
