import Foundation

/// What an import did, for the summary line and the imports log.
///
/// ```swift
/// print(summary.description)
/// // imported per_capita_consumption_1975-2022: 21 sections, 958 observations, 50 missing cells
/// ```
public struct ImportSummary: Sendable, Hashable, CustomStringConvertible {
  /// One file of the import.
  public struct File: Sendable, Hashable {
    public var path: String
    public var dataset: String
    public var sha256: String
    public var rows: Int
    public var sections: Int
    public var observations: Int
    public var missing: Int
    public var bytes: Int

    package init(
      path: String, dataset: String, sha256: String, rows: Int, sections: Int, observations: Int,
      missing: Int, bytes: Int
    ) {
      self.path = path
      self.dataset = dataset
      self.sha256 = sha256
      self.rows = rows
      self.sections = sections
      self.observations = observations
      self.missing = missing
      self.bytes = bytes
    }
  }

  /// One dataset written by the import.
  public struct Dataset: Sendable, Hashable {
    public var name: String
    public var sections: Int
    public var observations: Int
    public var missing: Int

    package init(name: String, sections: Int, observations: Int, missing: Int) {
      self.name = name
      self.sections = sections
      self.observations = observations
      self.missing = missing
    }
  }

  public var files: [File] = []
  public var datasets: [Dataset] = []
  /// True when every dataset already held exactly these bytes imported with these options, so
  /// nothing was written.
  public var unchanged = false
  /// Warnings that did not stop the import (e.g. metadata for a series the file does not have).
  public var warnings: [String] = []
  /// The workbook sheets that could not be read and were skipped, each with the error that
  /// reading it stopped at (its file, sheet and cell); the other sheets were imported.
  public var skippedSheets: [DairyError] = []
  /// The datasets the import replaced (`--replace`), with what each had that the import did not
  /// give; empty when it replaced none.
  public var replaced: [DatasetReplacement] = []
  /// What the import read: options, file and metadata digests. Equal fingerprints, equal data.
  package var fingerprint = ""
  /// Per dataset, what was read for it: the options, the `--metadata` file's digest and the
  /// digests of the files that wrote it (and their sidecars). The same as ``fingerprint`` for an
  /// import of one file; for several, each dataset's own, so that importing one of them again on
  /// its own is `unchanged`.
  package var datasetFingerprints: [String: String] = [:]
  /// Wall-clock seconds.
  public var seconds: Double = 0

  package init() {}

  public var sections: Int { datasets.reduce(0) { $0 + $1.sections } }
  public var observations: Int { datasets.reduce(0) { $0 + $1.observations } }
  public var missing: Int { datasets.reduce(0) { $0 + $1.missing } }

  /// The summary's lines: one per dataset, then a total when there are several, which counts
  /// the sheets skipped (the single line does, when there is one dataset). Each is one safe
  /// line: a dataset's name is shown escaped, as data is.
  public var lines: [String] {
    let verb = unchanged ? "unchanged" : "imported"
    let lines = datasets.map { dataset in
      "\(verb) \(TextEscaping.visible(dataset.name)): \(plural(dataset.sections, "section")), "
        + "\(plural(dataset.observations, "observation")), "
        + plural(dataset.missing, "missing cell")
    }
    var time = "in " + String(format: "%.2f", seconds) + " s"
    if !skippedSheets.isEmpty {
      time += "; \(plural(skippedSheets.count, "unreadable sheet")) skipped"
    }
    if datasets.count == 1 { return [lines[0] + " " + time] }
    return lines + [
      "total: \(plural(sections, "section")), \(plural(observations, "observation")), "
        + "\(plural(missing, "missing cell")) " + time
    ]
  }

  public var description: String { lines.joined(separator: "\n") }

  /// The fingerprint the dataset `name` is stamped with: its own, else the import's.
  package func fingerprint(of name: String) -> String {
    datasetFingerprints[name] ?? fingerprint
  }
}

package func plural(_ count: Int, _ noun: String) -> String {
  "\(Grouping.digits(count)) \(noun)\(count == 1 ? "" : "s")"
}
