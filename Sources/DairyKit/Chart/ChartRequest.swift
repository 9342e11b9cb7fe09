import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// What `dairy chart` was asked for: which sections, which years, how big and in which format.
///
/// ```swift
/// var request = ChartRequest(searches: ["yogurt"], since: 1990)
/// request.format = .svg
/// request.problem()  // nil: nothing wrong
/// ChartRequest(width: 10).problem()  // "--width must be between 20 and 1000."
/// ```
package struct ChartRequest: Sendable, Hashable {
  /// What the chart is written as.
  package enum Format: String, Sendable, CaseIterable {
    /// Lines of text for a terminal (braille or ASCII).
    case text
    /// A standalone SVG image.
    case svg
    /// The plotted points and axes.
    case json
  }

  /// Sections whose title or place contains any of these texts, in any case (a text none has:
  /// whose dataset's name has it, ``SectionFilter/select(_:)``).
  package var searches: [String]
  /// Sections with exactly these titles, in any case (`--section`).
  package var sections: [String]
  package var since: PeriodBound?
  package var until: PeriodBound?
  /// `--place`: only sections about this place.
  package var place: String?
  /// `--dataset`: only sections of this dataset.
  package var dataset: String?
  /// Columns (text) or pixels (SVG); nil for the terminal's (text) or 800 (SVG).
  package var width: Int?
  /// Lines (text) or pixels (SVG); nil for the terminal's, else 24 (text), or 480 (SVG).
  package var height: Int?
  package var marks: ChartStyle.Marks
  package var index: Bool
  /// `--zero`: every value axis includes zero.
  package var zero = false
  package var format: Format
  /// `--db`; nil for the default location.
  package var database: String?

  package init(
    searches: [String] = [], sections: [String] = [], since: PeriodBound? = nil,
    until: PeriodBound? = nil,
    width: Int? = nil, height: Int? = nil, marks: ChartStyle.Marks = .braille,
    index: Bool = false, format: Format = .text, database: String? = nil
  ) {
    self.searches = searches
    self.sections = sections
    self.since = since
    self.until = until
    self.width = width
    self.height = height
    self.marks = marks
    self.index = index
    self.format = format
    self.database = database
  }

  /// The widths and heights a text chart takes: from the smallest chart drawn to a size no
  /// terminal has (a larger one would only cost memory).
  package static let textWidths = ChartRenderer.minimumWidth...Viewport.maximumWidth
  package static let textHeights = ChartRenderer.minimumHeight(panels: 1)...Viewport.maximumHeight
  /// The widths and heights, in pixels, an SVG chart takes.
  package static let svgWidths = ChartSVGLayout.minimumWidth...8000
  package static let svgHeights = 240...8000

  /// The first rule the request breaks, as `dairy chart` reports it (a usage error), or nil.
  package func problem() -> String? {
    if let problem = SectionFilter(since: since, until: until).rangeProblem { return problem }
    let svg = format == .svg
    let unit = svg ? " (pixels, with --format svg)" : ""
    if let width, let text = Self.outside(width, svg ? Self.svgWidths : Self.textWidths) {
      return "--width must be \(text)\(unit)."
    }
    if let height, let text = Self.outside(height, svg ? Self.svgHeights : Self.textHeights) {
      return "--height must be \(text)\(unit)."
    }
    return nil
  }

  /// "between A and B" when `value` is outside `range`; nil inside.
  private static func outside(_ value: Int, _ range: ClosedRange<Int>) -> String? {
    range.contains(value) ? nil : "between \(range.lowerBound) and \(range.upperBound)"
  }

  /// How the lines are drawn: marks, index mode, and the year range, its open ends closed at
  /// `years` (the charted sections' own first and last years), so that a message about the range
  /// names real years.
  package func style(within years: ClosedRange<Int64>?, time: ChartTime = ChartTime())
    -> ChartStyle
  {
    guard !time.isYearly else {
      return ChartStyle(
        marks: marks, index: index,
        years: SectionFilter(since: since, until: until).closedYears(within: years), zero: zero)
    }
    // Positions of periods: the bounds read in the chart's frequency.
    let frequency = time.frequency
    guard since != nil || until != nil else {
      return ChartStyle(marks: marks, index: index, years: nil, zero: zero)
    }
    guard let years else { return ChartStyle(marks: marks, index: index, years: nil, zero: zero) }
    // A bound beyond every period (`Int64.min`, `Int64.max`) stops just outside the data, so
    // that every position drawn or named is a real period's.
    func position(_ key: Int64) -> Int64 {
      key == .min
        ? years.lowerBound - 1 : key == .max ? years.upperBound + 1 : time.position(ofKey: key)
    }
    let low = since.map { position($0.lowerKey(for: frequency)) } ?? years.lowerBound
    let high = until.map { position($0.upperKey(for: frequency)) } ?? years.upperBound
    return ChartStyle(marks: marks, index: index, years: low...max(low, high), zero: zero)
  }

  /// The sections of `all` charted, in their order: of `--dataset` and `--place`, those each
  /// search selects (by title or place, else by dataset name: ``SectionFilter/select(_:)``) and
  /// those `--section` names by their exact title; all of them when neither is given.
  package func select(_ all: [SectionInfo]) -> [SectionInfo] {
    let scope = SectionFilter(place: place, dataset: dataset)
    if searches.isEmpty && sections.isEmpty { return all.filter(scope.isInScope) }
    var chosen = Set<Int64>()
    for search in searches {
      var filter = scope
      filter.search = search
      chosen.formUnion(filter.select(all).map(\.id))
    }
    let named = Set(sections.map { $0.lowercased() })
    return all.filter {
      scope.isInScope($0) && (chosen.contains($0.id) || named.contains($0.title.lowercased()))
    }
  }
}
