import DairyModel

extension SheetParser {
  /// A cell's `t` attribute.
  package enum CellType: UInt8 {
    /// `n` or none: a number in `<v>`.
    case number
    /// `s`: an index into the shared strings.
    case shared
    /// `inlineStr`: text in `<is>`.
    case inline
    /// `b`: 0 or 1.
    case bool
    /// `e`: an error value such as `#N/A`.
    case error
    /// `str`: a formula's text result.
    case string
    /// `d`: an ISO 8601 date.
    case date
  }

  // MARK: - Events inside <sheetData>

  package mutating func start(row: inout SheetRow) throws {
    switch tokenizer.depth {
    case 3:
      inRow = tokenizer.nameIs("row")
      if inRow { try beginRow(row: &row) }
    case 4:
      if inRow && tokenizer.nameIs("c") { try beginCell() }
    case 5:
      if tokenizer.nameIs("v") {
        cell.capturingValue = true
        cell.hasValue = true
      } else if tokenizer.nameIs("f") {
        cell.hasFormula = true
      } else if tokenizer.nameIs("is") {
        cell.inInlineString = true
        cell.hasValue = true
        cell.inline.begin(&tokenizer)
      }
    default:
      if cell.inInlineString { cell.inline.handle(.start, &tokenizer) }
    }
  }

  package mutating func text() {
    if cell.capturingValue {
      cell.value.append(tokenizer.text)
    } else if cell.inInlineString {
      cell.inline.handle(.text, &tokenizer)
    }
  }

  package mutating func end() {
    if tokenizer.depth == 4 {
      cell.capturingValue = false
      cell.inInlineString = false
    } else if cell.inInlineString {
      cell.inline.handle(.end, &tokenizer)
    }
  }

  // MARK: - Rows and cells

  private mutating func beginRow(row: inout SheetRow) throws {
    var number = rowNumber + 1
    if let text = tokenizer.attribute("r") {
      guard let given = CellReference.parseRow(text) else {
        throw tokenizer.error(
          "row number \"\(XMLTokenizer.visible(text))\" is not between 1 and "
            + "\(WorkbookLimits.maxRows)")
      }
      number = given
    }
    var here = place
    here.row = number
    guard number <= WorkbookLimits.maxRows else {
      throw here.error(
        "the sheet has rows past \(WorkbookLimits.maxRows), the last a sheet can have")
    }
    guard number > rowNumber else {
      throw here.error(
        "row \(number) comes after row \(rowNumber); rows must be in ascending order")
    }
    rowNumber = number
    lastColumn = -1
    row.number = number
  }

  private mutating func beginCell() throws {
    var column = lastColumn + 1
    if let text = tokenizer.attribute("r") {
      guard let reference = CellReference.parse(text) else {
        var here = place
        here.row = rowNumber
        throw here.error(
          "\"\(XMLTokenizer.visible(text))\" is not a cell reference within A1:XFD1048576")
      }
      guard reference.row == rowNumber else {
        throw location(of: reference).error("the cell is listed in row \(rowNumber)")
      }
      column = reference.column
    }
    guard column < WorkbookLimits.maxColumns else {
      var here = place
      here.row = rowNumber
      throw here.error("the row has cells past column XFD, the last a sheet can have")
    }
    let reference = CellReference(column: column, row: rowNumber)
    guard column > lastColumn else {
      throw location(of: reference).error(
        "the cell comes after cell \(CellReference(column: lastColumn, row: rowNumber)); "
          + "cells must be in ascending order")
    }
    lastColumn = column
    usedColumns = max(usedColumns, column)
    usedRows = rowNumber
    cell.reference = reference
    cell.hasFormula = false
    cell.hasValue = false
    cell.capturingValue = false
    cell.inInlineString = false
    cell.value.removeAll()
    cell.type = try cellType().rawValue
    (cell.format, cell.alignment) = try style()
  }

  @inline(__always)
  private func cellType() throws -> CellType {
    guard let text = tokenizer.attribute("t") else { return .number }
    switch String(decoding: text, as: UTF8.self) {
    case "n": return .number
    case "s": return .shared
    case "inlineStr": return .inline
    case "b": return .bool
    case "e": return .error
    case "str": return .string
    case "d": return .date
    default:
      throw location(of: cell.reference).error(
        "unknown cell type t=\"\(XMLTokenizer.visible(text))\"")
    }
  }

  /// The number format and the alignment of the cell's style.
  @inline(__always)
  private func style() throws -> (NumberFormat, HorizontalAlignment) {
    guard let text = tokenizer.attribute("s") else { return (.general, .general) }
    guard let index = XMLTokenizer.integer(text), let format = styles.format(ofStyle: index) else {
      throw location(of: cell.reference).error(
        "the cell's style \(XMLTokenizer.visible(text)) does not exist; the workbook has "
          + "\(styles.formatOfStyle.count) cell styles")
    }
    return (format, styles.alignment(ofStyle: index))
  }

  package mutating func finishCell(row: inout SheetRow) throws {
    var format = cell.format
    let value = cell.hasValue ? try cellValue(format: &format) : .empty
    row.cells.append(
      SheetCell(
        reference: cell.reference, value: value, format: format,
        isFormulaWithoutValue: cell.hasFormula && !cell.hasValue, alignment: cell.alignment))
  }
}
