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
      guard ReportCells.year(row, yearColumn)?.year == key.year,
        let position = series.firstIndex(where: { plan.series[$0].draft.key == key.section })
      else { return nil }
      cell = columns[position]
    case .yearsAcross(let years, let offsets, let rows):
      guard let series = rows[row.line],
        let position = series.firstIndex(where: { plan.series[$0].draft.key == key.section }),
        let year = years.first(where: { $0.year == key.year })
      else { return nil }
      cell = year.column + offsets[position]
    }
    guard let cell, row.holdsAnObservation(at: cell, numbers) else { return nil }
    return cell
  }
}
