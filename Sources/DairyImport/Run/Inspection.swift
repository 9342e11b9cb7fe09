import DairyFormats
import DairyModel

/// What `dairy inspect` tells of one file: how each of its tables is read (its sheet, dataset,
/// layout, blocks of rows, series, footnotes and warnings) and what its source warned of, or the
/// error that an import of it stops at.
/// It comes from an import run into a ``RecordingTarget``, so it never disagrees with `dairy
/// import`.
package struct Inspection: Sendable, Hashable {
  /// One series, as a line of the inspection.
  package struct Series: Sendable, Hashable {
    /// The 1-based column of a years-down series, or the line (a sheet's row) of a years-across
    /// one.
    package var column: Int?
    package var line: Int?
    package var key: String
    package var title: String
    package var group: String?
    package var unit: String?
    package var footnotes: [Int]
    package var years: ClosedRange<Int64>?
    package var count: Int
    package var missing: Int
    package var notes: String?
  }

  /// One table of the file, and the dataset it goes to.
  package struct Dataset: Sendable, Hashable {
    /// The workbook sheet the table is, or nil for a file that is one table (CSV).
    package var sheet: String?
    package var name: String
    package var layout: String
    package var facts: DatasetFacts
    package var unit: String?
    package var blocks: [TableExplanation.Block]
    package var series: [Series]
    package var footnotes: [TableExplanation.Footnote]
    package var warnings: [String]
    /// The cells of the data that are not numbers (the first hundred), and how many there are.
    package var invalidCells: [String]
    package var invalidCount: Int
  }

  /// A dataset of the database that an import of a backup would replace, and what it holds.
  package typealias Replaced = DatasetSize

  /// What an import of a backup would do to the database: its path, and the datasets of it that
  /// the backup replaces (the others stay as they are).
  package struct Replacement: Sendable, Hashable {
    package var database: String
    package var datasets: [Replaced]

    package init(database: String, datasets: [Replaced]) {
      self.database = database
      self.datasets = datasets
    }
  }

  package var file: String
  package var datasets: [Dataset] = []
  /// Whether the file is a backup (`dairy export`'s JSON): its datasets replace the database's.
  package var isBackup = false
  /// For a backup, what it replaces in the database (filled in by ``InspectFlow``, which knows
  /// the database); nil for another file, or when the database could not be read.
  package var replacement: Replacement?
  /// What the file's source and its metadata noticed and read past, apart from its tables'
  /// warnings: a workbook's skipped sheets, its formulas without a cached value, a series the
  /// metadata sidecar describes and the file lacks.
  package var warnings: [String] = []
  package var error: DairyError?
}
