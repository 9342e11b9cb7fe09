/// What `dairy inspect` tells of one file: how each of its tables is read (its sheet, dataset,
/// layout, blocks of rows, series, footnotes and warnings) and what its source warned of, or the
/// error that an import of it stops at.
/// It comes from an import run into a ``RecordingTarget``, so it never disagrees with `dairy
/// import`.
struct Inspection: Sendable, Hashable {
  /// One series, as a line of the inspection.
  struct Series: Sendable, Hashable {
    /// The 1-based column of a years-down series, or the line (a sheet's row) of a years-across
    /// one.
    var column: Int?
    var line: Int?
    var key: String
    var title: String
    var group: String?
    var unit: String?
    var footnotes: [Int]
    var years: ClosedRange<Int64>?
    var count: Int
    var missing: Int
    var notes: String?
  }

  /// One table of the file, and the dataset it goes to.
  struct Dataset: Sendable, Hashable {
    /// The workbook sheet the table is, or nil for a file that is one table (CSV).
    var sheet: String?
    var name: String
    var layout: String
    var facts: DatasetFacts
    var unit: String?
    var blocks: [TableExplanation.Block]
    var series: [Series]
    var footnotes: [TableExplanation.Footnote]
    var warnings: [String]
    /// The cells of the data that are not numbers (the first hundred), and how many there are.
    var invalidCells: [String]
    var invalidCount: Int
  }

  /// A dataset of the database that an import of a backup would replace, and what it holds.
  struct Replaced: Sendable, Hashable {
    var name: String
    var sections: Int
    var observations: Int
  }

  /// What an import of a backup would do to the database: its path, and the datasets of it that
  /// the backup replaces (the others stay as they are).
  struct Replacement: Sendable, Hashable {
    var database: String
    var datasets: [Replaced]
  }

  var file: String
  var datasets: [Dataset] = []
  /// Whether the file is a backup (`dairy export`'s JSON): its datasets replace the database's.
  var isBackup = false
  /// For a backup, what it replaces in the database (filled in by ``InspectFlow``, which knows
  /// the database); nil for another file, or when the database could not be read.
  var replacement: Replacement?
  /// What the file's source and its metadata noticed and read past, apart from its tables'
  /// warnings: a workbook's skipped sheets, its formulas without a cached value, a series the
  /// metadata sidecar describes and the file lacks.
  var warnings: [String] = []
  var error: DairyError?
}
