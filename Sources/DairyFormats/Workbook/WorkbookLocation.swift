import DairyModel

/// A place in a workbook, as errors and `inspect` name it: the file, then the sheet and cell, or
/// the part and a byte offset in it.
///
/// Names from the file (sheet names, part names) are escaped with ``TextEscaping/visible(_:)``,
/// so a control character in a sheet name cannot reach the terminal raw.
///
/// ```swift
/// let place = WorkbookLocation(
///   file: "fluidmilk.xlsx", sheet: "fluidmilk", cell: CellReference(column: 2, row: 14))
/// print(place)  // fluidmilk.xlsx: sheet 'fluidmilk', cell C14
/// ```
package struct WorkbookLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as the user named it.
  package var file: String
  /// The sheet's name, when the place is in a sheet.
  package var sheet: String?
  /// The ZIP entry (part) the place is in, when it is not a sheet's cell.
  package var part: String?
  /// The cell.
  package var cell: CellReference?
  /// The row, when the place is a whole row.
  package var row: Int?
  /// The offset of the byte in the part's inflated XML, for malformed XML.
  package var byteOffset: Int?

  package init(
    file: String, sheet: String? = nil, part: String? = nil, cell: CellReference? = nil,
    row: Int? = nil, byteOffset: Int? = nil
  ) {
    self.file = file
    self.sheet = sheet
    self.part = part
    self.cell = cell
    self.row = row
    self.byteOffset = byteOffset
  }

  package var description: String {
    var places: [String] = []
    if let sheet { places.append("sheet '\(TextEscaping.visible(sheet))'") }
    if let cell {
      places.append("cell \(cell)")
    } else if let row {
      places.append("row \(row)")
    } else if let part {
      let name = TextEscaping.visible(part)
      places.append(byteOffset.map { "\(name), byte \($0)" } ?? name)
    }
    if places.isEmpty { return file }
    return file + ": " + places.joined(separator: ", ")
  }

  /// The same place as a ``SourceLocation``, whose file is this whole description: a
  /// ``DairyError`` at it prints `fluidmilk.xlsx: sheet 'fluidmilk', cell C14: error: …`.
  package var sourceLocation: SourceLocation { SourceLocation(file: description) }

  /// An input error (exit 65) at this place.
  package func error(_ message: String) -> DairyError {
    DairyError(.input, at: sourceLocation, message)
  }

  /// This place narrowed to a cell of the same sheet.
  package func at(_ cell: CellReference) -> WorkbookLocation {
    var place = self
    place.cell = cell
    return place
  }
}
