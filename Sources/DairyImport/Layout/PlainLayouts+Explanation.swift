import DairyFormats
import DairyModel

// MARK: - How the plain layouts read a table, for `dairy inspect`

extension WideLayout {
  package func explanation(_ table: TableImport) -> TableExplanation {
    var explanation = TableExplanation(layout: "wide")
    explanation.blocks = table.plainBlocks
    explanation.series = series.map { TableExplanation.Series(key: $0.key, column: $0.column + 1) }
    // The annual sections of a table of quarters, months or weeks, after the others.
    for (position, item) in series.enumerated() where annualSections[position] != nil {
      explanation.series.append(
        TableExplanation.Series(key: PeriodColumns.annualKey(item.key), column: item.column + 1))
    }
    return explanation
  }
}

extension LongLayout {
  package func explanation(_ table: TableImport) -> TableExplanation {
    var explanation = TableExplanation(layout: "long")
    explanation.blocks = table.plainBlocks
    explanation.series = table.sectionsSeen.sorted().map {
      TableExplanation.Series(key: table.book.sections[$0].fields.key, column: value + 1)
    }
    if let columns {
      explanation.columns = table.names.indices.map { column in
        TableExplanation.ColumnPart(
          column: column + 1, name: table.names[column],
          part: part(of: column, columns, names: table.names))
      }
    }
    return explanation
  }

  /// What `column` is, in words, for `dairy inspect`.
  private func part(of column: Int, _ columns: LongColumns, names: [String]) -> String {
    let name = { (column: Int) in "\"\(TextEscaping.visible(names[column]))\"" }
    switch columns.parts[column] {
    case .title: return "title"
    case .group: return "group"
    case .id(let text):
      return "ID of \(name(text)): " + (columns.keys.contains(column) ? "in the key" : "left out")
    case .constant: return "the same on every row: left out"
    case .ofTheYear: return "one value a year: a dataset note"
    case .repeats(let other): return "restates \(name(other)): left out"
    case nil: break
    }
    if column == part { return "part of the year" }
    switch column {
    case year: return periods == nil ? "year" : "period"
    case value: return "value"
    case notes: return "notes"
    case unit: return "unit"
    case dataset: return "dataset"
    default: return "not read"
    }
  }
}

extension TableImport {
  /// A plain table's blocks: its header row, then its data rows.
  package var plainBlocks: [TableExplanation.Block] {
    var blocks = [TableExplanation.Block(role: .header, lines: header.line...header.line)]
    if rows > 0 {
      blocks.append(TableExplanation.Block(role: .data, lines: firstDataLine...lastDataLine))
    }
    return blocks
  }
}
