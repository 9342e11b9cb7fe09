import DairyModel
import GRDB

// MARK: - A page's dataset headers, footers and gaps

extension PageQuery {
  /// `parts` with, for a part that opens its dataset's first section in range or closes its last,
  /// the dataset's facts; and for every part, the runs of marked missing cells among its rows
  /// (before its first when it opens its section, after its last when it closes it, in the
  /// filter's years) and the marks of its rows.
  ///
  /// - Parameters:
  ///   - afterYear: where the page's first part starts, when it continues a section.
  ///   - datasets: false to leave out the datasets' facts (and the gaps' meanings), which only a
  ///     screen shows.
  package func decorated(
    _ parts: [Page.Part], matching: [SectionInfo], counts: [Int], afterYear: Int64?,
    datasets facts: Bool = true
  ) throws -> [Page.Part] {
    guard !parts.isEmpty else { return parts }
    let snapshot = DairyDatabase.Snapshot(db: db)
    let datasets = Dictionary(
      try facts ? snapshot.datasets().map { ($0.name, $0) } : [],
      uniquingKeysWith: { first, _ in first })
    let index = Dictionary(
      matching.indices.map { (matching[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
    // Sections of several datasets in range: each dataset's header names it.
    let named =
      Set(matching.indices.lazy.filter { counts[$0] > 0 }.map { matching[$0].dataset })
      .count > 1
    return try parts.enumerated().map { offset, part in
      var part = part
      let info = part.section.info
      guard let position = index[info.id] else { return part }
      let dataset = datasets[info.dataset]
      part.opensDataset =
        part.opensSection && !hasRows(matching, counts, dataset: info.dataset, in: 0..<position)
      part.closesDataset =
        part.closesSection
        && !hasRows(matching, counts, dataset: info.dataset, in: position + 1..<matching.count)
      // One header and one footer a dataset on a page, though a part without rows (marked cells
      // alone) does not count as rows for the others.
      if offset > 0 && parts[offset - 1].section.info.dataset == info.dataset {
        part.opensDataset = false
      }
      if offset + 1 < parts.count && parts[offset + 1].section.info.dataset == info.dataset {
        part.closesDataset = false
      }
      part.namesDataset = facts && named && part.opensDataset
      if !facts {
        (part.opensDataset, part.closesDataset) = (false, false)
      } else if part.opensDataset || part.closesDataset {
        part.dataset = dataset ?? DatasetInfo(name: info.dataset)
      }
      let legend = Dictionary(
        (dataset?.legend ?? []).map { ($0.marker, $0.meaning) },
        uniquingKeysWith: { first, _ in first })
      let after = offset == 0 && !part.opensSection ? afterYear : part.section.rows.first?.year
      part.gaps = try gaps(
        of: part.section, after: part.opensSection ? nil : after,
        upToEnd: part.closesSection, legend: legend)
      if let first = part.section.rows.first?.year, let last = part.section.rows.last?.year {
        part.marks = try snapshot.marks(of: info.id, in: first...last)
      }
      return part
    }
  }

  /// Whether a section of `dataset` among `matching[range]` has rows in range.
  private func hasRows(
    _ matching: [SectionInfo], _ counts: [Int], dataset: String, in range: Range<Int>
  ) -> Bool {
    range.contains { matching[$0].dataset == dataset && counts[$0] > 0 }
  }

  /// The marked missing cells of `section`, as runs: after the period key `year` (from the start
  /// of the filter's periods when nil: the part opens the section) and before its last row
  /// (through the end of the filter's periods when `upToEnd`: the part closes the section). A
  /// series whose last period is withheld (`(D)`) says so after its last value, not nothing. An empty cell is not
  /// marked: in a tidy file it only says that the year has no value.
  private func gaps(
    of section: Section, after year: Int64?, upToEnd: Bool, legend: [String: String]
  ) throws -> [MissingRun] {
    let range = request.filter.keys(for: section.info.frequency)
    // A section without rows in range: every marked cell in range.
    let last = section.rows.last?.year
    let low = year.map { $0 + 1 } ?? range.lowerBound
    let high = upToEnd || last == nil ? range.upperBound : last! - 1
    guard low <= high else { return [] }
    let cells = try Row.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT year, marker FROM missing
          WHERE sectionId = ? AND year BETWEEN ? AND ? AND marker <> '' ORDER BY year
          """),
      arguments: [section.info.id, low, high]
    ).map { (year: $0[0] as Int64, marker: $0[1] as String) }
    return MissingRun.runs(cells, legend: legend, frequency: section.info.frequency)
  }
}
