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

  /// Imports the USDA tables that ship with dairy when the database has no dataset yet, as a
  /// reading command's first run does: the library's way to the bundled data.
  ///
  /// ```swift
  /// let database = try DairyDatabase.inMemory()
  /// try database.importBundledDataIfEmpty()?.datasets.first?.name
  /// // "per_capita_consumption_1975-2022"
  /// ```
  ///
  /// - Returns: the summary of that import, or nil when there was data already.
  public func importBundledDataIfEmpty() throws -> ImportSummary? {
    guard try isEmpty() else { return nil }
    return try importBundledData()?.summary
  }

  /// Imports the USDA tables that ship with dairy (``BundledData/files``) that the database
  /// needs: all of them when it has no dataset yet (the first run), and, in a database that was
  /// given them before, the ones a newer dairy added (``BundlePlan``). A database its user filled
  /// is left alone.
  ///
  /// Of several processes that find the database needing them at once, one imports; the others
  /// wait for it and import nothing.
  ///
  /// ```swift
  /// let database = try DairyDatabase.inMemory()
  /// try database.importBundledData()?.summary?.datasets.count  // 6
  /// ```
  ///
  /// - Returns: what was imported (or passed over), or nil when the database needed nothing.
  package func importBundledData() throws -> BundleImport? {
    var urls: [String: String] = [:]
    for name in BundledData.files {
      guard let url = BundledData.url(of: name) else {
        throw DairyError(
          .database, "the bundled data is missing from this build of dairy; rebuild it")
      }
      urls[name] = url.path
    }
    return try importBundle(BundledData.files) { target, files in
      // Each file with its own metadata: the per-capita CSV's sidecar lies beside it.
      try ImportRun.importFiles(
        files.map { urls[$0]! }, options: ImportOptions(), progress: nil, into: &target)
    }
  }
}
