/// Consecutive years of a section whose cells held the same missing marker (`NA`, `(D)`, `--`),
/// with what the dataset's legend says it means: `show` and `browse` print the run as one line
/// among the rows (`2003–2005  NA: not available`).
///
/// ```swift
/// let run = MissingRun(years: 2003...2005, marker: "NA", meaning: "not available")
/// run.years.count  // 3
/// ```
package struct MissingRun: Sendable, Hashable {
  package var years: ClosedRange<Int64>
  package var marker: String
  /// The legend's text for the marker, when the dataset's notes define it.
  package var meaning: String?

  package init(years: ClosedRange<Int64>, marker: String, meaning: String? = nil) {
    self.years = years
    self.marker = marker
    self.meaning = meaning
  }

  /// The runs of `cells` (year and marker, years ascending): a run ends where a year is skipped
  /// or the marker changes. Meanings come from `legend`.
  ///
  /// ```swift
  /// MissingRun.runs([(2003, "NA"), (2004, "NA"), (2007, "(D)")], legend: [:]).count  // 2
  /// ```
  package static func runs(
    _ cells: [(year: Int64, marker: String)], legend: [String: String]
  ) -> [MissingRun] {
    var runs: [MissingRun] = []
    for cell in cells {
      if let last = runs.last, last.marker == cell.marker,
        last.years.upperBound + 1 == cell.year
      {
        runs[runs.count - 1].years = last.years.lowerBound...cell.year
      } else {
        runs.append(
          MissingRun(
            years: cell.year...cell.year, marker: cell.marker, meaning: legend[cell.marker]))
      }
    }
    return runs
  }
}

extension Page.Part {
  /// Takes in a later page's part of the same section: its rows' gaps, and whether it closes
  /// the dataset.
  package mutating func `continue`(with later: Page.Part) {
    gaps += later.gaps
    marks.merge(later.marks) { first, _ in first }
    if later.closesDataset {
      closesDataset = true
      dataset = later.dataset
    }
  }
}
