import DairyFormats
import DairyModel

// MARK: - NASS report tables: read once, planned at their end

extension ImportRun {
  /// Whether a table is a NASS report table (``NASSReportLayout``): its first line starts with
  /// a table number and a record type, and each of its first lines with a table number (the
  /// layout refuses a record type it does not know, where it stands). Read so without
  /// `--format`, or with `--format report`.
  ///
  /// - Throws: ``DairyError`` (usage) for `--format wide|long`, which such a table cannot be.
  package static func readsAsNASSReport(_ head: [TableRow], options: ImportOptions) throws
    -> Bool
  {
    let lines = head.filter { !$0.isBlankRow }
    guard let first = lines.first, first.count >= 2,
      NASSReportSource.recordTypes.contains(first.trimmedText(at: 1).lowercased()),
      lines.allSatisfy({ row in
        NASSReportSource.tableNumber(of: row)?.allSatisfy { $0.isASCII && $0.isNumber } == true
      })
    else { return false }
    switch options.format {
    case .auto, .report: return true
    case .wide, .long:
      throw DairyError(
        .usage,
        "this is a NASS report table (lines of a table number and a record type), which dairy "
          + "reads without --format \(options.format.rawValue)")
    }
  }

  /// Imports a NASS report table: its first rows `head`, then the rest of `source`'s table,
  /// through a ``NASSReportLayout``, which reads the table at its end.
  package mutating func importNASSReport(
    _ table: SourceTable, head: Head, of source: any TableSource, path: String,
    dataset: String, metadata: DatasetMetadata?
  ) throws -> ImportSummary.File {
    // Only its own source reads a NASS file's lines whole (a plain CSV source cuts them to the
    // first line's width), and it reads the file twice: a pipe gives its bytes once.
    guard source is NASSReportSource else {
      throw DairyError(
        .input, at: table.location,
        Self.readsAgain(path)
          ? "its lines are a NASS report table's, but its first line does not start with a "
            + "table number and a record type (t, h, u, d, c or f)"
          : "is a NASS report file, which dairy reads twice, and this file can be read once (a "
            + "pipe); save it to a file and import that")
    }
    return try readLaidOut(
      NASSReportLayout(), from: source, as: type(of: source), head: head, table: table,
      path: path, dataset: dataset, metadata: metadata,
      firstDataLine: head.rows.first?.line ?? 0)
  }
}
