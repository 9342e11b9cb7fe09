// The libFuzzer entry point: one input is one CSV file. Its separator is detected as the import
// detects it (and must not depend on the read size); the reader reads it with that separator
// three ways (whole, a few bytes at a time, with a tiny field limit) and must agree with itself;
// every field goes through the number parser, checked against strtod; the CSV source, which cuts
// rows wider than the header, must agree with the reader; the file read as UTF-16 (after a
// byte-order mark) or Windows-1252, transcoded as it streams, must agree with its text
// transcoded whole and read as UTF-8 (EncodingCheck.swift); then the file is imported into an
// in-memory database, and its pages are shown as `dairy show` shows them (ShowCheck.swift);
// last, the file is read as a USDA report table, whatever its shape (ReportCheck.swift). A
// trap, a sanitizer report, a broken invariant (`require`) or an error that is not a located
// `DairyError` is a finding. Build and run with Scripts/fuzz. With DAIRY_FUZZ_MODE=workbook the
// same binary fuzzes the workbook reader instead (WorkbookFuzz.swift, Scripts/fuzz-workbook);
// with DAIRY_FUZZ_MODE=backup, the backup reader (BackupFuzz.swift, Scripts/fuzz-backup).
import Foundation

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The file every input is written to: the reader and the importer take paths. One per process,
/// so that `-jobs` and `-fork` runs do not share it.
let inputPath: String = {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("dairy-fuzz-\(getpid())")
  try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent("input.csv").path
}()

/// `DAIRY_FUZZ_MODE=workbook` fuzzes the workbook reader instead (WorkbookFuzz.swift).
let workbookMode = getenv("DAIRY_FUZZ_MODE").map { String(cString: $0) } == "workbook"

/// `DAIRY_FUZZ_MODE=backup` fuzzes the backup reader instead (BackupFuzz.swift).
let backupMode = getenv("DAIRY_FUZZ_MODE").map { String(cString: $0) } == "backup"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  if workbookMode {
    WorkbookFuzz.run(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
  if backupMode {
    BackupFuzz.run(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
  write(UnsafeBufferPointer(start: data, count: size), to: inputPath)
  let separator = SourceCheck.separator(inputPath, readSize: 2 + size % 5)
  let whole = ReaderCheck.read(inputPath, readSize: nil, separator: separator)
  // Read sizes of 2 to 8 bytes and more for longer inputs: boundaries fall everywhere.
  let chunked = ReaderCheck.read(
    inputPath, readSize: 2 + size % 7 + size / 16, separator: separator)
  require(whole == chunked, "the records depend on the read size:\n\(whole)\n\(chunked)")
  // A 16-byte field limit stops early, after the same records.
  let limited = ReaderCheck.read(inputPath, readSize: nil, separator: separator, maxFieldBytes: 16)
  require(
    limited.error == nil ? limited == whole : whole.records.starts(with: limited.records),
    "a field limit changes the records before it:\n\(whole)\n\(limited)")
  for record in whole.records {
    for index in record.cells.indices { NumberCheck.check(record.field(index)) }
  }
  SourceCheck.run(inputPath, reader: whole, readSize: 2 + size % 7, separator: separator)
  EncodingCheck.run(
    inputPath, UnsafeBufferPointer(start: data, count: size), readSize: 2 + size % 3,
    separator: separator)
  ImportCheck.run(inputPath, reader: whole)
  ShowCheck.run(ImportCheck.database)
  ReportCheck.run(inputPath)
  return 0
}

/// `DAIRY_FUZZ_TRACE=1` prints what became of each input, to see what a corpus reaches.
let tracing = getenv("DAIRY_FUZZ_TRACE") != nil

func trace(_ message: @autoclosure () -> String) {
  if tracing { FileHandle.standardError.write(Data((message() + "\n").utf8)) }
}

/// Stops the run, so that libFuzzer saves the input, when an invariant does not hold.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  require(fd >= 0, "cannot create \(path)")
  defer { close(fd) }
  var done = 0
  while done < bytes.count {
    let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
    require(count > 0, "cannot write \(path)")
    done += count
  }
}
