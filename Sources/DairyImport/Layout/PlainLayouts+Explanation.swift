import DairyFormats
import DairyModel

// MARK: - How the plain layouts read a table, for `dairy inspect`

extension WideLayout {
  package func explanation(_ table: TableImport) -> TableExplanation {
    var explanation = TableExplanation(layout: "wide")
    explanation.blocks = table.plainBlocks
    explanation.series = series.map { TableExplanation.Series(key: $0.key, column: $0.column + 1) }
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
    return explanation
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
