import DairyFormats
import DairyModel

// MARK: - What the report layout tells: its explanation, and where an observation is

extension ReportLayout {
  package func explanation(_ table: TableImport) -> TableExplanation {
    var explanation = TableExplanation(layout: "report (\(plan.orientation))")
    for role in plan.roles { explanation.add(role.role, lines: role.lines) }
    explanation.series = plan.series.map {
      TableExplanation.Series(
        key: $0.draft.key, column: $0.column, line: $0.line, footnotes: $0.footnotes)
    }
    explanation.unit = plan.unit
    explanation.footnotes = plan.footnotes
    explanation.warnings = plan.warnings
    explanation.spans = plan.spans
    return explanation
  }

  package func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int? {
    guard let block = plan.blocks.first(where: { $0.lines.contains(row.line) }) else {
      return nil
    }
    let cell: Int?
    switch block.kind {
    case .yearsDown(let yearColumn, let columns, let series):
      // A period block's row is found by its whole label (a quarter's row under its year's is
      // not: the year is the row above's).
      let year =
        block.periods == nil
        ? ReportCells.year(row, yearColumn)?.year
        : ReportCells.label(row, yearColumn, marketingYears: block.periods!.marketingYears).map {
          $0.key(as: $0.frequency ?? (block.periods!.weeklyDates ? .weekly : .monthly))
        }
      let isSection = { (index: Int) in self.plan.series[index].draft.key == key.section }
      guard year == key.year,
        let position = series.firstIndex(where: isSection)
          ?? block.periods?.annualSeries.firstIndex(where: isSection)
      else { return nil }
      cell = columns[position]
    case .yearsAcross(let years, let offsets, let rows):
      let isSection = { (index: Int) in self.plan.series[index].draft.key == key.section }
      guard let series = rows[row.line],
        let position = series.firstIndex(where: isSection)
          ?? block.periods?.annualRows[row.line]?.firstIndex(where: isSection),
        let year = years.first(where: { $0.year == key.year })
      else { return nil }
      cell = year.column + offsets[position]
    }
    guard let cell, row.holdsAnObservation(at: cell, numbers) else { return nil }
    return cell
  }
}
