import DairyFormats
import DairyModel

/// What the survey of a report table found, and what the report layout follows when it reads
/// the table again for its values: the data blocks, the series, what the title and the notes
/// block say, and the first error, if there is one, with the line it is raised at.
package struct ReportPlan: Sendable {
  /// One run of data rows under one header.
  package struct Block: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
      /// Years down: the year column, and the series of each column (indices into `series`).
      case yearsDown(yearColumn: Int, columns: [Int], series: [Int])
      /// Years across: the column and year of each year, the columns a year spans that hold
      /// series (offsets from the year's column), and per data row's line the series of each
      /// offset.
      case yearsAcross(years: [YearColumn], offsets: [Int], rows: [Int: [Int]])
    }

    package var kind: Kind
    /// The lines of the first and the last data row.
    package var lines: ClosedRange<Int>
  }

  /// A year of a row of years across, and the column it heads.
  package struct YearColumn: Sendable, Hashable {
    package var column: Int
    package var year: Int64
  }

  /// One series: what its section is made from.
  package struct Series: Sendable, Hashable {
    package var draft: SectionFields
    /// The footnotes its caption and its group's caption name.
    package var footnotes: [FootnoteMark]
    package var column: Int?
    package var line: Int?
  }

  package var blocks: [Block] = []
  package var series: [Series] = []
  /// What the title rows and the notes block say of the dataset.
  package var facts = DatasetFacts()
  /// The unit of the title, for series that have none of their own.
  package var unit: String?
  /// What captions over runs of years across say of those years (`Base survey of 2016:
  /// 2016–2019`): dataset notes.
  package var spanNotes: [String] = []
  package var footnotes: [TableExplanation.Footnote] = []
  package var roles: [TableExplanation.Block] = []
  package var warnings: [LayoutWarning] = []
  /// The header captions that head several columns, for the explanation.
  package var spans: [TableExplanation.Span] = []
  /// The first problem with the table, raised when the import reaches `line` (so that the
  /// errors of the rows above it come first).
  package var failure: (line: Int, error: DairyError)?
  /// Years down or across, for the explanation.
  package var orientation = "years down"

  /// Keeps `error` when it comes before the failure already known.
  package mutating func fail(at line: Int, _ error: DairyError) {
    if failure == nil || line < failure!.line { failure = (line, error) }
  }
}
