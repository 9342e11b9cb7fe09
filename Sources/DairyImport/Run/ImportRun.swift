import DairyFormats
import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One import: every file, read through the source of its format, each table's layout detected,
/// and the sections and observations written through an ``ImportTarget``. It stops at the first
/// problem with the file, line and column; the caller's transaction then rolls back. It knows no
/// file format: ``ImportFormats`` chooses the source, ``LayoutDetection`` the layout.
///
/// ```swift
/// var options = ImportOptions()
/// options.dataset = "usda"
/// let summary = try ImportRun.importFiles([path], options: options, into: &target)
/// ```
package struct ImportRun {
  package let options: ImportOptions
  /// Called now and then with (bytes read so far, bytes in all files).
  package let progress: ((Int, Int) -> Void)?
  package let numbers: NumberParser
  package var book: SectionBook
  package var explicitMetadata: DatasetMetadata?
  /// The digests of what the import read: files and metadata.
  package var fingerprint: [String] = []
  /// Per dataset, the digests of what was read for it: each file that wrote it, after its
  /// sidecar's (``fingerprint``, file by file), so that a dataset's fingerprint does not depend
  /// on the other files of its import.
  package var datasetDigests: [String: [String]] = [:]
  /// How many digests the `--metadata` file gave (0 or 1), which every dataset's fingerprint
  /// starts with.
  package var sharedDigests = 0
  package var totalBytes = 0
  package var bytesBefore = 0
  package var summary = ImportSummary()
  /// Every table this run has started, the one being read last.
  package var readTables: [ReadTable] = []
  /// Whether cells that are not numbers are collected instead of stopping the run
  /// (`dairy inspect`).
  package var lenient = false
  /// How each table was read, for `dairy inspect`.
  package var explained: [ExplainedTable] = []
  /// The warnings about a file as a whole, not one of its tables: its source's (a workbook's
  /// skipped sheets) and its metadata's (a series the sidecar describes and the file lacks);
  /// also in the summary's warnings among those of the tables, for `dairy inspect`.
  package var fileWarnings: [String] = []
  /// Whether a file read was a backup (`dairy export`'s JSON), whose datasets replace those of
  /// their names: `dairy inspect` then says which of the database's it would replace.
  package var isBackup = false

  /// The first rows of a table, and the read error that ended them early, if one did.
  package struct Head {
    package var rows: [TableRow] = []
    package var failure: (any Error)?
  }

  /// What a report's import needs of the first rows read (the survey reads them again).
  package struct ReportHead {
    /// How many rows were read.
    package var rows: Int
    /// What ended them early, if anything.
    package var failure: (any Error)?
    /// The line of the first.
    package var firstLine: Int?

    package init(_ head: Head) {
      rows = head.rows.count
      failure = head.failure
      firstLine = head.rows.first?.line
    }
  }

  /// A table read, as `dairy inspect` explains it.
  package struct ExplainedTable {
    package var path: String
    /// The workbook sheet the table is, or nil for a file that is one table.
    package var sheet: String?
    package var dataset: String
    package var explanation: TableExplanation
    /// Its sections, as indices into the run's `book.sections`.
    package var sections: [Int]
    package var invalidCells: [DairyError]
    package var invalidCount: Int
  }

  /// A table of this run, for finding the rows of a duplicate again.
  package struct ReadTable {
    package var format: any TableSource.Type
    package var path: String
    package var index: Int
    package var layout: any TableLayout
    package var dataset: String
  }

  /// Imports every file into `target`. Throws at the first problem.
  package static func importFiles<Target: ImportTarget>(
    _ files: [String], options: ImportOptions, progress: ((Int, Int) -> Void)? = nil,
    into target: inout Target
  ) throws -> ImportSummary {
    let started = ContinuousClock.now
    let run = try perform(files, options: options, progress: progress, into: &target)
    var summary = run.summary
    summary.datasets = run.book.datasets
    summary.fingerprint = ([options.fingerprint] + run.fingerprint).joined(separator: "\n")
    let shared = [options.fingerprint] + run.fingerprint.prefix(run.sharedDigests)
    for dataset in summary.datasets {
      guard let digests = run.datasetDigests[dataset.name] else { continue }
      summary.datasetFingerprints[dataset.name] = (shared + digests).joined(separator: "\n")
    }
    summary.seconds = Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000
    return summary
  }

  /// Runs an import of every file into `target`, and returns the run, for what it learned.
  /// With `lenient`, cells that are not numbers are collected instead of stopping the run.
  package static func perform<Target: ImportTarget>(
    _ files: [String], options: ImportOptions, progress: ((Int, Int) -> Void)? = nil,
    lenient: Bool = false, into target: inout Target
  ) throws -> ImportRun {
    try refuseFilesGivenTwice(files)
    var run = ImportRun(options: options, progress: progress, target: target)
    run.lenient = lenient
    // The run writes through the one target it was given: hand it back as it is now.
    defer { target = run.book.target as! Target }
    run.totalBytes = files.reduce(0) { total, path in
      var info = stat()
      return total + (stat(path, &info) == 0 ? Int(info.st_size) : 0)
    }
    if let path = options.metadataPath {
      let (metadata, digest) = try DatasetMetadata.load(path: path)
      run.explicitMetadata = metadata
      run.fingerprint.append(digest)
      run.sharedDigests = 1
    }
    // What the book learned is worked out while the last observations are written (a Quick
    // Stats download's, sorted at the end, take a while); a failure to write them comes first.
    let finishing: Result<SectionBook.Finish, any Error>
    do {
      for path in files {
        try run.importFile(path)
      }
      finishing = Result { try run.book.finishing() }
      try run.book.target.flush()
      if run.readTables.count > 1 || run.readTables.contains(where: \.layout.mayGiveAYearTwice) {
        try run.book.target.refuseYearsBothMissingAndGiven()
      }
    } catch let duplicate as DuplicateObservation {
      throw try run.describe(duplicate)
    }
    do {
      try run.book.finish(finishing.get())
    } catch var error as DairyError where error.location == nil && files.count == 1 {
      // A text found too long as the import finishes, in a table that has no row for it.
      error.location = SourceLocation(file: files[0])
      throw error
    }
    return run
  }

  /// A file as the command line names it: `-` is standard input (`/dev/stdin`), as for most
  /// tools that read files.
  ///
  /// ```swift
  /// ImportRun.readingStandardInput("-")  // "/dev/stdin"
  /// ```
  package static func readingStandardInput(_ path: String) -> String {
    path == "-" ? "/dev/stdin" : path
  }

  /// Refuses a file the command line names twice, by one path or by two (`ok.csv ./ok.csv`, a
  /// link): each of its rows would be given twice. A usage error: nothing is wrong in the file.
  /// A path that cannot be read is left for its import to report.
  package static func refuseFilesGivenTwice(_ files: [String]) throws {
    var seen: [[UInt64]: String] = [:]
    for path in files {
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      let identity = [UInt64(info.st_dev), UInt64(info.st_ino)]
      guard let first = seen[identity] else {
        seen[identity] = path
        continue
      }
      let named =
        first == path
        ? "\(TextEscaping.visible(path)) is given twice"
        : "\(TextEscaping.visible(first)) and \(TextEscaping.visible(path)) are the same file"
      throw DairyError(.usage, named + "; import each file once")
    }
  }

  private init(options: ImportOptions, progress: ((Int, Int) -> Void)?, target: any ImportTarget) {
    self.options = options
    self.progress = progress
    self.numbers = NumberParser(missingMarkers: options.missingMarkers)
    self.book = SectionBook(target: target)
  }
}
