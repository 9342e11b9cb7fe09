/// What the survey of a report table found, and what the report layout follows when it reads
/// the table again for its values: the data blocks, the series, what the title and the notes
/// block say, and the first error, if there is one, with the line it is raised at.
struct ReportPlan: Sendable {
  /// One run of data rows under one header.
  struct Block: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
      /// Years down: the year column, and the series of each column (indices into `series`).
      case yearsDown(yearColumn: Int, columns: [Int], series: [Int])
      /// Years across: the column and year of each year, the columns a year spans that hold
      /// series (offsets from the year's column), and per data row's line the series of each
      /// offset.
      case yearsAcross(years: [YearColumn], offsets: [Int], rows: [Int: [Int]])
    }

    var kind: Kind
    /// The lines of the first and the last data row.
    var lines: ClosedRange<Int>
  }

  /// A year of a row of years across, and the column it heads.
  struct YearColumn: Sendable, Hashable {
    var column: Int
    var year: Int64
  }

  /// One series: what its section is made from.
  struct Series: Sendable, Hashable {
    var draft: SectionDraft
    /// The footnotes its caption and its group's caption name.
    var footnotes: [Int]
    var column: Int?
    var line: Int?
  }

  var blocks: [Block] = []
  var series: [Series] = []
  /// What the title rows and the notes block say of the dataset.
  var facts = DatasetFacts()
  /// The unit of the title, for series that have none of their own.
  var unit: String?
  /// Missing markers the notes block's legend defines, besides the standard ones.
  var legendMarkers: [String] = []
  var footnotes: [TableExplanation.Footnote] = []
  var roles: [TableExplanation.Block] = []
  var warnings: [LayoutWarning] = []
  /// The first problem with the table, raised when the import reaches `line` (so that the
  /// errors of the rows above it come first).
  var failure: (line: Int, error: DairyError)?
  /// Years down or across, for the explanation.
  var orientation = "years down"

  /// Keeps `error` when it comes before the failure already known.
  mutating func fail(at line: Int, _ error: DairyError) {
    if failure == nil || line < failure!.line { failure = (line, error) }
  }
}
