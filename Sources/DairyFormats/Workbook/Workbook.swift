import DairyModel

/// An Excel workbook (`.xlsx`, Office Open XML) opened for reading: its sheets in tab order,
/// and a streaming reader for each.
///
/// Opening reads the ZIP directory, the workbook part (sheet names, order, the date system),
/// the relationships, the styles (number formats) and the shared strings; sheets are read when
/// asked for. Everything is checked against ``WorkbookLimits``; a bad or hostile file is refused
/// with one line naming the file and the part, sheet or cell (kind `.input`, exit 65). Legacy
/// `.xls`, `.xlsb`, `.ods` and encrypted workbooks are refused with a note on how to convert
/// them.
///
/// ```swift
/// let workbook = try Workbook.open(path: "milkcowsandprod.xlsx")
/// for sheet in workbook.sheets where sheet.kind == .worksheet {
///   let reader = try workbook.reader(forSheet: sheet)
///   var row = SheetRow()
///   while try reader.next(into: &row) { print(sheet.name, row.number, row.cells.count) }
/// }
/// ```
package final class Workbook {
  /// The file, as the user named it (used in every location).
  package let displayName: String
  /// The sheets, in the workbook's tab order.
  package let sheets: [WorkbookSheet]
  /// Whether serial dates count from 1904 (see ``ExcelDate``).
  package let date1904: Bool
  /// The limits the workbook is read within.
  package let limits: WorkbookLimits

  package let archive: ZipArchive
  package let strings: [String]
  package let styles: StyleSheet
  /// What was found of each sheet part read so far, whose XML has been checked whole: a later
  /// reader of a sheet too large to record streams it at once.
  var checkedSheets: [String: CheckedSheet] = [:]
  /// The rows of the sheet read last, which its readers replay. One sheet's only: sheets are
  /// read in turn.
  var recording: SheetRecording?

  package init(
    displayName: String, sheets: [WorkbookSheet], date1904: Bool, limits: WorkbookLimits,
    archive: ZipArchive, strings: [String], styles: StyleSheet
  ) {
    self.displayName = displayName
    self.sheets = sheets
    self.date1904 = date1904
    self.limits = limits
    self.archive = archive
    self.strings = strings
    self.styles = styles
  }

  /// Opens the workbook at `path`.
  ///
  /// - Parameters:
  ///   - displayName: the name errors give the file (default: `path`).
  ///   - limits: the bounds it must keep.
  /// - Throws: ``DairyError`` (kind `.input`) when the file is missing, not an `.xlsx`
  ///   workbook, corrupt, or past a limit.
  package static func open(
    path: String, displayName: String? = nil, limits: WorkbookLimits = .standard
  ) throws -> Workbook {
    let name = displayName ?? path
    let place = WorkbookLocation(file: name)
    let kind = try SpreadsheetFileKind.magic(ofFileAt: path, place)
    guard kind == .zip else { throw kind.refusal(place) }
    let archive = try ZipArchive(path: path, displayName: name, limits: limits)
    let zipKind = try SpreadsheetFileKind(archive: archive, limits: limits)
    guard zipKind == .xlsx else { throw zipKind.refusal(place) }
    return try WorkbookLoader(archive: archive, limits: limits).load()
  }

  /// Whether the file at `path` is for this reader by its content, whatever its name: a ZIP
  /// archive (an `.xlsx`, or an `.xlsb`, `.ods` or other archive, never a CSV file) or an Excel
  /// 97–2003 or encrypted workbook. ``open(path:displayName:limits:)`` reads the `.xlsx` and
  /// refuses the rest saying what they are and how to convert them. False for anything else
  /// (a CSV file), and for a file that cannot be read.
  ///
  /// ```swift
  /// if Workbook.looksLikeWorkbook(path: file) {
  ///   let workbook = try Workbook.open(path: file)
  /// }
  /// ```
  package static func looksLikeWorkbook(path: String) -> Bool {
    SpreadsheetFileKind.of(path: path).isWorkbook
  }

  /// The sheet named `name`, ignoring case as Excel does.
  package func sheet(named name: String) -> WorkbookSheet? {
    let key = name.lowercased()
    return sheets.first { $0.name.lowercased() == key }
  }

  /// The bytes of `entry`: a small part inflated whole, a large one as it is read.
  package func partSource(_ entry: ZipArchive.Entry, _ place: WorkbookLocation) throws
    -> PartSource
  {
    try archive.source(of: entry, maxBytes: limits.maxPartBytes, limits: limits, at: place)
  }
}
