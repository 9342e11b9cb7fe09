import DairyFormats
import DairyModel
import Foundation

/// An Excel workbook (`.xlsx`) as a source: one table per sheet that holds a data block.
///
/// The workbook is recognised by its content: any ZIP archive, or an Excel 97–2003 or encrypted
/// file, is opened by ``Workbook``, which reads an `.xlsx` and refuses the rest saying how to
/// convert them. The sheets read are the options' ``ImportOptions/sheets`` (a name the workbook
/// lacks is a usage error listing its sheets), or else every visible worksheet. A sheet holds a
/// data block when a cell holds a number (not a date), stored or as text; the others (a
/// contents page) are skipped, and so are hidden sheets not picked by name, each with a warning.
/// Each table's dataset is the file's stem plus the sheet's
/// ``WorkbookSheet/datasetSuffixes(_:)`` (nothing for a workbook of one worksheet).
///
/// Rows come as ``TableRow/fill(from:merges:date1904:width:formulas:)`` makes them: typed cells,
/// number formats' decimals, dates as ISO text, merged ranges; rows without a value are left
/// out, as a CSV file's blank lines are.
///
/// ```swift
/// let source = try XLSXSource(path: "milkcowsandprod.xlsx")
/// while let table = try source.nextTable() {
///   print(table.datasetSuffix ?? "")  // .milk-cows, .milk-per-cow, .milk-production
/// }
/// print(source.warnings)  // ["milkcowsandprod.xlsx: sheet 'Contents': skipped: no data …"]
/// ```
package final class XLSXSource: TableSource {
  /// A ZIP archive or an OLE2 compound file, by its first bytes: the workbook reader reads the
  /// one and refuses the other (and ZIP archives that are not `.xlsx`) with a clear message.
  package static func recognises(path: String, head: [UInt8]) -> Bool {
    SpreadsheetFileKind.startsAsWorkbook(head)
  }

  package let workbook: Workbook
  /// The sheets to read, in tab order, and what each adds to the dataset's name.
  private var sheets: [(sheet: WorkbookSheet, suffix: String?)] = []
  private var fileSize = 0
  private let path: String
  /// The file's SHA-256, computed on a thread of its own once the first sheet is parsed: its
  /// parsing has two threads already (one inflates), the readings after it one.
  private let digest: BackgroundDigest
  private var position = 0
  private var tables = 0
  private var reader: SheetReader?
  private var cursor = MergedRangeCursor([])
  /// The rows read while looking for the sheet's data block, given first (from
  /// `pendingIndex`); bounded by ``WorkbookLimits/maxRowsAboveData`` and
  /// ``WorkbookLimits/maxBytesAboveData``.
  private var pending: [SheetRow] = []
  private var pendingIndex = 0
  private var sheetRow = SheetRow()
  /// The first row's width, for a plain table's rows.
  private var width: Int?
  private var ragged = false
  private var lastReading = false
  private var skipped: [String] = []
  private var formulas: [SourceLocation] = []
  private var pendingFormulas: [CellReference] = []

  package init(path: String, options: ImportOptions) throws {
    self.path = path
    workbook = try Workbook.open(path: path)
    digest = BackgroundDigest()
    fileSize = workbook.archive.fileSize
    let suffixes = WorkbookSheet.datasetSuffixes(workbook.sheets)
    var chosen: [(WorkbookSheet, String?)] = []
    if options.sheets.isEmpty {
      for sheet in workbook.sheets where sheet.kind == .worksheet {
        if sheet.state == .visible {
          chosen.append((sheet, suffixes[sheet.index]))
        } else {
          skipped.append(warning(sheet, "skipped: the sheet is hidden (--sheet reads it)"))
        }
      }
    } else {
      for name in options.sheets {
        let sheet = try pick(name)
        if !chosen.contains(where: { $0.0 == sheet }) {
          chosen.append((sheet, suffixes[sheet.index]))
        }
      }
    }
    sheets = chosen
  }

  /// A source of the same workbook before the sheet `other` is reading (or, before any, its
  /// first), sharing its parts, its sheet's rows and the file it opened: the sheets before it
  /// are not opened again.
  private init(sharing other: XLSXSource) {
    path = other.path
    workbook = other.workbook
    digest = other.digest
    fileSize = other.fileSize
    sheets = other.sheets
    skipped = other.skipped
    position = max(0, other.position - 1)
    tables = max(0, other.tables - 1)
  }

  package func reopened(path: String, options: ImportOptions) throws -> any TableSource {
    XLSXSource(sharing: self)
  }

  /// The sheet `name` names, or a usage error listing the workbook's sheets.
  private func pick(_ name: String) throws -> WorkbookSheet {
    let names = workbook.sheets.map { "'\(TextEscaping.visible($0.name))'" }
    guard let sheet = workbook.sheet(named: name) else {
      throw DairyError(
        .usage, at: SourceLocation(file: path),
        "no sheet '\(TextEscaping.visible(name))'; its sheets are "
          + names.joined(separator: ", "))
    }
    guard sheet.kind == .worksheet else {
      throw DairyError(
        .usage, at: SourceLocation(file: path, sheet: sheet.name),
        "is a chart sheet, which holds no cells; its sheets are " + names.joined(separator: ", "))
    }
    return sheet
  }

  package var displayName: String { path }
  package var bytesRead: Int {
    sheets.isEmpty ? fileSize : fileSize * min(position, sheets.count) / sheets.count
  }
  package var sha256: String {
    digest.hashFileOnce(at: path)
    return digest.hexDigest
  }

  package var warnings: [String] {
    var all = skipped
    let shown = formulas.prefix(20)
    all += shown.map {
      "\($0): the formula has no cached value (the workbook was saved without calculating "
        + "it); it reads as an empty cell"
    }
    if formulas.count > shown.count {
      all.append("\(path): \(formulas.count - shown.count) more formulas have no cached value")
    }
    return all
  }

  package func nextTable() throws -> SourceTable? {
    while position < sheets.count {
      let (sheet, suffix) = sheets[position]
      position += 1
      if try startSheet(sheet) {
        tables += 1
        return SourceTable(
          index: tables - 1, datasetSuffix: suffix,
          location: SourceLocation(file: path, sheet: sheet.name))
      }
      skipped.append(warning(sheet, "skipped: no data block (no cell holds a number)"))
    }
    reader = nil
    let hidden = workbook.sheets.filter { $0.kind == .worksheet && $0.state != .visible }
    if tables == 0, sheets.isEmpty, let first = hidden.first {
      throw DairyError(
        .input, at: SourceLocation(file: path),
        "no sheet to read: every worksheet is hidden ("
          + hidden.map { "'\(TextEscaping.visible($0.name))'" }.joined(separator: ", ")
          + "); read one by naming it: --sheet '\(TextEscaping.visible(first.name))'")
    }
    if tables == 0 {
      throw DairyError(
        .input, at: SourceLocation(file: path),
        "no sheet holds a data block (a cell with a number); sheets read: "
          + sheets.map { "'\(TextEscaping.visible($0.sheet.name))'" }.joined(separator: ", "))
    }
    return nil
  }

  /// Opens `sheet` and reads its rows up to the first that holds a number, kept for
  /// ``nextRow(into:)``; false when there is none.
  ///
  /// The rows above it are kept within ``WorkbookLimits/maxRowsAboveData`` rows and
  /// ``WorkbookLimits/maxBytesAboveData`` bytes; past either the sheet is still read to tell
  /// whether it holds a number, keeping nothing, and refused at the cell where the limit was
  /// passed if it does (else skipped as a sheet without data). Rows without a value (nor a
  /// formula that lacks one) give nothing, and are not kept.
  private func startSheet(_ sheet: WorkbookSheet) throws -> Bool {
    let reader = try workbook.reader(forSheet: sheet, lastReading: lastReading)
    digest.hashFileOnce(at: path)
    self.reader = reader
    cursor = MergedRangeCursor(reader.mergedRanges, clippedTo: reader.usedArea)
    pending.removeAll()
    pendingIndex = 0
    width = nil
    let numbers = NumberParser()
    let limits = workbook.limits
    var bytes = 0
    var passed: DairyError?
    while try reader.next(into: &sheetRow) {
      if sheetRow.cells.contains(where: { Self.holdsNumber($0, numbers) }) {
        if let passed { throw passed }
        pending.append(sheetRow)
        return true
      }
      guard passed == nil,
        let first = sheetRow.cells.first(where: { $0.value != .empty || $0.isFormulaWithoutValue })
      else { continue }
      if pending.count == limits.maxRowsAboveData {
        passed = DairyError(
          .input, at: location(sheet.name, first.reference),
          "more than \(limits.maxRowsAboveData) rows above the sheet's first number, the "
            + "limit for a sheet's header")
      }
      for cell in sheetRow.cells where passed == nil {
        bytes += WorkbookLimits.cellBytesAboveData + Self.textBytes(cell)
        if bytes > limits.maxBytesAboveData {
          passed = DairyError(
            .input, at: location(sheet.name, cell.reference),
            "more than \(ZipArchive.byteCount(limits.maxBytesAboveData)) of cells above the "
              + "sheet's first number, the limit for a sheet's header")
        }
      }
      if passed == nil {
        pending.append(sheetRow)
      } else {
        pending = []
      }
    }
    pending = []
    return false
  }

  private static func textBytes(_ cell: SheetCell) -> Int {
    switch cell.value {
    case .string(let text), .error(let text): text.utf8.count
    case .number, .bool, .empty: 0
    }
  }

  private static func holdsNumber(_ cell: SheetCell, _ numbers: NumberParser) -> Bool {
    switch cell.value {
    case .number: return !cell.format.isDate
    case .string(let text):
      if case .value = numbers.amount(Array(text.utf8)) { return true }
      return false
    case .bool, .error, .empty: return false
    }
  }

  package func nextRow(into row: inout TableRow) throws -> Bool {
    guard let reader else { return false }
    while true {
      if pendingIndex < pending.count {
        sheetRow = pending[pendingIndex]
        pendingIndex += 1
        if pendingIndex == pending.count { pending = [] }
      } else if try !reader.next(into: &sheetRow) {
        return false
      }
      pendingFormulas.removeAll(keepingCapacity: true)
      let filled = row.fill(
        from: sheetRow, merges: cursor.move(to: sheetRow.number), date1904: workbook.date1904,
        width: ragged ? 0 : (width ?? 0), formulas: &pendingFormulas)
      for cell in pendingFormulas { formulas.append(location(reader.sheet.name, cell)) }
      guard filled else { continue }
      if ragged { return true }
      guard let width else {
        width = row.count
        return true
      }
      if row.count > width, let past = (width..<row.count).first(where: { !row.isEmpty(at: $0) }) {
        row.defect = DairyError.importFailed(
          location(of: row.cells[past]),
          "this row has a value past the header's last column, "
            + CellReference.columnName(width - 1))
      }
      return true
    }
  }

  package func readRaggedRows() { ragged = true }
  package func readRowsForTheLastTime() { lastReading = true }

  package func location(of cell: TableCell) -> SourceLocation {
    location(
      reader?.sheet.name ?? "", CellReference(column: cell.place.offset, row: cell.place.line))
  }

  package func location(of cell: TableCell, byte: Int) -> SourceLocation {
    location(of: cell)
  }

  package func location(of row: TableRow) -> SourceLocation {
    var place = SourceLocation(file: path, sheet: reader?.sheet.name ?? "")
    place.line = row.line
    return place
  }

  private func location(_ sheet: String, _ cell: CellReference) -> SourceLocation {
    SourceLocation(file: path, sheet: sheet, cell: cell)
  }

  private func warning(_ sheet: WorkbookSheet, _ text: String) -> String {
    "\(SourceLocation(file: path, sheet: sheet.name)): \(text)"
  }
}
