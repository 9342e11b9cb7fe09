/// `dairy sections --format json`: every matching section at a glance. The README lists the
/// fields ("JSON output").
///
/// ```swift
/// let summaries = try database.summaries(matching: SectionFilter(search: "cheese"))
/// JSONOutput.string(SectionsDocument(summaries))  // {"sections":[\n{"dataset":…}\n]}\n
/// ```
struct SectionsDocument: Encodable {
  var sections: [Summary]

  /// One section: what it is, its span and its latest value.
  struct Summary: Encodable {
    var dataset: String
    var title: String
    /// The source's name for the series, as written.
    var key: String
    var unit: String?
    var group: String?
    /// The first and last year with a value; null when it has none.
    var from: Int64?
    var to: Int64?
    /// Observations, over all years.
    var rows: Int
    /// The last year with a value, and that value.
    var latest: ObservationRecord?
  }

  init(_ summaries: [SectionSummary]) {
    sections = summaries.map { summary in
      let info = summary.info
      return Summary(
        dataset: info.dataset, title: info.title, key: info.key, unit: info.unit,
        group: info.group, from: info.years?.lowerBound, to: info.years?.upperBound,
        rows: info.observationCount, latest: summary.latest.map(ObservationRecord.init))
    }
  }
}

/// `dairy sections --format json`'s text: a ``SectionsDocument`` written by ``JSONOutput``.
///
/// ```swift
/// SectionsJSON.render(try database.summaries(matching: SectionFilter()))
/// ```
public enum SectionsJSON {
  public static func render(_ summaries: [SectionSummary]) -> String {
    JSONOutput.string(SectionsDocument(summaries))
  }
}
