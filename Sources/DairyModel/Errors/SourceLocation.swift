/// A place in a source file: a line and column of a text file, or a cell of a workbook's sheet.
///
/// Columns count characters (Unicode scalars), not bytes, so they match what an editor shows. The
/// file's and the sheet's names are shown escaped, as data is: a name holding a line break or an
/// escape sequence still prints as part of one safe line.
///
/// ```swift
/// let here = SourceLocation(file: "milk.csv", line: 3, column: 7)
/// print(here)  // milk.csv:3:7
/// let cell = SourceLocation(
///   file: "fluidmilk.xlsx", sheet: "fluidmilk", cell: CellReference(column: 2, row: 14))
/// print(cell)  // fluidmilk.xlsx: sheet 'fluidmilk', cell C14
/// ```
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as given on the command line.
  public var file: String
  /// The 1-based line (a sheet: the row), or nil when the problem concerns the whole file.
  public var line: Int?
  /// The 1-based column, or nil when the problem concerns a whole line.
  public var column: Int?
  /// The workbook sheet, or nil for a text file.
  public var sheet: String?
  /// The cell of `sheet`, or nil when the problem concerns the whole sheet or a row.
  package var cell: CellReference?

  public init(file: String, line: Int? = nil, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// A place in a workbook: a sheet, and a cell of it when there is one to point at.
  package init(file: String, sheet: String, cell: CellReference? = nil) {
    self.file = file
    self.sheet = sheet
    self.cell = cell
    self.line = cell?.row
  }

  public var description: String {
    if let sheet {
      var text = "\(TextEscaping.visible(file)): sheet '\(TextEscaping.visible(sheet))'"
      if let cell {
        text += ", cell \(cell)"
      } else if let line {
        text += ", row \(line)"
      }
      return text
    }
    var text = TextEscaping.visible(file)
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    return text
  }
}
