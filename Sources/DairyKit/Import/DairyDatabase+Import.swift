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
  /// Each file goes into the dataset named after its stem, or into `options.dataset`. When every
  /// dataset already holds exactly these bytes imported with these options, nothing is written
  /// and the summary says `unchanged`. Otherwise a dataset that already exists is replaced only
  /// with `options.replace` (the summary's `replaced` then says what each had that the files do
  /// not give); without it the import is refused before anything is written, with a
  /// ``DairyError`` of kind `.exists` that names each dataset, what it holds and where it came
  /// from, and a free name to import under instead.
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
    do {
      return try importTransaction(onlyIfEmpty: onlyIfEmpty, replaces: options.replace) { target in
        try ImportRun.importFiles(files, options: options, progress: progress, into: &target)
      }
    } catch let refused as DatasetsReplaced {
      let names = try read { try $0.datasetNames() }
      throw Self.refusal(refused.datasets, files: files, options: options, names: names)
    }
  }

  /// The error of an import that would replace `datasets` without `--replace`: each dataset with
  /// what it holds, where it came from and what the files lack of it, then what to do: pass
  /// `--replace`, or (one file whose datasets take its stem or `--dataset`) import under a free
  /// name, proposed.
  ///
  /// ```
  /// replaces dataset annualmilkprodfactors: 13 sections from annualmilkprodfactors.xlsx,
  /// imported 2026-11-27 10:02 (the new file lacks its title, source and contact); pass
  /// --replace to replace it, or --dataset annualmilkprodfactors-2 to import under another name
  /// ```
  static func refusal(
    _ datasets: [DatasetReplacement], files: [String], options: ImportOptions, names: [String]
  ) -> DairyError {
    let lacks = { (dataset: DatasetReplacement) in
      dataset.droppedText.map {
        " (the new \(files.count == 1 ? "file lacks" : "files lack") \($0))"
      } ?? ""
    }
    var message: String
    if datasets.count == 1 {
      message =
        "replaces dataset \(datasets[0].line)\(lacks(datasets[0])); pass --replace to replace it"
    } else {
      let each = datasets.map { "\($0.line)\(lacks($0))" }
      message =
        "replaces \(datasets.count) datasets: \(each.joined(separator: "; ")); pass --replace to "
        + "replace them"
    }
    if files.count == 1 {
      let base =
        options.dataset ?? URL(fileURLWithPath: files[0]).deletingPathExtension().lastPathComponent
      if datasets.allSatisfy({ $0.name == base || $0.name.hasPrefix(base + ".") }) {
        let free = ShellCommand.quoted(DatasetName.free(base, among: names))
        message +=
          ", or --dataset \(free) to import under \(datasets.count == 1 ? "another name" : "other names")"
      }
    }
    return DairyError(.exists, message)
  }

  /// Imports the USDA tables that ship with dairy when the database is new (no dataset, nothing
  /// ever imported, not made empty on purpose), as a reading command's first run at the default
  /// location does: the library's way to the bundled data.
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
  /// - Parameter fillsNew: whether a new database gets the whole bundle (false for a `--db`
  ///   path, which a reading command never fills).
  /// - Returns: what was imported (or passed over), or nil when the database needed nothing.
  package func importBundledData(fillsNew: Bool = true) throws -> BundleImport? {
    var urls: [String: String] = [:]
    for name in BundledData.files {
      guard let url = BundledData.url(of: name) else {
        throw DairyError(
          .database, "the bundled data is missing from this build of dairy; rebuild it")
      }
      urls[name] = url.path
    }
    return try importBundle(BundledData.files, fillsNew: fillsNew) { target, files in
      // Each file with its own metadata: the per-capita CSV's sidecar lies beside it.
      try ImportRun.importFiles(
        files.map { urls[$0]! }, options: ImportOptions(), progress: nil, into: &target)
    }
  }
}
