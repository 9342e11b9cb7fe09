import DairyFormats
import DairyModel

// MARK: - Rows the command line places: --header-rows, --data-rows, --year-column

extension ReportSurvey {
  /// What a row is when the options say: above the data (titles and header), data, or notes.
  package enum ForcedRole {
    /// Between the header and the data that both options name: left out.
    case skipped
    case above, data, notes
  }

  /// The role `--header-rows` or `--data-rows` gives a row, or nil when they say nothing of it.
  package func forcedRole(of row: TableRow) -> ForcedRole? {
    if let data = options.dataRows {
      if row.line > data.upperBound { return .notes }
      if let header = options.headerRows, row.line > header.upperBound,
        row.line < data.lowerBound
      {
        return .skipped
      }
      return data.contains(row.line) ? .data : .above
    }
    if let header = options.headerRows {
      if row.line <= header.upperBound { return .above }
      return drafts.isEmpty ? .data : nil
    }
    return nil
  }

  package mutating func addForced(_ row: TableRow, as role: ForcedRole) {
    switch role {
    case .skipped: return
    case .above:
      if !row.isBlankRow { held.append(row) }
    case .notes:
      reading = false
      if !row.isBlankRow { held.append(row) }
    case .data:
      if !reading { startForcedBlock(row) }
      guard !stopped else { return }
      if case .across = drafts[drafts.count - 1].kind {
        addAcross(row, forced: true)
      } else {
        addDown(row, forced: true)
      }
    }
  }

  /// The block the first forced data row starts: years across under the last row of years
  /// above it, else years down in the year column.
  private mutating func startForcedBlock(_ row: TableRow) {
    if let years = held.last(where: { ReportCells.yearsAcross($0) != nil }) {
      let index = held.lastIndex(where: { ReportCells.yearsAcross($0) != nil })!
      let below = Array(held[(index + 1)...])
      held = Array(held[...index])
      startBlock(.across(years: self.years(of: years)))
      drafts[drafts.count - 1].head += below
      return
    }
    guard let column = forcedYearColumn ?? row.filledColumns.first else {
      stop(at: row.line, DairyError.importFailed(locate(row.cells[0]), "the year is missing"))
      return
    }
    startBlock(.down(yearColumn: column))
  }

  /// `--year-column` as a 0-based column: a number counts from 1; a name is a caption of the
  /// rows above the data, in any case.
  package var forcedYearColumn: Int? {
    guard let name = options.yearColumn else { return nil }
    if let number = Int(name), number >= 1 { return number - 1 }
    let wanted = HeaderColumns.normalized(name)
    for row in held + drafts.flatMap(\.head) {
      if let column = (0..<row.count).first(where: {
        HeaderColumns.normalized(row.trimmedText(at: $0)) == wanted
      }) {
        return column
      }
    }
    return nil
  }
}
