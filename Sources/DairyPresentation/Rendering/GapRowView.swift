import DairyImport
import DairyModel

/// A run of missing years inside a section, as one line among its rows in `show` and `browse`:
/// the years, then the marker and what the dataset's legend says it means, dimmed.
///
/// ```swift
/// let run = MissingRun(years: 2003...2005, marker: "NA", meaning: "not available")
/// GapRowView(run: run).line(width: 40, style: TextStyle(enabled: false))
/// // "  2003–2005  NA: not available"
/// ```
package struct GapRowView: Sendable, Hashable {
  package var run: MissingRun

  package init(run: MissingRun) {
    self.run = run
  }

  package func line(width: Int, style: TextStyle) -> String {
    let years = run.text
    let marker = TextEscaping.visible(run.marker)
    let text = run.meaning.map { marker + ": " + TextEscaping.visible($0) } ?? marker
    let plain = "  " + years + "  " + text
    if DisplayWidth.of(plain) > width { return DisplayWidth.truncate(plain, to: width) }
    return "  " + style.dim(years) + "  " + style.dim(text)
  }
}

extension Page.Part {
  /// Each gap of the part with the row it comes before: the number of rows for a gap after the
  /// last row (a series whose last years are withheld).
  package var placedGaps: [(row: Int, run: MissingRun)] {
    var placed: [(row: Int, run: MissingRun)] = []
    var row = 0
    let rows = section.rows
    for run in gaps {
      while row < rows.count && rows[row].year < run.years.upperBound { row += 1 }
      placed.append((row, run))
    }
    return placed
  }

  /// The dataset's header lines when this part opens the dataset, else none.
  package func datasetHeader(width: Int, style: TextStyle) -> [String] {
    guard opensDataset, let dataset else { return [] }
    return DatasetHeaderView(dataset: dataset, named: namesDataset).lines(
      width: width, style: style)
  }

  /// The dataset's footer lines when this part closes the dataset, else none.
  package func datasetFooter(width: Int, style: TextStyle) -> [String] {
    guard closesDataset, let dataset else { return [] }
    return DatasetFooterView(dataset: dataset).lines(width: width, style: style)
  }
}
