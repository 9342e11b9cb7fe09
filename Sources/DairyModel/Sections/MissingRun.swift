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
  /// The section's frequency: what the keys in ``years`` are.
  package var frequency: Frequency

  package init(
    years: ClosedRange<Int64>, marker: String, meaning: String? = nil,
    frequency: Frequency = .annual
  ) {
    self.years = years
    self.marker = marker
    self.meaning = meaning
    self.frequency = frequency
  }

  /// The run's periods as a table shows them: `2003` or `2003–2005`, `2020-03–2020-05`.
  package var text: String {
    Period.span(
      from: Period(frequency: frequency, key: years.lowerBound),
      to: Period(frequency: frequency, key: years.upperBound))
  }

  /// The keys of the run's periods, in order: each cell of the run.
  ///
  /// ```swift
  /// MissingRun(years: 202011...202102, marker: "(D)", frequency: .monthly).keys
  /// // [202011, 202012, 202101, 202102]
  /// ```
  package var keys: [Int64] {
    let first = Period(frequency: frequency, key: years.lowerBound)
    let last = Period(frequency: frequency, key: years.upperBound).ordinal
    guard first.ordinal <= last else { return [years.lowerBound] }
    return (first.ordinal...last).map {
      Period(frequency: frequency, ordinal: $0, weekEndingLike: first).key
    }
  }

  /// The runs of `cells` (period key and marker, ascending) of a section of `frequency`: a run
  /// ends where a period is skipped or the marker changes. Meanings come from `legend`.
  ///
  /// ```swift
  /// MissingRun.runs([(2003, "NA"), (2004, "NA"), (2007, "(D)")], legend: [:]).count  // 2
  /// ```
  package static func runs(
    _ cells: [(year: Int64, marker: String)], legend: [String: String],
    frequency: Frequency = .annual
  ) -> [MissingRun] {
    var runs: [MissingRun] = []
    for cell in cells {
      if let last = runs.last, last.marker == cell.marker,
        Period(frequency: frequency, key: last.years.upperBound).ordinal + 1
          == Period(frequency: frequency, key: cell.year).ordinal
      {
        runs[runs.count - 1].years = last.years.lowerBound...cell.year
      } else {
        runs.append(
          MissingRun(
            years: cell.year...cell.year, marker: cell.marker, meaning: legend[cell.marker],
            frequency: frequency))
      }
    }
    return runs
  }
}

extension Page.Part {
  /// The marked missing cells of the part's ``gaps``, one by one, in period order.
  package var missingCells: [(key: Int64, marker: String)] {
    gaps.flatMap { run in run.keys.map { (key: $0, marker: run.marker) } }
  }

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
