import DairyImport
import DairyModel

/// `dairy sections --format csv`: a line per section with the fields of
/// ``SectionsDocument`` flattened into columns — the dataset, the section's fields (its place
/// and frequency columns only when a section has them), its span and row count, and its
/// statistics, each value beside its period (`latestYear,latest`; `latestPeriod,latest` when a
/// section is not annual, the period as text: `2020-03`). A figure that cannot be computed is
/// empty.
///
/// ```swift
/// let csv = SectionsCSV.render(summaries)
/// // dataset,title,key,unit,group,link,from,to,rows,latestYear,latest,firstYear,first,…
/// ```
package enum SectionsCSV {
  /// The statistics' values that have a period beside them, in the order of the columns.
  private static let dated = ["latest", "first", "last"]

  package static func render(_ summaries: [SectionSummary]) -> String {
    let infos = summaries.map(\.info)
    let fields = SectionsDocument.Summary.columns + LongFormatCSV.givenFields(of: infos)
    let periods = LongFormatCSV.writesPeriods(of: infos)
    let when = periods ? "Period" : "Year"
    var names = ["dataset"] + fields.map(\.rawValue) + ["from", "to", "rows"]
    names += dated.flatMap { [$0 + when, $0] }
    names += ["change", "percentChange", "growthRate", "min" + when, "min", "max" + when, "max"]
    if periods { names.append("periodGrowthRate") }
    var text = names.joined(separator: ",") + "\r\n"
    for summary in summaries {
      text += line(summary, fields: fields, periods: periods).joined(separator: ",") + "\r\n"
    }
    return text
  }

  private static func line(
    _ summary: SectionSummary, fields: [SectionFields.Column], periods: Bool
  ) -> [String] {
    let info = summary.info
    func period(_ key: Int64?) -> String { key.map { info.period($0).text } ?? "" }
    func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "" }
    func entry(_ observation: Observation?) -> [String] {
      [period(observation?.year), number(observation?.amount)]
    }
    let statistics = summary.statistics.map {
      SectionsDocument.Statistics($0, decimals: info.decimals)
    }
    var cells = [info.dataset] + fields.map { info.fields[$0] ?? "" }
    cells += [period(info.years?.lowerBound), period(info.years?.upperBound)]
    cells.append(String(info.observationCount))
    cells += entry(summary.latest) + entry(statistics?.first) + entry(statistics?.last)
    cells += [
      number(statistics?.change), number(statistics?.percentChange),
      number(statistics?.growthRate),
    ]
    cells += entry(statistics?.min) + entry(statistics?.max)
    if periods { cells.append(number(statistics?.periodGrowthRate)) }
    return cells.map(LongFormatCSV.field)
  }
}
