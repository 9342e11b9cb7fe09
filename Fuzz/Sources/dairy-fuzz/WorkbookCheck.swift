@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Reads a whole workbook twice and checks what it gives.
enum WorkbookCheck {
  static func read(_ path: String) {
    let whole = transcript(path, streaming: false)
    // Streamed, every part is inflated on a thread of its own: the same must come out.
    let streamed = transcript(path, streaming: true)
    require(whole == streamed, "streaming differs:\n\(whole.suffix(3))\n\(streamed.suffix(3))")
    trace("workbook: \(whole.count) lines, last: \(whole.last ?? "")")
  }

  /// Every sheet, row and cell as lines; the error that stopped the read last.
  static func transcript(_ path: String, streaming: Bool) -> [String] {
    var lines: [String] = []
    var limits = WorkbookFuzz.limits
    if streaming { limits.inMemoryPartBytes = 0 }
    do {
      let workbook = try Workbook.open(path: path, displayName: "input.xlsx", limits: limits)
      let names = workbook.sheets.map { $0.name.lowercased() }
      require(Set(names).count == names.count, "two sheets of one name: \(names)")
      for sheet in workbook.sheets {
        let reader = try workbook.reader(forSheet: sheet)
        lines.append("sheet \(sheet.name) \(sheet.kind) \(reader.mergedRanges)")
        for range in reader.mergedRanges {
          require(
            range.first.row <= range.last.row && range.first.column <= range.last.column,
            "a merged range upside down: \(range)")
          require(range.last.column < WorkbookLimits.maxColumns, "a range past XFD: \(range)")
        }
        try rows(reader, into: &lines)
      }
    } catch let error as DairyError {
      require(error.kind == .input, "a \(error.kind) error: \(error)")
      require(
        error.location?.file.hasPrefix("input.xlsx") == true, "an unlocated error: \(error)")
      lines.append("\(error)")
    } catch {
      fatalError("the reader threw something else than a DairyError: \(error)")
    }
    return lines
  }

  /// Rows ascend, cells ascend within their row, and every cell lies in the sheet.
  static func rows(_ reader: SheetReader, into lines: inout [String]) throws {
    var row = SheetRow()
    var lastRow = 0
    while try reader.next(into: &row) {
      require(row.number > lastRow && row.number <= WorkbookLimits.maxRows, "row \(row.number)")
      lastRow = row.number
      var lastColumn = -1
      for cell in row.cells {
        require(cell.reference.row == row.number, "cell \(cell.reference) in row \(row.number)")
        require(
          cell.column > lastColumn && cell.column < WorkbookLimits.maxColumns,
          "cell \(cell.reference) after column \(lastColumn)")
        require(
          !cell.isFormulaWithoutValue || cell.value == .empty, "a formula's value without one")
        lastColumn = cell.column
        _ = reader.date(of: cell)
        lines.append("\(cell.reference) \(cell.value) \(cell.format.code)")
      }
    }
    require(try !reader.next(into: &row), "a row after the last")
  }
}
