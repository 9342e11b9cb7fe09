/// Which rows a page holds.
public enum PageStart: Sendable, Hashable {
  /// The first page.
  case first
  /// The page after a cursor.
  case after(PageCursor)
  /// Page `n`, counting from 1, of `pageSize` rows each.
  case number(Int)
}

/// A request for one page of rows, taken in order: sections by dataset and position, years
/// ascending.
public struct PageRequest: Sendable, Hashable {
  public var filter: SectionFilter
  /// Rows per page: one at least (a smaller value is taken as 1).
  public var pageSize: Int {
    didSet { pageSize = max(1, pageSize) }
  }
  public var start: PageStart

  public init(
    filter: SectionFilter = SectionFilter(), pageSize: Int = 50, start: PageStart = .first
  ) {
    self.filter = filter
    // A page holds one row at least (SQLite reads a negative LIMIT as none).
    self.pageSize = max(1, pageSize)
    self.start = start
  }
}

/// Up to `pageSize` rows, grouped under their sections. A page can end inside a section; the next
/// page continues it.
///
/// ```swift
/// let page = try database.page(PageRequest(pageSize: 50))
/// print(page.loaded, "of", page.total)  // 50 of 958
/// ```
public struct Page: Sendable, Hashable {
  /// One section's part of a page.
  public struct Part: Sendable, Hashable {
    public var section: Section
    /// How many rows the section has in the year range, over all pages.
    package var rowsInRange: Int
    /// True when the section's first row in range is on this page (so this page opens it).
    package var opensSection: Bool
    /// True when the section's last row in range is on this page (so its notes footer shows).
    package var closesSection: Bool
    /// The section's whole series in range, reduced to a few points for the header's sparkline.
    package var trend: [Double]
    /// The section's last row before this part's first (before the year range too), for the
    /// change from the previous year; nil when there is none.
    package var previous: Observation?
    /// Whether rows show their change from the previous year (`show --change`, `d` in browse).
    package var showsChange = false
    /// The section's dataset, with its title, source and notes, when this part opens the
    /// dataset's first section in range (``opensDataset``) or closes its last (``closesDataset``).
    public var dataset: DatasetInfo?
    /// True when the dataset's header (title, source, updated) shows above this part.
    package var opensDataset = false
    /// True when the header names the dataset as well (`Dataset: NAME`): the sections in range
    /// are of several datasets, so that a person tells them apart even when a dataset has no
    /// title, and knows the name `--dataset` takes.
    package var namesDataset = false
    /// True when the dataset's footer (its notes and contact) shows after this part.
    package var closesDataset = false
    /// The runs of marked missing cells between this part's first and last row, in year order.
    package var gaps: [MissingRun] = []
    /// The markers the file wrote for some of this part's rows, by year (`-` where its legend
    /// says it represents zero: the row's amount is 0): shown beside the amount.
    package var marks: [Int64: String] = [:]

    package init(
      section: Section, rowsInRange: Int, opensSection: Bool, closesSection: Bool,
      trend: [Double], previous: Observation? = nil
    ) {
      self.section = section
      self.rowsInRange = rowsInRange
      self.opensSection = opensSection
      self.closesSection = closesSection
      self.trend = trend
      self.previous = previous
    }

    /// The change of row `index` from the row before it (``previous`` for the first); nil for a
    /// row with none before it.
    package func change(ofRow index: Int) -> YearChange? {
      let row = section.rows[index]
      let before = index > section.rows.startIndex ? section.rows[index - 1] : previous
      return before.map { YearChange(row, from: $0, frequency: section.info.frequency) }
    }

    /// The section's notes when its notes footer shows on this page (it closes the section), else
    /// nil.
    package var footerNotes: String? { closesSection ? section.info.notes : nil }
  }

  package var request: PageRequest
  public var parts: [Part]
  /// Rows in range before this page.
  package var rowsBefore: Int
  /// Rows in range, over all pages.
  public var total: Int
  /// How many sections match the search (with rows in range or not).
  package var matchingSections: Int
  /// Where the next page starts, or nil when this is the last.
  public var next: PageCursor?
  /// Years before the range that hold data for the matching sections (only with `since`).
  package var history: ClosedRange<Int64>?

  package init(
    request: PageRequest, parts: [Part], rowsBefore: Int, total: Int, matchingSections: Int,
    next: PageCursor?, history: ClosedRange<Int64>?
  ) {
    self.request = request
    self.parts = parts
    self.rowsBefore = rowsBefore
    self.total = total
    self.matchingSections = matchingSections
    self.next = next
    self.history = history
  }

  /// Rows on this page.
  public var rowCount: Int { parts.reduce(0) { $0 + $1.section.rows.count } }

  /// Rows loaded once this page is shown: those before it and its own.
  public var loaded: Int { rowsBefore + rowCount }

  /// Whether another page follows.
  public var hasMore: Bool { next != nil }
}
