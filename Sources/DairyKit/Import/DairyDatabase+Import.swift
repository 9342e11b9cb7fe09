import DairyData
import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

extension DairyDatabase {
  /// Imports files in one transaction: everything lands, or (on any error) nothing does.
  ///
  /// Each file goes into the dataset named after its stem, or into `options.dataset`. A dataset
  /// that already exists is replaced. When every dataset already holds exactly these bytes
  /// imported with these options, nothing is written and the summary says `unchanged`.
  ///
  /// ```swift
  /// let summary = try database.importFiles(["Data/per_capita_consumption_1975-2022.csv"])
  /// summary.observations  // 958
  /// ```
  public func importFiles(
    _ files: [String], options: ImportOptions = ImportOptions(),
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> ImportSummary {
    // Nil only for an import into an empty database alone.
    try importFiles(files, options: options, progress: progress, onlyIfEmpty: false)!
  }

  /// Imports as ``importFiles(_:options:progress:)`` does; with `onlyIfEmpty`, only when the
  /// database has no dataset once the write lock is held (another process may have imported
  /// while this one waited for it), and nil otherwise.
  package func importFiles(
    _ files: [String], options: ImportOptions, progress: ((Int, Int) -> Void)?, onlyIfEmpty: Bool
  ) throws -> ImportSummary? {
    try importTransaction(onlyIfEmpty: onlyIfEmpty) { target in
      try ImportRun.importFiles(files, options: options, progress: progress, into: &target)
    }
  }

  /// Imports the bundled USDA table when the database has no dataset yet.
  ///
  /// Of several processes that find the database empty at once, one imports; the others wait for
  /// it and import nothing.
  ///
  /// - Returns: the summary of that import, or nil when there was data already.
  public func importBundledDataIfEmpty() throws -> ImportSummary? {
    guard try isEmpty() else { return nil }
    guard let csv = BundledData.csvURL, let metadata = BundledData.metadataURL else {
      throw DairyError(
        .database, "the bundled data is missing from this build of dairy; rebuild it")
    }
    var options = ImportOptions()
    options.metadataPath = metadata.path
    return try importFiles([csv.path], options: options, progress: nil, onlyIfEmpty: true)
  }
}
