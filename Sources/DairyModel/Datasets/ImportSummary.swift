import Foundation

/// What an import did, for the summary line and the imports log.
///
/// ```swift
/// print(summary.description)
/// // imported per_capita_consumption_1975-2022: 21 sections, 958 observations, 50 missing cells
/// ```
package struct ImportSummary: Sendable, Hashable, CustomStringConvertible {
  /// One file of the import.
  package struct File: Sendable, Hashable {
    package var path: String
    package var dataset: String
    package var sha256: String
    package var rows: Int
    package var sections: Int
    package var observations: Int
    package var missing: Int
    package var bytes: Int

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
  package struct Dataset: Sendable, Hashable {
    package var name: String
    package var sections: Int
    package var observations: Int
    package var missing: Int

    package init(name: String, sections: Int, observations: Int, missing: Int) {
      self.name = name
      self.sections = sections
      self.observations = observations
      self.missing = missing
    }
  }

  package var files: [File] = []
  package var datasets: [Dataset] = []
  /// True when every dataset already held exactly these bytes imported with these options, so
  /// nothing was written.
  package var unchanged = false
  /// Warnings that did not stop the import (e.g. metadata for a series the file does not have).
  package var warnings: [String] = []
  /// What the import read: options, file and metadata digests. Equal fingerprints, equal data.
  package var fingerprint = ""
  /// Wall-clock seconds.
  package var seconds: Double = 0

  package init() {}

  package var sections: Int { datasets.reduce(0) { $0 + $1.sections } }
  package var observations: Int { datasets.reduce(0) { $0 + $1.observations } }
  package var missing: Int { datasets.reduce(0) { $0 + $1.missing } }

  /// The summary's lines: one per dataset, then a total when there are several. Each is one safe
  /// line: a dataset's name is shown escaped, as data is.
  package var lines: [String] {
    let verb = unchanged ? "unchanged" : "imported"
    let lines = datasets.map { dataset in
      "\(verb) \(TextEscaping.visible(dataset.name)): \(plural(dataset.sections, "section")), "
        + "\(plural(dataset.observations, "observation")), "
        + plural(dataset.missing, "missing cell")
    }
    let time = "in " + String(format: "%.2f", seconds) + " s"
    if datasets.count == 1 { return [lines[0] + " " + time] }
    return lines + [
      "total: \(plural(sections, "section")), \(plural(observations, "observation")), "
        + "\(plural(missing, "missing cell")) " + time
    ]
  }

  package var description: String { lines.joined(separator: "\n") }
}

package func plural(_ count: Int, _ noun: String) -> String {
  "\(Grouping.digits(count)) \(noun)\(count == 1 ? "" : "s")"
}
