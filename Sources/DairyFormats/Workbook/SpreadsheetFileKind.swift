import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file is by its content, whatever its name: an `.xlsx` workbook, another spreadsheet
/// format `dairy` refuses with a note on converting it, or something else.
package enum SpreadsheetFileKind: Hashable, Sendable {
  /// A ZIP archive holding `xl/workbook.xml`.
  case xlsx
  /// A ZIP archive holding `xl/workbook.bin`: Excel's binary workbook.
  case xlsb
  /// An OpenDocument spreadsheet (a ZIP archive whose `mimetype` says so).
  case ods
  /// An OLE2 compound file holding a `Workbook` or `Book` stream: Excel 97–2003 (BIFF8).
  case xls
  /// An OLE2 compound file holding `EncryptionInfo`: an encrypted (password-protected) workbook.
  case encrypted
  /// Another ZIP archive (or one not looked into yet).
  case zip
  /// Anything else: a CSV file, text, another binary format.
  case other

  /// Whether ``Workbook/open(path:displayName:limits:)`` takes the file, to read it or to
  /// refuse it saying what it is: any ZIP archive (never a CSV file), and Excel's OLE2 files.
  package var isWorkbook: Bool { self != .other }

  /// The first bytes of a ZIP archive: a local file header, or an empty archive's directory end.
  package static let zipSignatures: [[UInt8]] = [
    [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06],
  ]
  /// The first bytes of an OLE2 compound file (Excel 97–2003, an encrypted workbook).
  package static let ole2Signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

  /// Whether `head`, a file's first bytes, begins as a ZIP archive or an OLE2 file: what a
  /// workbook (or a spreadsheet `dairy` refuses by name) would be.
  package static func startsAsWorkbook(_ head: some Collection<UInt8>) -> Bool {
    zipSignatures.contains { head.starts(with: $0) } || head.starts(with: ole2Signature)
  }

  /// The kind of the file at `path` by its first bytes: `.zip` (whatever it holds), `.xls`,
  /// `.encrypted` or `.other`; `.other` when it cannot be read.
  package static func of(path: String) -> SpreadsheetFileKind {
    (try? magic(ofFileAt: path, WorkbookLocation(file: path))) ?? .other
  }

  /// The kind by the first bytes: `.zip`, `.xls`, `.encrypted` or `.other`.
  package static func magic(ofFileAt path: String, _ place: WorkbookLocation) throws
    -> SpreadsheetFileKind
  {
    let fd = try ZipArchive.openFile(path, place)
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: 512)
    let count = header.withUnsafeMutableBytes { ZipArchive.readFully(fd, into: $0, at: 0) }
    let read = header.prefix(max(count, 0))
    if zipSignatures.contains(where: { read.starts(with: $0) }) { return .zip }
    guard count == 512, read.starts(with: ole2Signature) else { return .other }
    return compoundFileKind(fd: fd, header: header)
  }

  /// `.encrypted` or `.xls` by the stream names in the first directory sector of an OLE2 file,
  /// where Office puts them; `.other` for another compound file (a `.doc`, say).
  private static func compoundFileKind(fd: Int32, header: [UInt8]) -> SpreadsheetFileKind {
    let shift = Int(header.u16(0x1E))
    guard shift == 9 || shift == 12 else { return .other }
    let size = 1 << shift
    let sector = Int(header.u32(0x30))
    var directory = [UInt8](repeating: 0, count: size)
    let count = directory.withUnsafeMutableBytes {
      ZipArchive.readFully(fd, into: $0, at: (sector + 1) * size)
    }
    guard sector < 0xFFFF_FFFA, count == size else { return .other }
    var names: Set<String> = []
    for entry in stride(from: 0, to: size, by: 128) {
      let length = min(Int(directory.u16(entry + 0x40)), 64)
      let units = stride(from: entry, to: entry + max(0, length - 2), by: 2).map {
        UInt16(directory[$0]) | UInt16(directory[$0 + 1]) << 8
      }
      names.insert(String(decoding: units, as: UTF16.self))
    }
    if names.contains("EncryptionInfo") || names.contains("EncryptedPackage") { return .encrypted }
    if names.contains("Workbook") || names.contains("Book") { return .xls }
    return .other
  }

  /// The kind of a ZIP archive by its entries: `.xlsx`, `.xlsb`, `.ods` or `.zip`.
  package init(archive: ZipArchive, limits: WorkbookLimits) throws {
    if archive.entry(named: "xl/workbook.xml") != nil {
      self = .xlsx
    } else if archive.entry(named: "xl/workbook.bin") != nil {
      self = .xlsb
    } else if let entry = archive.entry(named: "mimetype"),
      let bytes = try? archive.bytes(
        of: entry, maxBytes: 256, limits: limits, at: WorkbookLocation(file: archive.displayName)),
      bytes.starts(with: "application/vnd.oasis.opendocument.spreadsheet".utf8)
    {
      self = .ods
    } else {
      self = .zip
    }
  }

  /// The error that refuses a file of this kind (for anything but `.xlsx`).
  package func refusal(_ place: WorkbookLocation) -> DairyError {
    let convert =
      "or convert it with: libreoffice --headless --convert-to xlsx "
      + TextEscaping.visible(
        "'"
          + place.file.split(separator: "'", omittingEmptySubsequences: false)
          .joined(separator: #"'\''"#) + "'")
    return switch self {
    case .xls:
      place.error(
        "is a legacy Excel 97-2003 workbook (.xls), which dairy does not read; save it as "
          + ".xlsx in Excel, \(convert)")
    case .encrypted:
      place.error(
        "is an encrypted (password-protected) workbook, which dairy cannot read; open it in "
          + "Excel, remove the password and save it as .xlsx")
    case .xlsb:
      place.error(
        "is an Excel binary workbook (.xlsb), which dairy does not read; save it as .xlsx in "
          + "Excel, \(convert)")
    case .ods:
      place.error(
        "is an OpenDocument spreadsheet (.ods), which dairy does not read; save it as .xlsx, "
          + convert)
    case .zip, .xlsx:
      place.error("is a ZIP archive but not an .xlsx workbook (it holds no xl/workbook.xml)")
    case .other:
      place.error("is not an .xlsx workbook (it is not a ZIP archive)")
    }
  }
}
