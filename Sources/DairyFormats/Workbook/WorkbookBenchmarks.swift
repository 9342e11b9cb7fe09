import DairyModel

/// Hooks for `dairy-bench xml` (the nested Benchmarks package), to time the stages of reading a
/// sheet apart: inflating its part, and tokenizing its XML from memory.
///
/// ```swift
/// import DairyFormats
///
/// let workbook = try Workbook.open(path: "big.xlsx")
/// let xml = try WorkbookBenchmarks.partBytes(of: workbook.sheets[0], in: workbook)
/// let events = try WorkbookBenchmarks.tokenize(xml)
/// let records = try WorkbookBenchmarks.csvRecords(path: "big.csv")
/// ```
package enum WorkbookBenchmarks {
  /// The inflated XML of `sheet`'s part, within the workbook's limits.
  package static func partBytes(of sheet: WorkbookSheet, in workbook: Workbook) throws -> [UInt8] {
    let place = WorkbookLocation(file: workbook.displayName, sheet: sheet.name, part: sheet.part)
    guard let entry = workbook.archive.entry(named: sheet.part) else {
      throw place.error("is missing from the archive")
    }
    return try workbook.archive.bytes(
      of: entry, maxBytes: workbook.limits.maxPartBytes, limits: workbook.limits, at: place)
  }

  /// Tokenizes `xml` to its end; the number of events.
  package static func tokenize(_ xml: [UInt8]) throws -> Int {
    var tokenizer = XMLTokenizer(
      source: MemoryPartSource(xml), location: WorkbookLocation(file: "benchmark"))
    var events = 0
    while try tokenizer.next() != .endOfDocument { events += 1 }
    return events
  }

  /// Reads the CSV file at `path` with the import's reader (comma-separated), to its end; the
  /// number of records: the CSV reader's throughput beside the XML reader's.
  package static func csvRecords(path: String) throws -> Int {
    let reader = try CSVReader(path: path)
    var row = TableRow()
    var records = 0
    while try reader.next(into: &row) { records += 1 }
    return records
  }
}
